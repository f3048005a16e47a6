import type { Logger, Pool } from '@tca/service-kit';
import { markChecked, ordersToReconcile, refundsToReconcile } from '../data-access/order-repository.js';
import { withReconciliationLock } from '../data-access/reconciliation-lock.js';
import type { Fulfilment } from './fulfil-checkout.js';
import type { RefundToSettle } from './refunds.js';

/** Orders asked about per pass. */
const BATCH = 100;

export interface ReconcileOrdersDeps {
  pool: Pool;
  fulfilment: Fulfilment;
  logger: Logger;
  /** Orders younger than this are left to their webhooks. */
  minAgeMs: number;
  /** settleRefund with its deps: for refunds requested whose confirmation never came. */
  settleRefund(refund: RefundToSettle): Promise<unknown>;
}

/**
 * One reconciliation pass: asks Stripe (through the idempotent fulfil) about orders still open or
 * processing (a missed webhook, a fulfilment that gave up), and about refunds requested but not yet settled
 * (issue 15), least recently checked first. One worker at a time across all of them; resolves with how many
 * orders it checked (0 while another worker is at it).
 */
export async function reconcileOrders(deps: ReconcileOrdersDeps): Promise<number> {
  const { pool, fulfilment, logger } = deps;
  const checked = await withReconciliationLock(pool, async () => {
    const due = await ordersToReconcile(pool, deps.minAgeMs, BATCH);
    for (const order of due) {
      try {
        const result = await fulfilment.fulfil(order.sessionId, 'reconcile');
        if (result.outcome === 'fulfilled') logger.warn({ order: result.order?.reference, sessionId: order.sessionId }, 'reconciliation fulfilled an order its webhook had not');
      } catch (err) {
        logger.warn({ err, sessionId: order.sessionId }, 'reconciliation could not settle an order');
      }
      await markChecked(pool, order.id);
    }
    const refunds = await refundsToReconcile(pool, deps.minAgeMs, BATCH);
    for (const order of refunds) {
      try {
        await deps.settleRefund({ paymentIntentId: order.paymentIntentId, refundId: order.refundId, source: 'reconcile' });
      } catch (err) {
        logger.warn({ err, order: order.id }, 'reconciliation could not settle a refund');
      }
      await markChecked(pool, order.id);
    }
    return due.length + refunds.length;
  });
  return checked ?? 0;
}
