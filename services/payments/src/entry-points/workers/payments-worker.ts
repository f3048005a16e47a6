import { startServiceWorker, type Logger, type QueueWorker } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, type PaymentsConfig } from '../../config.js';
import { createFulfilment, type Fulfilment } from '../../domain/fulfil-checkout.js';
import { createIdentityInternalClient } from '../../domain/identity-internal-client.js';
import { reconcileOrders } from '../../domain/reconcile-orders.js';
import { refundOfEvent, secondPaymentRefunder, settleRefund } from '../../domain/refunds.js';
import { createStripeClient } from '../../domain/stripe-client.js';
import { startFulfilmentWorker, type FulfilmentJobResult } from './fulfilment-worker.js';
import { startReconciliationSweep } from './reconciliation-sweep.js';

export const PAYMENTS_WORKER_NAME = 'payments-worker';

export interface PaymentsWorkerOptions {
  logger?: Logger;
}

export interface PaymentsWorker {
  queueWorker: QueueWorker<FulfilmentJobResult>;
  fulfilment: Fulfilment;
  /** One reconciliation pass now (when no other worker is doing one); resolves with how many orders it checked. */
  reconcile(): Promise<number>;
  /** Stops taking jobs, waits for those in progress, stops the sweep and the relay, closes Redis and Postgres. Idempotent. */
  close(): Promise<void>;
}

/**
 * The payments worker process: consumes `payment-fulfilment` (one job per stored webhook event: checkouts
 * fulfilled, refunds settled), relays the receipts and refund e-mails it records to the mailer's `email`
 * queue, and every RECONCILE_INTERVAL_MS asks Stripe about
 * orders still open (a missed webhook, a fulfilment that gave up). Run as many as you like: jobs are
 * shared out by Redis, fulfilment is idempotent, and one advisory lock keeps sweeps apart.
 */
export function startPaymentsWorker(config: PaymentsConfig, options: PaymentsWorkerOptions = {}): Promise<PaymentsWorker> {
  const base = { service: 'payments', name: PAYMENTS_WORKER_NAME, databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, logLevel: config.LOG_LEVEL, metricsEnv: config };
  return startServiceWorker({ ...base, schema: SCHEMA, migrationsDir: MIGRATIONS_DIR, logger: options.logger }, async ({ logger, pool, relay, connectionName, onClose }) => {
    const stripe = createStripeClient(config);
    const identity = createIdentityInternalClient({ baseUrl: config.IDENTITY_URL, serviceToken: config.SERVICE_TOKEN, timeoutMs: config.IDENTITY_TIMEOUT_MS });
    const fulfilment = createFulfilment({ pool, stripe, identity, relay, logger, publicUrl: config.PUBLIC_URL, refundSecondPayment: secondPaymentRefunder({ pool, stripe, logger }) });

    const refundDeps = { pool, stripe, identity, relay, logger, publicUrl: config.PUBLIC_URL };
    const queueWorker = await startFulfilmentWorker(
      { pool, fulfilment, settleRefund: (job) => settleRefund(refundDeps, refundOfEvent(job)) },
      {
        redisUrl: config.REDIS_URL,
        concurrency: config.PAYMENTS_WORKER_CONCURRENCY,
        lockDurationMs: config.PAYMENTS_LOCK_DURATION_MS,
        stalledIntervalMs: config.PAYMENTS_STALLED_INTERVAL_MS,
        connectionName,
        maxAttempts: config.FULFIL_MAX_ATTEMPTS,
        retryBaseMs: config.FULFIL_RETRY_BASE_MS,
        logger,
      },
    );
    onClose(() => queueWorker.close());

    const reconcile = () => reconcileOrders({ pool, fulfilment, logger, minAgeMs: config.RECONCILE_MIN_AGE_MS, settleRefund: (refund) => settleRefund(refundDeps, refund) });
    const sweep = startReconciliationSweep({ intervalMs: config.RECONCILE_INTERVAL_MS, reconcile, logger });
    if (sweep) onClose(() => sweep.stop());
    return { queueWorker, fulfilment, reconcile };
  });
}
