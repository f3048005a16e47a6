import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '@tca/service-kit';
import { recordWebhookEvent } from '../../domain/record-webhook-event.js';
import type { Stripe } from '../../domain/stripe-client.js';
import type { PaymentsDeps, PaymentsServices } from './api-deps.js';

/** Where Stripe delivers events; `/stripe/webhook` is the old site's path, kept as an alias. */
export const WEBHOOK_PATHS = ['/webhooks/stripe', '/stripe/webhook'];
const WEBHOOK_BODY_LIMIT = '512kb';

export const INVALID_SIGNATURE_MESSAGE = 'The Stripe-Signature header is missing, does not match the body, or is too old.';

/** How a delivery was answered: the `outcome` of tca_webhook_deliveries_total. */
export type WebhookOutcome = 'accepted' | 'duplicate' | 'ignored' | 'bad_signature' | 'invalid' | 'error';

/**
 * Counts each delivery once its answer is sent: the outcome the handler set, else one read from the status
 * (a body over the limit or unreadable: invalid; a failure: error).
 */
function countDeliveries(deps: PaymentsDeps): RequestHandler {
  return (_req, res, next) => {
    res.once('finish', () => {
      const outcome = (res.locals.webhookOutcome as WebhookOutcome | undefined) ?? (res.statusCode >= 500 ? 'error' : 'invalid');
      deps.metrics.webhookDelivery(outcome);
    });
    next();
  };
}

/**
 * POST /webhooks/stripe, mounted before the JSON parser: the signature is computed over the raw bytes.
 * Forged, stale (older than Stripe's 300 s tolerance) or unsigned deliveries are answered 400 and stored
 * nowhere. Verified Checkout Session events are stored once and handed to the payments worker; the 200
 * tells Stripe it need not deliver again. Other event types are acknowledged and ignored.
 */
export function mountWebhook(app: Express, deps: PaymentsDeps, services: PaymentsServices): void {
  const { config, pool, relay, logger } = deps;
  const { stripe } = services;
  const raw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });

  app.post(WEBHOOK_PATHS, countDeliveries(deps), raw, async (req: Request, res: Response) => {
    const outcome = (value: WebhookOutcome) => {
      res.locals.webhookOutcome = value;
    };
    const signature = req.headers['stripe-signature'];
    const body: unknown = req.body;
    if (typeof signature !== 'string' || signature.length === 0 || !Buffer.isBuffer(body) || body.length === 0) {
      outcome('bad_signature');
      throw new AppError(400, 'invalid_signature', INVALID_SIGNATURE_MESSAGE);
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(body, signature, config.STRIPE_WEBHOOK_SECRET);
    } catch (err) {
      req.log.warn({ err }, 'webhook refused: bad signature');
      outcome('bad_signature');
      throw new AppError(400, 'invalid_signature', INVALID_SIGNATURE_MESSAGE);
    }
    const recorded = await recordWebhookEvent({ pool, relay, logger }, event);
    if (!recorded.handled) {
      if (recorded.reason !== 'other_type') req.log.warn({ eventId: event.id, type: event.type, reason: recorded.reason }, 'webhook event without its checkout session or payment intent; ignored');
      // Another event type is acknowledged and ignored; one of ours without its session or payment intent is invalid.
      outcome(recorded.reason === 'other_type' ? 'ignored' : 'invalid');
      res.json({ received: true, handled: false });
      return;
    }
    outcome(recorded.duplicate ? 'duplicate' : 'accepted');
    res.json({ received: true, handled: true, duplicate: recorded.duplicate });
  });
}
