import { PAYMENT_EVENT_TYPES, paymentFulfilmentJobSchema, QUEUES, type PaymentEventType } from '@tca/contracts';
import { addToOutbox, withTransaction, type Logger, type OutboxRelay, type Pool } from '@tca/service-kit';
import { insertStripeEvent } from '../data-access/stripe-event-repository.js';
import type { Stripe } from './stripe-client.js';

export interface RecordWebhookEventDeps {
  pool: Pool;
  /** Nudged after a new event's job is in the outbox. */
  relay: OutboxRelay;
  logger: Logger;
}

export type RecordedWebhookEvent =
  /** Acknowledged, nothing stored: a type this service does not act on, or one without a Checkout Session. */
  | { handled: false; reason: 'other_type' | 'no_checkout_session' }
  /** `duplicate`: an earlier delivery of this event was stored already, and nothing changed. */
  | { handled: true; duplicate: boolean };

function isPaymentEvent(type: string): type is PaymentEventType {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * A verified Stripe event. A Checkout Session event is stored once (its id is the primary key) and, in the
 * same transaction, its fulfilment job goes into the outbox (job id `stripe-<event id>`) for the payments
 * worker. A second delivery of the same event stores nothing.
 */
export async function recordWebhookEvent(deps: RecordWebhookEventDeps, event: Stripe.Event): Promise<RecordedWebhookEvent> {
  if (!isPaymentEvent(event.type)) return { handled: false, reason: 'other_type' };
  const object = event.data.object as { id?: unknown; object?: unknown };
  const parsed = paymentFulfilmentJobSchema.safeParse({ eventId: event.id, type: event.type, sessionId: object.id });
  if (!parsed.success || object.object !== 'checkout.session') return { handled: false, reason: 'no_checkout_session' };
  const job = parsed.data;
  const stored = await withTransaction(deps.pool, async (client) => {
    const inserted = await insertStripeEvent(client, { id: event.id, type: event.type, sessionId: job.sessionId, created: event.created, payload: event });
    if (!inserted) return false;
    await addToOutbox(client, { queue: QUEUES.paymentFulfilment, name: event.type, jobId: `stripe-${event.id}`, payload: job });
    return true;
  });
  if (stored) deps.relay.nudge();
  deps.logger.info({ eventId: event.id, type: event.type, sessionId: job.sessionId, duplicate: !stored }, stored ? 'webhook event stored' : 'webhook event already stored');
  return { handled: true, duplicate: !stored };
}
