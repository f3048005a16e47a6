import type { SessionLookupAnswer } from '@tca/contracts';
import { NotFoundError, ServiceUnavailableError, type Logger, type Pool } from '@tca/service-kit';
import { findOrderBySession, type Order } from '../data-access/order-repository.js';
import { PermanentFulfilmentError, TransientFulfilmentError, type Fulfilment, type FulfilResult } from './fulfil-checkout.js';
import { CHECKOUT_SESSION_ID, type Stripe } from './stripe-client.js';

const UNKNOWN_SESSION = 'No checkout session with that id.';

export interface LookUpCheckoutDeps {
  pool: Pool;
  fulfilment: Fulfilment;
}

function lookupAnswer(order: Order, session: Stripe.Checkout.Session): SessionLookupAnswer {
  return {
    payment_status: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    ...(order.kind === 'membership' && order.level ? { membershipType: order.level } : {}),
    ...(order.membershipRequestId ? { userId: order.membershipRequestId } : {}),
  };
}

/**
 * The success page's lookup: the session's payment status as Stripe reports it now. A paid session is
 * fulfilled here too (the same idempotent fulfil as the webhook's), so the page works before the webhook
 * arrives; `userId` is the new membership's request id. A session that is not one of our orders is 404.
 * `requestLog` is the request's own logger (its lines carry the request id).
 */
export async function lookUpCheckout(deps: LookUpCheckoutDeps, sessionId: string, requestLog: Logger): Promise<SessionLookupAnswer> {
  const { pool, fulfilment } = deps;
  if (!CHECKOUT_SESSION_ID.test(sessionId) || !(await findOrderBySession(pool, sessionId))) throw new NotFoundError(UNKNOWN_SESSION);
  let result: FulfilResult;
  try {
    result = await fulfilment.fulfil(sessionId, 'lookup');
  } catch (err) {
    if ((err instanceof TransientFulfilmentError || err instanceof PermanentFulfilmentError) && err.session) {
      // Paid, but the membership could not be recorded yet: the worker keeps trying.
      requestLog.warn({ err, sessionId }, 'session looked up; fulfilment not finished');
      const order = await findOrderBySession(pool, sessionId);
      if (order) return lookupAnswer(order, err.session);
    }
    if (err instanceof TransientFulfilmentError) throw new ServiceUnavailableError('We could not reach the payment provider. Please try again shortly.');
    throw err;
  }
  if (!result.order || !result.session) throw new NotFoundError(UNKNOWN_SESSION);
  return lookupAnswer(result.order, result.session);
}
