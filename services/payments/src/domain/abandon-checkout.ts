import { AppError, NotFoundError, ServiceUnavailableError, type Logger, type Pool } from '@tca/service-kit';
import { findOrderByReference, findOrderBySession, moveStatus, type OrderStatus } from '../data-access/order-repository.js';
import type { Fulfilment } from './fulfil-checkout.js';
import { CHECKOUT_SESSION_ID, isTransientStripeError, type Stripe } from './stripe-client.js';

const ORDER_REFERENCE = /^ord_[A-Za-z0-9_-]{16,64}$/;

export interface AbandonCheckoutDeps {
  pool: Pool;
  stripe: Stripe;
  fulfilment: Fulfilment;
  logger: Logger;
}

/**
 * The cancel page (beyond the spec): the visitor left Checkout, so the order is abandoned and its session
 * expired, and cannot be paid later by mistake. `id` is the order reference of the cancel URL (or a
 * session id). A session that was paid meanwhile is fulfilled instead. Resolves with the order's status
 * afterwards. `requestLog` is the request's own logger (its lines carry the request id).
 */
export async function abandonCheckout(deps: AbandonCheckoutDeps, id: string, requestLog: Logger): Promise<OrderStatus> {
  const { pool, stripe, fulfilment, logger } = deps;
  const order = ORDER_REFERENCE.test(id) ? await findOrderByReference(pool, id) : CHECKOUT_SESSION_ID.test(id) ? await findOrderBySession(pool, id) : undefined;
  if (!order) throw new NotFoundError('No checkout with that reference.');
  if (order.status === 'created') {
    await moveStatus(pool, order.id, 'abandoned', ['created'], 'cancel page');
  } else if (order.status === 'open' && order.stripeSessionId) {
    try {
      await stripe.checkout.sessions.expire(order.stripeSessionId, {}, { idempotencyKey: `expire-${order.reference}` });
      await moveStatus(pool, order.id, 'abandoned', ['open'], 'cancel page');
      logger.info({ order: order.reference, sessionId: order.stripeSessionId }, 'checkout abandoned; session expired');
    } catch (err) {
      if (isTransientStripeError(err)) throw new ServiceUnavailableError('We could not reach the payment provider. Please try again shortly.');
      // Not open any more (paid or expired meanwhile): take Stripe's word for it.
      await fulfilment.fulfil(order.stripeSessionId, 'abandon').catch((syncErr: unknown) => requestLog.warn({ err: syncErr }, 'sync after a refused expire failed'));
    }
  }
  const now = await findOrderByReference(pool, order.reference);
  if (!now) throw new AppError(500, 'internal_error', 'The order disappeared.');
  return now.status;
}
