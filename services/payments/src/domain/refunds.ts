import {
  ORDER_ALREADY_REFUNDED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_NOT_PAID_MESSAGE,
  ORDER_REFERENCE_PATTERN,
  QUEUES,
  STRIPE_UNAVAILABLE_REFUND_MESSAGE,
  type PaymentRefundJob,
} from '@tca/contracts';
import { addToOutbox, AppError, NotFoundError, ServiceUnavailableError, withTransaction, type Logger, type OutboxRelay, type Pool, type PoolClient, type StaffActor } from '@tca/service-kit';
import { failedRefundCount, forgetFailedRefund, lockOrderByReference, markRefunded, recordRefundRequest, setPaymentIntent, type Order } from '../data-access/order-repository.js';
import { findOrderByPaymentIntent } from '../data-access/staff-order-repository.js';
import { paymentIntentOf, PermanentFulfilmentError, TransientFulfilmentError } from './fulfil-checkout.js';
import { IdentityCallError, type IdentityInternalClient } from './identity-internal-client.js';
import { formatAmount, refundEmail } from './receipt-email.js';
import { auditPayments } from './staff-orders.js';
import { isStripeError, isTransientStripeError, type Stripe } from './stripe-client.js';

/**
 * Full refunds (issue 15). A treasurer asks for one (refundOrder): Stripe's Refunds API is called once per
 * order (the order is locked meanwhile, and the idempotency key is the order's, so a double click or a retry
 * after a crash makes one refund), the refund kept and audited. Stripe then confirms it with charge.refunded
 * and refund.updated; the worker settles the order from either (settleRefund): the membership it bought is
 * cancelled in identity, the order becomes refunded and the member is e-mailed, each exactly once however
 * often and in whatever order the events come. A refund made in Stripe's dashboard settles the same way.
 */

/** The idempotency key of an order's refund: the same for every request about that order, a new one after a refund failed. */
export function refundIdempotencyKey(order: Pick<Order, 'reference'>, failedBefore = 0): string {
  return failedBefore === 0 ? `refund-${order.reference}` : `refund-${order.reference}-${failedBefore + 1}`;
}

export interface RefundDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
}

/** The order's PaymentIntent; for an order paid before it was kept, asked of Stripe and kept (with `client`, which holds the order's lock). */
async function paymentIntentFor(deps: RefundDeps, client: PoolClient, order: Order): Promise<string> {
  if (order.stripePaymentIntentId) return order.stripePaymentIntentId;
  if (!order.stripeSessionId) throw new AppError(409, 'not_paid', ORDER_NOT_PAID_MESSAGE);
  const intent = paymentIntentOf(await deps.stripe.checkout.sessions.retrieve(order.stripeSessionId));
  if (!intent) throw new AppError(409, 'not_paid', ORDER_NOT_PAID_MESSAGE);
  await setPaymentIntent(client, order.id, intent);
  return intent;
}

