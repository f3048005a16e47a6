import { DelayedError, RateLimitError, UnrecoverableError, WaitingChildrenError, WaitingError, Worker, type Job } from 'bullmq';
import type { z } from 'zod';
import type { QueueName } from '@tca/contracts';
import { ConfigError, type LogLevel } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { scopedMetrics, type MetricsHooks } from './metrics-scope.js';
import { closeRedis, createRedis } from './redis.js';

export interface QueueWorkerOptions<S extends z.ZodType, R> {
  queue: QueueName;
  redisUrl: string;
  /** BullMQ key prefix: must match the producers' (default `bull`). */
  prefix?: string;
  /** The job payload's contract: a job that does not match fails at once, without retries. */
  schema: S;
  /**
   * Does the work. Must tolerate running twice for one job (delivery is at least once). `token` is the
   * job's lock token (for job.moveToDelayed and the like).
   */
  process(data: z.output<S>, job: Job, token?: string): Promise<R>;
  logger: Logger;
  /** Jobs one process runs at once. */
  concurrency?: number;
  /** At most `max` jobs per `duration` ms across all workers of the queue (BullMQ's global limiter). */
  limiter?: { max: number; duration: number };
  /** A job's lock; a worker that dies leaves its job to another after about this long. */
  lockDurationMs?: number;
  /** How often workers look for jobs whose lock expired. */
  stalledIntervalMs?: number;
  /** Shown by Redis CLIENT LIST. */
  connectionName?: string;
  /**
   * Where job durations and failures go, and which reports the queue's job counts
   * (tca_queue_job_duration_seconds, tca_queue_job_failures_total, tca_queue_jobs). Default: the metrics of the
   * service worker being started (startServiceWorker), if any.
   */
  metrics?: MetricsHooks | undefined;
}

export interface QueueWorker<R = unknown> {
  worker: Worker<unknown, R>;
  /** Stops taking jobs, waits for those in progress, closes its Redis connection. Idempotent. */
  close(): Promise<void>;
}

/**
 * A BullMQ worker the way every queue consumer here runs: its own Redis connection that retries forever,
 * payloads validated against their contract (invalid → UnrecoverableError, no retries), failures logged
 * with whether a retry follows. Run as many processes as needed: jobs are shared out by Redis.
 */
export async function startQueueWorker<S extends z.ZodType, R>(options: QueueWorkerOptions<S, R>): Promise<QueueWorker<R>> {
  const { queue, schema, logger, concurrency = 5, lockDurationMs = 60_000, stalledIntervalMs = 30_000 } = options;
  const metrics = options.metrics ?? scopedMetrics();
  const redis = createRedis(options.redisUrl, { role: 'worker', logger, connectionName: options.connectionName ?? `${queue}-worker`, metrics });

  async function validateAndProcess(job: Job, token?: string): Promise<R> {
    const parsed = schema.safeParse(job.data);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
      throw new UnrecoverableError(`invalid ${queue} job: ${problems}`);
    }
    return options.process(parsed.data, job, token);
  }

  async function run(job: Job, token?: string): Promise<R> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const result = await validateAndProcess(job, token);
      metrics?.queueJobFinished(queue, 'completed', seconds());
      return result;
    } catch (err) {
      // A job its processor moved back (delayed, rate-limited, waiting for children) has neither completed nor failed.
      const movedBack = err instanceof DelayedError || err instanceof RateLimitError || err instanceof WaitingChildrenError || err instanceof WaitingError;
      if (!movedBack) metrics?.queueJobFinished(queue, 'failed', seconds());
      throw err;
    }
  }

  const worker = new Worker<unknown, R>(queue, run, {
    connection: redis,
    ...(options.prefix ? { prefix: options.prefix } : {}),
    concurrency,
    ...(options.limiter ? { limiter: options.limiter } : {}),
    lockDuration: lockDurationMs,
    stalledInterval: stalledIntervalMs,
    maxStalledCount: 2,
  });
  worker.on('failed', (job, err) => {
    if (!job) return;
    const willRetry = !(err instanceof UnrecoverableError) && job.attemptsMade < (job.opts.attempts ?? 1);
    const details = { err, queue, jobId: job.id, attemptsMade: job.attemptsMade, willRetry };
    if (willRetry) logger.warn(details, 'job failed; will retry');
    else logger.error(details, 'job failed for good');
  });
  worker.on('error', (err) => logger.error({ err, queue }, 'worker error'));
  try {
    await worker.waitUntilReady();
  } catch (err) {
    await worker.close(true).catch(() => undefined);
    await closeRedis(redis);
    throw err;
  }
  metrics?.watchQueue({ name: queue, prefix: options.prefix, redisUrl: options.redisUrl });
  logger.info({ queue, prefix: options.prefix ?? 'bull', concurrency }, 'queue worker started');

  let closing: Promise<void> | undefined;
  return {
    worker,
    close() {
      closing ??= (async () => {
        await worker.close();
        await closeRedis(redis);
      })();
      return closing;
    },
  };
}

/** What runWorkerMain needs from a worker's configuration. */
export interface WorkerMainConfig {
  LOG_LEVEL: LogLevel;
  /** How long SIGTERM waits for jobs in progress before exiting anyway. */
  SHUTDOWN_GRACE_MS: number;
}

export interface WorkerMainOptions {
  /** Exit code after a ConfigError (default 1; the mailer uses 78, EX_CONFIG). */
  configErrorExitCode?: number;
}

/**
 * The body of a worker process's entry file: loads the config (a ConfigError prints its list and exits 1),
 * starts, and on SIGTERM/SIGINT closes gracefully (exit 0), or exits 1 when jobs outlast the grace period
 * (their locks expire and another worker runs them again). A second signal exits at once.
 */
export async function runWorkerMain<C extends WorkerMainConfig>(
  name: string,
  loadConfig: () => C,
  start: (config: C, logger: Logger) => Promise<{ close(): Promise<void> }>,
  options: WorkerMainOptions = {},
): Promise<void> {
  let config: C;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${name}: ${err.message}`);
      process.exit(options.configErrorExitCode ?? 1);
    }
    console.error(`${name} failed to start: ${String(err)}`);
    process.exit(1);
  }
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  // Signals are handled from the start: one that arrives while the worker is still starting (it may
  // already have logged that it is ready) shuts it down gracefully once it has started.
  let running: { close(): Promise<void> } | undefined;
  let pendingSignal: NodeJS.Signals | undefined;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (running) shutdown(signal, running);
    else if (pendingSignal) {
      logger.warn({ signal }, 'second signal while starting: exiting now');
      process.exit(1);
    } else pendingSignal = signal;
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  process.on('unhandledRejection', (err) => {
    logger.fatal({ err }, 'unhandled rejection; exiting');
    process.exit(1);
  });
  try {
    running = await start(config, logger);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    console.error(`${name} failed to start:`, err);
    process.exit(1);
  }
  if (pendingSignal) shutdown(pendingSignal, running);

  function shutdown(signal: NodeJS.Signals, worker: { close(): Promise<void> }): void {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    const graceMs = config.SHUTDOWN_GRACE_MS;
    logger.info({ signal, graceMs }, 'shutting down: finishing jobs in progress');
    setTimeout(() => {
      logger.error({ graceMs }, 'jobs did not finish in time; exiting (their locks expire and another worker runs them again)');
      process.exit(1);
    }, graceMs).unref();
    worker.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  }
}
