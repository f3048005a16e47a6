import type { Logger, Pool } from '@tca/service-kit';
import { moveStatus, otherOpenCheckouts, type Order } from '../data-access/order-repository.js';
import { isTransientStripeError, type Stripe } from './stripe-client.js';

export interface SupersedeDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
}

/**
 * A new membership checkout expires the member's other open checkouts for that level (issue 15: two tabs,
 * two payments): each session is expired at Stripe, then its order moves to expired with the new order
 * named in its history. A session Stripe will not expire (paid meanwhile) is left to its webhook, which
 * refunds a second payment automatically. Never fails the new checkout: problems are logged.
 */
export async function expireOtherCheckouts(deps: SupersedeDeps, order: Order): Promise<number> {
  if (order.kind !== 'membership' || !order.userId || !order.level) return 0;
  let expired = 0;
  for (const other of await otherOpenCheckouts(deps.pool, order)) {
    try {
      if (other.stripeSessionId) await deps.stripe.checkout.sessions.expire(other.stripeSessionId, {}, { idempotencyKey: `expire-${other.reference}` });
      if (await moveStatus(deps.pool, other.id, 'expired', ['created', 'open'], 'new checkout', `Replaced by ${order.reference}`)) expired += 1;
    } catch (err) {
      deps.logger.warn({ err, order: other.reference, transient: isTransientStripeError(err) }, 'could not expire an earlier checkout for the same level; its webhook settles it');
    }
  }
  if (expired > 0) deps.logger.info({ order: order.reference, expired }, 'earlier open checkouts for this level expired');
  return expired;
}