/** Stripe's refusals as the desk's answers: already refunded → 409; unreachable → 503; anything else → 502 with Stripe's message. */
function refundError(err: unknown): Error {
  if (err instanceof AppError) return err;
  if (isStripeError(err)) {
    if (err.code === 'charge_already_refunded') return new AppError(409, 'already_refunded', ORDER_ALREADY_REFUNDED_MESSAGE);
    if (isTransientStripeError(err)) return new ServiceUnavailableError(STRIPE_UNAVAILABLE_REFUND_MESSAGE, 'stripe_unavailable');
    return new AppError(502, 'stripe_refused', `Stripe refused the refund: ${err.message}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * POST /staff-api/payments/orders/:reference/refund: refunds a paid order in full. 404 unknown order; 409 not
 * paid, or refunded (or its refund on its way) already. Returns the refund's id.
 */
export async function refundOrder(deps: RefundDeps, reference: string, reason: string, actor: StaffActor): Promise<{ refundId: string }> {
  if (!ORDER_REFERENCE_PATTERN.test(reference)) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  return withTransaction(deps.pool, async (client) => {
    const order = await lockOrderByReference(client, reference);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    if (order.status === 'refunded' || order.refundId !== null) throw new AppError(409, 'already_refunded', ORDER_ALREADY_REFUNDED_MESSAGE);
    if (order.status !== 'paid') throw new AppError(409, 'not_paid', ORDER_NOT_PAID_MESSAGE);
    let refund: Stripe.Refund;
    try {
      const paymentIntent = await paymentIntentFor(deps, client, order);
      refund = await deps.stripe.refunds.create(
        { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { order_reference: order.reference } },
        { idempotencyKey: refundIdempotencyKey(order, await failedRefundCount(client, order.id)) },
      );
    } catch (err) {
      deps.logger.warn({ err, order: order.reference }, 'refund not made');
      throw refundError(err);
    }
    await recordRefundRequest(client, order.id, { refundId: refund.id, reason, requestedBy: actor.email });
    await auditPayments(client, actor, 'order_refunded', order.reference, `Refund ${refund.id} of ${formatAmount(order.amountCents, order.currency)} (${refund.status ?? 'unknown'}): ${reason}`);
    deps.logger.info({ order: order.reference, refundId: refund.id, status: refund.status }, 'refund requested');
    return { refundId: refund.id };
  });
}

export interface SettleRefundDeps extends RefundDeps {
  identity: IdentityInternalClient;
  relay?: OutboxRelay | undefined;
  publicUrl: string;
}

export type RefundOutcome = 'refunded' | 'already_refunded' | 'unknown_payment' | 'not_succeeded' | 'failed' | 'partial';

/** What names a refund to settle: its PaymentIntent, the refund when known, and what asked (for the order's history). */
export interface RefundToSettle {
  paymentIntentId: string;
  refundId: string | null;
  /** `stripe:<event type>` or `reconcile`. */
  source: string;
}

/** A refund event's job as settleRefund takes it. */
export function refundOfEvent(job: PaymentRefundJob): RefundToSettle {
  return { paymentIntentId: job.paymentIntentId, refundId: job.refundId, source: `stripe:${job.type}` };
}

/**
 * A refund event as the worker takes it (or an order the reconciliation sweep finds waiting for one): the
 * refund retrieved from Stripe (never the event's copy) and, once it succeeded for the whole amount, the order
 * settled. Throws TransientFulfilmentError (Stripe or identity unreachable: retried) and
 * PermanentFulfilmentError (identity refused).
 */
export async function settleRefund(deps: SettleRefundDeps, job: RefundToSettle): Promise<{ outcome: RefundOutcome; order?: Order }> {
  const { pool, logger } = deps;
  const order = await findOrderByPaymentIntent(pool, job.paymentIntentId);
  if (!order) {
    logger.warn({ paymentIntent: job.paymentIntentId, source: job.source }, 'refund of a payment no order knows; ignored');
    return { outcome: 'unknown_payment' };
  }
  if (order.status === 'refunded') return { outcome: 'already_refunded', order };
  const refundId = job.refundId ?? order.refundId;
  if (!refundId) throw new TransientFulfilmentError(`no refund named for ${order.reference} yet`);
  let refund: Stripe.Refund;
  try {
    refund = await deps.stripe.refunds.retrieve(refundId);
  } catch (err) {
    if (isTransientStripeError(err)) throw new TransientFulfilmentError(`Stripe: ${(err as Error).message}`, undefined, { cause: err });
    throw new PermanentFulfilmentError(`Stripe cannot retrieve ${refundId}: ${(err as Error).message}`, undefined, { cause: err });
  }
  if ((refund.status === 'failed' || refund.status === 'canceled') && refund.id === order.refundId) {
    // The money did not go back: the desk may refund again (with a new idempotency key).
    const why = refund.failure_reason ?? refund.status;
    await withTransaction(pool, (client) => forgetFailedRefund(client, order.id, refund.id, why));
    logger.error({ order: order.reference, refundId: refund.id, why }, 'refund failed; the order stays paid');
    return { outcome: 'failed', order };
  }
  if (refund.status !== 'succeeded') return { outcome: 'not_succeeded', order };
  if (refund.amount < order.amountCents) {
    logger.warn({ order: order.reference, refundId, amount: refund.amount }, 'a partial refund (made outside the desk); the order stays paid');
    return { outcome: 'partial', order };
  }
  if (order.kind === 'membership' && order.membershipRequestId) {
    try {
      await deps.identity.cancelMembership(order.membershipRequestId, {
        reason: order.refundReason ?? 'Refunded in Stripe',
        cancelledBy: `refund ${order.reference} by ${order.refundRequestedBy ?? 'Stripe'}`,
      });
    } catch (err) {
      if (err instanceof IdentityCallError && err.permanent) throw new PermanentFulfilmentError(err.message, undefined, { cause: err });
      throw new TransientFulfilmentError(err instanceof Error ? err.message : String(err), undefined, { cause: err });
    }
  }
  const changed = await withTransaction(pool, async (client) => {
    const refunded = await markRefunded(client, order.id, refund.id, job.source);
    if (!refunded) return undefined;
    const to = refunded.email ?? refunded.customerEmail;
    if (to) {
      const mail = refundEmail(refunded, to, deps.publicUrl);
      await addToOutbox(client, { queue: QUEUES.email, name: 'payment-refund', jobId: mail.key, payload: mail });
    }
    return refunded;
  });
  if (!changed) return { outcome: 'already_refunded', order };
  deps.relay?.nudge();
  logger.info({ order: changed.reference, refundId: refund.id }, 'order refunded; membership cancelled; member e-mailed');
  return { outcome: 'refunded', order: changed };
}

/** Who the audit log names for refunds the service makes itself (a second payment for the same membership). */
export const SECOND_PAYMENT_ACTOR: StaffActor = { userId: null, email: 'system:second-payment', ip: null };

/** Fulfilment's refundSecondPayment: a full refund as the system, audited like a treasurer's. */
export function secondPaymentRefunder(deps: RefundDeps): (order: Order, reason: string) => Promise<void> {
  return async (order, reason) => {
    await refundOrder(deps, order.reference, reason, SECOND_PAYMENT_ACTOR);
  };
}
