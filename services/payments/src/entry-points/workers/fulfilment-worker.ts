import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { paymentFulfilmentJobSchema, QUEUES, type PaymentFulfilmentJob } from '@tca/contracts';
import { createLogger, createPool, runMigrations, startOutboxRelay, startQueueWorker, type Logger, type OutboxRelay, type Pool, type QueueWorker } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, type PaymentsConfig } from '../../config.js';
import { createIdentityInternalClient } from '../../domain/identity-internal-client.js';
import { createFulfilment, PermanentFulfilmentError, TransientFulfilmentError, type Fulfilment, type FulfilOutcome, type FulfilReason } from '../../domain/fulfil-checkout.js';
import { markChecked, ordersToReconcile } from '../../data-access/order-repository.js';
import { createStripeClient } from '../../domain/stripe-client.js';

export const PAYMENTS_WORKER_NAME = 'payments-worker';

const REASONS: Record<PaymentFulfilmentJob['type'], FulfilReason> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'async_payment_succeeded',
  'checkout.session.async_payment_failed': 'async_payment_failed',
  'checkout.session.expired': 'expired',
};

export interface FulfilmentJobResult {
  outcome: FulfilOutcome;
  order?: string;
}

/** Delay before try `attempt + 1` after `attempt` failed: base, 2 × base, 4 × base, … */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}

/**
 * One fulfilment job. Transient failures (Stripe or identity unreachable) are retried with a doubling delay
 * (FULFIL_RETRY_BASE_MS, up to FULFIL_MAX_ATTEMPTS tries: hours, so an identity outage does not strand a
 * paid order); permanent ones (identity's 4xx, a session that disagrees with its order) fail at once.
 * Whatever is still open after that is picked up by the reconciliation sweep.
 */
export async function processFulfilmentJob(
  fulfilment: Fulfilment,
  pool: Pool,
  data: PaymentFulfilmentJob,
  job: Pick<Job, 'attemptsStarted' | 'id' | 'moveToDelayed'>,
  token: string | undefined,
  settings: { maxAttempts: number; retryBaseMs: number; logger: Logger },
): Promise<FulfilmentJobResult> {
  try {
    const result = await fulfilment.fulfil(data.sessionId, REASONS[data.type]);
    await pool.query('UPDATE stripe_events SET processed_at = now() WHERE id = $1 AND processed_at IS NULL', [data.eventId]);
    return { outcome: result.outcome, ...(result.order ? { order: result.order.reference } : {}) };
  } catch (err) {
    if (err instanceof PermanentFulfilmentError) throw new UnrecoverableError(err.message);
    if (err instanceof TransientFulfilmentError) {
      const attempt = Math.max(1, job.attemptsStarted);
      if (attempt < settings.maxAttempts && token !== undefined) {
        const delay = retryDelayMs(attempt, settings.retryBaseMs);
        settings.logger.warn({ err, jobId: job.id, sessionId: data.sessionId, attempt, retryInMs: delay }, 'fulfilment failed; will retry');
        await job.moveToDelayed(Date.now() + delay, token);
        throw new DelayedError();
      }
      throw new UnrecoverableError(`gave up after ${attempt} tries (${err.message}); the reconciliation sweep tries again`);
    }
    throw err;
  }
}

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

/** Any 64-bit number the other services do not use: one sweep at a time across all workers. */
const RECONCILE_LOCK = 0x7061796d656e7473n; // "payments"

/**
 * The payments worker process: consumes `payment-fulfilment` (one job per stored webhook event), relays
 * the receipts it records to the mailer's `email` queue, and every RECONCILE_INTERVAL_MS asks Stripe about
 * orders still open (a missed webhook, a fulfilment that gave up). Run as many as you like: jobs are
 * shared out by Redis, fulfilment is idempotent, and one advisory lock keeps sweeps apart.
 */
export async function startPaymentsWorker(config: PaymentsConfig, options: PaymentsWorkerOptions = {}): Promise<PaymentsWorker> {
  const logger = options.logger ?? createLogger({ name: PAYMENTS_WORKER_NAME, level: config.LOG_LEVEL });
  const pool = createPool({ connectionString: config.DATABASE_URL, schema: SCHEMA, applicationName: `payments-${PAYMENTS_WORKER_NAME}`, logger });
  const closers: Array<() => Promise<void>> = [() => pool.end()];
  const closeAll = async () => {
    for (const close of closers) await close().catch((err: unknown) => logger.error({ err }, 'shutdown step failed'));
  };
  try {
    // Migrate first (an advisory lock makes it wait for the API doing the same), so start order does not matter.
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR, logger });
    const relay: OutboxRelay = startOutboxRelay({ pool, schema: SCHEMA, redisUrl: config.REDIS_URL, logger });
    closers.unshift(() => relay.stop());
    const stripe = createStripeClient(config);
    const identity = createIdentityInternalClient({ baseUrl: config.IDENTITY_URL, serviceToken: config.SERVICE_TOKEN, timeoutMs: config.IDENTITY_TIMEOUT_MS });
    const fulfilment = createFulfilment({ pool, stripe, identity, relay, logger, publicUrl: config.PUBLIC_URL });
    const settings = { maxAttempts: config.FULFIL_MAX_ATTEMPTS, retryBaseMs: config.FULFIL_RETRY_BASE_MS, logger };

    const queueWorker = await startQueueWorker({
      queue: QUEUES.paymentFulfilment,
      redisUrl: config.REDIS_URL,
      schema: paymentFulfilmentJobSchema,
      concurrency: config.PAYMENTS_WORKER_CONCURRENCY,
      logger,
      connectionName: `payments-${PAYMENTS_WORKER_NAME}`,
      async process(data, job, token) {
        const result = await processFulfilmentJob(fulfilment, pool, data, job, token, settings);
        logger.info({ jobId: job.id, type: data.type, sessionId: data.sessionId, ...result }, 'payment event processed');
        return result;
      },
    });
    closers.unshift(() => queueWorker.close());

    async function reconcile(): Promise<number> {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RECONCILE_LOCK.toString()]);
        if (!rows[0]?.locked) return 0;
        try {
          const due = await ordersToReconcile(pool, config.RECONCILE_MIN_AGE_MS, 100);
          for (const order of due) {
            try {
              const result = await fulfilment.fulfil(order.sessionId, 'reconcile');
              if (result.outcome === 'fulfilled') logger.warn({ order: result.order?.reference, sessionId: order.sessionId }, 'reconciliation fulfilled an order its webhook had not');
            } catch (err) {
              logger.warn({ err, sessionId: order.sessionId }, 'reconciliation could not settle an order');
            }
            await markChecked(pool, order.id);
          }
          return due.length;
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [RECONCILE_LOCK.toString()]);
        }
      } finally {
        client.release();
      }
    }
    let sweeping: Promise<unknown> | undefined;
    const sweep = () => {
      sweeping ??= reconcile()
        .catch((err: unknown) => logger.error({ err }, 'reconciliation failed'))
        .finally(() => {
          sweeping = undefined;
        });
    };
    if (config.RECONCILE_INTERVAL_MS > 0) {
      const timer = setInterval(sweep, config.RECONCILE_INTERVAL_MS);
      timer.unref();
      closers.unshift(async () => {
        clearInterval(timer);
        await sweeping;
      });
    }
    let closing: Promise<void> | undefined;
    return {
      queueWorker,
      fulfilment,
      reconcile,
      close() {
        closing ??= closeAll();
        return closing;
      },
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
