import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { paymentFulfilmentJobSchema, paymentRefundJobSchema, QUEUES } from '@tca/contracts';
import { startQueueWorker, type Logger, type QueueWorker } from '@tca/service-kit';
import { z } from 'zod';
import { PermanentFulfilmentError, TransientFulfilmentError } from '../../domain/fulfil-checkout.js';
import { processWebhookEvent, type PaymentEventJob, type ProcessedEvent, type ProcessWebhookEventDeps } from '../../domain/process-webhook-event.js';

export interface FulfilmentJobResult {
  outcome: ProcessedEvent['outcome'];
  order?: string;
}

/** What `payment-fulfilment` carries: a Checkout Session's event or (issue 15) a refund's. */
const paymentEventJobSchema = z.union([paymentFulfilmentJobSchema, paymentRefundJobSchema]);

/** Delay before try `attempt + 1` after `attempt` failed: base, 2 × base, 4 × base, … */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}

export interface RetrySettings {
  maxAttempts: number;
  retryBaseMs: number;
  logger: Logger;
}

/**
 * One fulfilment job. Transient failures (Stripe or identity unreachable) are retried with a doubling delay
 * (FULFIL_RETRY_BASE_MS, up to FULFIL_MAX_ATTEMPTS tries: hours, so an identity outage does not strand a
 * paid order); permanent ones (identity's 4xx, a session that disagrees with its order) fail at once.
 * Whatever is still open after that is picked up by the reconciliation sweep.
 */
export async function processFulfilmentJob(
  deps: ProcessWebhookEventDeps,
  data: PaymentEventJob,
  job: Pick<Job, 'attemptsStarted' | 'id' | 'moveToDelayed'>,
  token: string | undefined,
  settings: RetrySettings,
): Promise<FulfilmentJobResult> {
  try {
    const result = await processWebhookEvent(deps, data);
    return { outcome: result.outcome, ...(result.order ? { order: result.order.reference } : {}) };
  } catch (err) {
    if (err instanceof PermanentFulfilmentError) throw new UnrecoverableError(err.message);
    if (err instanceof TransientFulfilmentError) {
      const attempt = Math.max(1, job.attemptsStarted);
      if (attempt < settings.maxAttempts && token !== undefined) {
        const delay = retryDelayMs(attempt, settings.retryBaseMs);
        settings.logger.warn({ err, jobId: job.id, type: data.type, attempt, retryInMs: delay }, 'fulfilment failed; will retry');
        await job.moveToDelayed(Date.now() + delay, token);
        throw new DelayedError();
      }
      throw new UnrecoverableError(`gave up after ${attempt} tries (${err.message}); the reconciliation sweep tries again`);
    }
    throw err;
  }
}

export interface FulfilmentWorkerOptions extends RetrySettings {
  redisUrl: string;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** A job's lock; a worker that dies leaves its jobs to the others after about this long. */
  lockDurationMs?: number;
  /** How often the workers look for jobs whose lock expired. */
  stalledIntervalMs?: number;
  connectionName: string;
}

/** The consumer of `payment-fulfilment`: one job per stored webhook event (a session's or a refund's). */
export function startFulfilmentWorker(deps: ProcessWebhookEventDeps, options: FulfilmentWorkerOptions): Promise<QueueWorker<FulfilmentJobResult>> {
  const { logger } = options;
  const settings: RetrySettings = { maxAttempts: options.maxAttempts, retryBaseMs: options.retryBaseMs, logger };
  return startQueueWorker({
    queue: QUEUES.paymentFulfilment,
    redisUrl: options.redisUrl,
    schema: paymentEventJobSchema,
    concurrency: options.concurrency,
    ...(options.lockDurationMs !== undefined ? { lockDurationMs: options.lockDurationMs } : {}),
    ...(options.stalledIntervalMs !== undefined ? { stalledIntervalMs: options.stalledIntervalMs } : {}),
    logger,
    connectionName: options.connectionName,
    async process(data, job, token) {
      const result = await processFulfilmentJob(deps, data, job, token, settings);
      logger.info({ jobId: job.id, type: data.type, ...result }, 'payment event processed');
      return result;
    },
  });
}
