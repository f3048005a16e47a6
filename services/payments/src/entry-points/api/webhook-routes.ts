import express, { type Express, type Request, type Response } from 'express';
import { PAYMENT_EVENT_TYPES, paymentFulfilmentJobSchema, QUEUES, type PaymentEventType, type PaymentFulfilmentJob } from '@tca/contracts';
import { addToOutbox, AppError, withTransaction, type Pool } from '@tca/service-kit';
import type { PaymentsDeps } from './api-deps.js';
import { createStripeClient, type Stripe } from '../../domain/stripe-client.js';

/** Where Stripe delivers events; `/stripe/webhook` is the old site's path, kept as an alias. */
export const WEBHOOK_PATHS = ['/webhooks/stripe', '/stripe/webhook'];
const WEBHOOK_BODY_LIMIT = '512kb';

export const INVALID_SIGNATURE_MESSAGE = 'The Stripe-Signature header is missing, does not match the body, or is too old.';

function isPaymentEvent(type: string): type is PaymentEventType {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * Stores a verified event once (its id is the primary key) and, in the same transaction, the fulfilment
 * job for it in the outbox (job id `stripe-<event id>`). A second delivery of the same event stores nothing.
 */
export async function storeEvent(pool: Pool, event: Stripe.Event, job: PaymentFulfilmentJob): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const inserted = await client.query(
      `INSERT INTO stripe_events (id, type, session_id, stripe_created_at, payload) VALUES ($1, $2, $3, to_timestamp($4), $5::jsonb) ON CONFLICT (id) DO NOTHING`,
      [event.id, event.type, job.sessionId, event.created, JSON.stringify(event)],
    );
    if (inserted.rowCount !== 1) return false;
    await addToOutbox(client, { queue: QUEUES.paymentFulfilment, name: event.type, jobId: `stripe-${event.id}`, payload: job });
    return true;
  });
}

/**
 * POST /webhooks/stripe, mounted before the JSON parser: the signature is computed over the raw bytes.
 * Forged, stale (older than Stripe's 300 s tolerance) or unsigned deliveries are answered 400 and stored
 * nowhere. Verified Checkout Session events are stored once and handed to the payments worker; the 200
 * tells Stripe it need not deliver again. Other event types are acknowledged and ignored.
 */
export function mountWebhook(app: Express, deps: PaymentsDeps): void {
  const { config, pool, relay, logger } = deps;
  const stripe = createStripeClient(config);
  const raw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });

  app.post(WEBHOOK_PATHS, raw, async (req: Request, res: Response) => {
    const signature = req.headers['stripe-signature'];
    const body: unknown = req.body;
    if (typeof signature !== 'string' || signature.length === 0 || !Buffer.isBuffer(body) || body.length === 0) {
      throw new AppError(400, 'invalid_signature', INVALID_SIGNATURE_MESSAGE);
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(body, signature, config.STRIPE_WEBHOOK_SECRET);
    } catch (err) {
      req.log.warn({ err }, 'webhook refused: bad signature');
      throw new AppError(400, 'invalid_signature', INVALID_SIGNATURE_MESSAGE);
    }
    if (!isPaymentEvent(event.type)) {
      res.json({ received: true, handled: false });
      return;
    }
    const object = event.data.object as { id?: unknown; object?: unknown };
    const job = paymentFulfilmentJobSchema.safeParse({ eventId: event.id, type: event.type, sessionId: object.id });
    if (!job.success || object.object !== 'checkout.session') {
      req.log.warn({ eventId: event.id, type: event.type }, 'webhook event without a checkout session; ignored');
      res.json({ received: true, handled: false });
      return;
    }
    const stored = await storeEvent(pool, event, job.data);
    if (stored) relay.nudge();
    logger.info({ eventId: event.id, type: event.type, sessionId: job.data.sessionId, duplicate: !stored }, stored ? 'webhook event stored' : 'webhook event already stored');
    res.json({ received: true, handled: true, duplicate: !stored });
  });
}
