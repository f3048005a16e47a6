import {
  PAYMENT_EVENT_TYPES,
  paymentFulfilmentJobSchema,
  paymentRefundJobSchema,
  QUEUES,
  REFUND_EVENT_TYPES,
  type PaymentEventType,
  type PaymentFulfilmentJob,
  type PaymentRefundJob,
  type RefundEventType,
} from '@tca/contracts';
import { addToOutbox, AppError, withTransaction, type Logger, type OutboxRelay, type Pool } from '@tca/service-kit';
import { z } from 'zod';
import { insertStripeEvent } from '../data-access/stripe-event-repository.js';
import type { Stripe } from './stripe-client.js';

export interface RecordWebhookEventDeps {
  pool: Pool;
  /** Nudged after a new event's job is in the outbox. */
  relay: OutboxRelay;
  logger: Logger;
}

export type RecordedWebhookEvent =
  /** Acknowledged, nothing stored: a type this service does not act on, or one without its Checkout Session (or PaymentIntent). */
  | { handled: false; reason: 'other_type' | 'no_checkout_session' | 'no_payment_intent' }
  /** `duplicate`: an earlier delivery of this event was stored already, and nothing changed. */
  | { handled: true; duplicate: boolean };

export const INVALID_EVENT_MESSAGE = 'The delivery is signed, but it is not a Stripe event this service can read.';

/** 9999-12-31T23:59:59Z: the latest `created` PostgreSQL's to_timestamp stores. */
const LATEST_UNIX_SECONDS = 253_402_300_799;

/** The envelope every Stripe event has and this service reads: type, id, created, data.object. */
const eventEnvelopeSchema = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number().int().min(0).max(LATEST_UNIX_SECONDS),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Stripe's events nest a few levels; PostgreSQL's jsonb (and a recursive reader) give up long before 10,000. */
const MAX_EVENT_DEPTH = 64;

/** Whether `value` nests objects and arrays deeper than `limit` (walked without recursion). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.item === null || typeof next.item !== 'object') continue;
    if (next.depth >= limit) return true;
    for (const inner of Object.values(next.item)) stack.push({ item: inner, depth: next.depth + 1 });
  }
  return false;
}

function isPaymentEvent(type: string): type is PaymentEventType {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);
}

function isRefundEvent(type: string): type is RefundEventType {
  return (REFUND_EVENT_TYPES as readonly string[]).includes(type);
}

/** The refund a charge.refunded event's charge lists first (Stripe lists the newest first), if it lists any. */
function newestRefundOf(charge: Record<string, unknown>): unknown {
  const refunds = charge.refunds;
  if (typeof refunds !== 'object' || refunds === null || !('data' in refunds) || !Array.isArray(refunds.data)) return null;
  const first: unknown = refunds.data[0];
  return typeof first === 'object' && first !== null && 'id' in first ? first.id : null;
}

/** The job of a refund event: its PaymentIntent and refund (charge.refunded carries a charge, refund.updated the refund). */
function refundJobOf(event: Stripe.Event, type: RefundEventType): PaymentRefundJob | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  const expected = type === 'charge.refunded' ? 'charge' : 'refund';
  if (object.object !== expected) return undefined;
  const refundId = type === 'charge.refunded' ? newestRefundOf(object) : object.id;
  const parsed = paymentRefundJobSchema.safeParse({ eventId: event.id, type, paymentIntentId: object.payment_intent, refundId: refundId ?? null });
  return parsed.success ? parsed.data : undefined;
}

/** What a handled event becomes: the worker's job, and the ids `stripe_events` keeps. */
type EventWork = { job: PaymentFulfilmentJob | PaymentRefundJob; sessionId: string | null; objectId: string };

function workOf(event: Stripe.Event): EventWork | Extract<RecordedWebhookEvent, { handled: false }> {
  if (isRefundEvent(event.type)) {
    const job = refundJobOf(event, event.type);
    if (!job) return { handled: false, reason: 'no_payment_intent' };
    return { job, sessionId: null, objectId: (event.data.object as { id: string }).id };
  }
  if (!isPaymentEvent(event.type)) return { handled: false, reason: 'other_type' };
  const object = event.data.object as { id?: unknown; object?: unknown };
  const parsed = paymentFulfilmentJobSchema.safeParse({ eventId: event.id, type: event.type, sessionId: object.id });
  if (!parsed.success || object.object !== 'checkout.session') return { handled: false, reason: 'no_checkout_session' };
  return { job: parsed.data, sessionId: parsed.data.sessionId, objectId: parsed.data.sessionId };
}

/**
 * A verified Stripe event. A Checkout Session event, or a refund's (charge.refunded, refund.updated: issue
 * 15), is stored once (its id is the primary key) and, in the same transaction, its job goes into the outbox (job id `stripe-<event id>`) for the payments
 * worker. A second delivery of the same event stores nothing. A signed body without an event's envelope
 * (not an object, no `data.object`, `created` not a time, nested deeper than any event) is a 400 `invalid_event`: the signature proves who
 * sent it, not that it is well formed.
 */
export async function recordWebhookEvent(deps: RecordWebhookEventDeps, event: Stripe.Event): Promise<RecordedWebhookEvent> {
  if (!eventEnvelopeSchema.safeParse(event).success || nestsDeeperThan(event, MAX_EVENT_DEPTH)) throw new AppError(400, 'invalid_event', INVALID_EVENT_MESSAGE);
  const work = workOf(event);
  if (!('job' in work)) return work;
  const { job, sessionId, objectId } = work;
  const stored = await withTransaction(deps.pool, async (client) => {
    const inserted = await insertStripeEvent(client, { id: event.id, type: event.type, sessionId, objectId, created: event.created, payload: event });
    if (!inserted) return false;
    await addToOutbox(client, { queue: QUEUES.paymentFulfilment, name: event.type, jobId: `stripe-${event.id}`, payload: job });
    return true;
  });
  if (stored) deps.relay.nudge();
  deps.logger.info({ eventId: event.id, type: event.type, objectId, duplicate: !stored }, stored ? 'webhook event stored' : 'webhook event already stored');
  return { handled: true, duplicate: !stored };
}
