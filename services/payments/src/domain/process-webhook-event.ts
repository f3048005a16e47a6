import type { PaymentFulfilmentJob, PaymentRefundJob } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import type { Order } from '../data-access/order-repository.js';
import { markEventProcessed } from '../data-access/stripe-event-repository.js';
import type { FulfilOutcome, Fulfilment, FulfilReason } from './fulfil-checkout.js';
import type { RefundOutcome } from './refunds.js';

const REASONS: Record<PaymentFulfilmentJob['type'], FulfilReason> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'async_payment_succeeded',
  'checkout.session.async_payment_failed': 'async_payment_failed',
  'checkout.session.expired': 'expired',
};

export interface ProcessWebhookEventDeps {
  pool: Pool;
  fulfilment: Fulfilment;
  /** Settles the order of a refund event (settleRefund with its deps). */
  settleRefund(job: PaymentRefundJob): Promise<{ outcome: RefundOutcome; order?: Order }>;
}

/** A `payment-fulfilment` job: a Checkout Session's event or a refund's. */
export type PaymentEventJob = PaymentFulfilmentJob | PaymentRefundJob;

export interface ProcessedEvent {
  outcome: FulfilOutcome | RefundOutcome;
  order?: Order;
}

/**
 * A stored webhook event, as the payments worker takes it from the queue: the one idempotent fulfil of its
 * session, or settling of its refund (neither trusts the event's copy), then the event noted as processed.
 * Throws TransientFulfilmentError and PermanentFulfilmentError.
 */
export async function processWebhookEvent(deps: ProcessWebhookEventDeps, job: PaymentEventJob): Promise<ProcessedEvent> {
  const result = 'sessionId' in job ? await deps.fulfilment.fulfil(job.sessionId, REASONS[job.type]) : await deps.settleRefund(job);
  await markEventProcessed(deps.pool, job.eventId);
  return result;
}
