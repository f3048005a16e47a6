import { Router, type RequestHandler } from 'express';
import type { SessionLookupAnswer } from '@tca/contracts';
import { AppError, NotFoundError, ServiceUnavailableError } from '@tca/service-kit';
import { createCheckout } from '../../domain/create-checkout.js';
import { PermanentFulfilmentError, TransientFulfilmentError, type FulfilResult } from '../../domain/fulfil-checkout.js';
import { findOrderByReference, findOrderBySession, moveStatus, type Order } from '../../data-access/order-repository.js';
import type { PaymentsDeps, PaymentsServices } from './api-deps.js';
import { CHECKOUT_SESSION_ID, isTransientStripeError, type Stripe } from '../../domain/stripe-client.js';

const ORDER_REFERENCE = /^ord_[A-Za-z0-9_-]{16,64}$/;
const UNKNOWN_SESSION = 'No checkout session with that id.';

function lookupAnswer(order: Order, session: Stripe.Checkout.Session): SessionLookupAnswer {
  return {
    payment_status: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    ...(order.kind === 'membership' && order.level ? { membershipType: order.level } : {}),
    ...(order.membershipRequestId ? { userId: order.membershipRequestId } : {}),
  };
}

export function createCheckoutRouter(deps: PaymentsDeps, services: PaymentsServices, rateLimit: RequestHandler): Router {
  const { pool, logger, config } = deps;
  const { fulfilment, stripe } = services;
  const router = Router();

  router.post('/create-checkout-session', rateLimit, async (req, res) => {
    const answer = await createCheckout({ pool, stripe, sessions: services.sessions, identity: services.identity, logger, publicUrl: config.PUBLIC_URL }, req.body, req.headers.authorization);
    res.status(200).json(answer);
  });

  /**
   * The success page's lookup: the session's payment status as Stripe reports it now. A paid session is
   * fulfilled here too (the same idempotent fulfil as the webhook's), so the page works before the webhook
   * arrives; `userId` is the new membership's request id.
   */
  router.get('/checkout-session/:id', async (req, res) => {
    const id = req.params.id;
    if (!CHECKOUT_SESSION_ID.test(id) || !(await findOrderBySession(pool, id))) throw new NotFoundError(UNKNOWN_SESSION);
    let result: FulfilResult;
    try {
      result = await fulfilment.fulfil(id, 'lookup');
    } catch (err) {
      if ((err instanceof TransientFulfilmentError || err instanceof PermanentFulfilmentError) && err.session) {
        // Paid, but the membership could not be recorded yet: the worker keeps trying.
        req.log.warn({ err, sessionId: id }, 'session looked up; fulfilment not finished');
        const order = await findOrderBySession(pool, id);
        if (order) {
          res.json(lookupAnswer(order, err.session));
          return;
        }
      }
      if (err instanceof TransientFulfilmentError) throw new ServiceUnavailableError('We could not reach the payment provider. Please try again shortly.');
      throw err;
    }
    if (!result.order || !result.session) throw new NotFoundError(UNKNOWN_SESSION);
    res.json(lookupAnswer(result.order, result.session));
  });

  /**
   * The cancel page (beyond the spec): the visitor left Checkout, so the order is abandoned and its session
   * expired, and cannot be paid later by mistake. `:id` is the order reference of the cancel URL (or a
   * session id). A session that was paid meanwhile is fulfilled instead.
   */
  router.post('/checkout-session/:id/abandon', async (req, res) => {
    const id = req.params.id;
    const order = ORDER_REFERENCE.test(id) ? await findOrderByReference(pool, id) : CHECKOUT_SESSION_ID.test(id) ? await findOrderBySession(pool, id) : undefined;
    if (!order) throw new NotFoundError('No checkout with that reference.');
    if (order.status === 'created') {
      await moveStatus(pool, order.id, 'abandoned', ['created']);
    } else if (order.status === 'open' && order.stripeSessionId) {
      try {
        await stripe.checkout.sessions.expire(order.stripeSessionId, {}, { idempotencyKey: `expire-${order.reference}` });
        await moveStatus(pool, order.id, 'abandoned', ['open']);
        logger.info({ order: order.reference, sessionId: order.stripeSessionId }, 'checkout abandoned; session expired');
      } catch (err) {
        if (isTransientStripeError(err)) throw new ServiceUnavailableError('We could not reach the payment provider. Please try again shortly.');
        // Not open any more (paid or expired meanwhile): take Stripe's word for it.
        await fulfilment.fulfil(order.stripeSessionId, 'abandon').catch((syncErr: unknown) => req.log.warn({ err: syncErr }, 'sync after a refused expire failed'));
      }
    }
    const now = await findOrderByReference(pool, order.reference);
    if (!now) throw new AppError(500, 'internal_error', 'The order disappeared.');
    res.json({ status: now.status });
  });

  return router;
}
