import type { PaymentFulfilmentJob } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import { markEventProcessed } from '../data-access/stripe-event-repository.js';
import type { Fulfilment, FulfilReason, FulfilResult } from './fulfil-checkout.js';

const REASONS: Record<PaymentFulfilmentJob['type'], FulfilReason> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'async_payment_succeeded',
  'checkout.session.async_payment_failed': 'async_payment_failed',
  'checkout.session.expired': 'expired',
};

export interface ProcessWebhookEventDeps {
  pool: Pool;
  fulfilment: Fulfilment;
}

/**
 * A stored webhook event, as the payments worker takes it from the queue: the one idempotent fulfil of its
 * session (which never trusts the event's copy), then the event noted as processed. Throws fulfil's
 * TransientFulfilmentError and PermanentFulfilmentError.
 */
export async function processWebhookEvent(deps: ProcessWebhookEventDeps, job: PaymentFulfilmentJob): Promise<FulfilResult> {
  const result = await deps.fulfilment.fulfil(job.sessionId, REASONS[job.type]);
  await markEventProcessed(deps.pool, job.eventId);
  return result;
}
