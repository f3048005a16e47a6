import type pg from 'pg';
import type { LogLevel } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { createProcessMetrics, metricsListenOptions, startMetricsServer, withMetricsScope, type MetricsEnv, type ProcessMetrics } from './metrics.js';
import { runMigrations } from './migrations.js';
import { outboxBacklog, startOutboxRelay, type OutboxRelay } from './outbox.js';
import { createPool, postgresCheck } from './postgres.js';
import { closeRedis, createRedis, redisCheck } from './redis.js';

export interface ServiceWorkerOptions {
  /** The service: `content` (its Postgres connections and Redis clients are named `<service>-<name>`). */
  service: string;
  /** The worker: `tickets-worker`. */
  name: string;
  databaseUrl: string;
  redisUrl: string;
  /** The service's schema, migrated from `migrationsDir` before anything else starts. */
  schema: string;
  migrationsDir: string;
  logLevel: LogLevel;
  /** Default: a logger named `name` at `logLevel`. */
  logger?: Logger | undefined;
  /** BullMQ key prefix of the outbox relay (tests use a unique one). */
  prefix?: string | undefined;
  /**
   * The metrics port (GET /metrics, /healthz, /readyz): METRICS_PORT and METRICS_HOST of the service's config
   * (pass the config; unset: 9464 or any free port, on its HOST).
   */
  metricsEnv?: MetricsEnv & { HOST?: string | undefined };
}

/** What a worker is built on: started by startServiceWorker, closed by it. */
export interface ServiceWorkerBase {
  logger: Logger;
  pool: pg.Pool;
  /** Relays the e-mails (and other jobs) the worker records in its service's outbox. */
  relay: OutboxRelay;
  /** `<service>-<name>`, for the worker's own Redis clients. */
  connectionName: string;
  /** A step of close(); steps run newest first, then the relay stops and the pool ends. */
  onClose(step: () => Promise<void>): void;
  /** The process's metrics; queue workers started in `build` report to them by themselves. */
  metrics: ProcessMetrics;
}

/** What startServiceWorker adds to the worker `build` made. */
export interface ServiceWorkerHandle {
  /** http://host:port of the metrics port. */
  metricsUrl: string;
  metrics: ProcessMetrics;
  close(): Promise<void>;
}

/**
 * The skeleton every service's worker process shares: its logger, its Postgres pool, the migrations (an
 * advisory lock makes it wait for the API doing the same, so start order does not matter) and the outbox
 * relay, then `build` starts what is the worker's own (queue workers, schedules, sweeps) and registers how
 * to stop each with onClose. A failed start closes what had started and throws. The answer is `build`'s
 * with close(): stops taking jobs, waits for those in progress, stops the relay, closes Redis and
 * Postgres; a failing step is logged and the next one runs. Idempotent.
 */
export async function startServiceWorker<W extends object>(options: ServiceWorkerOptions, build: (base: ServiceWorkerBase) => Promise<W>): Promise<W & ServiceWorkerHandle> {
  const metrics = createProcessMetrics(options.name);
  // Redis clients and queue workers made while starting report to these metrics.
  return withMetricsScope(metrics, () => startInScope(options, build, metrics));
}

async function startInScope<W extends object>(options: ServiceWorkerOptions, build: (base: ServiceWorkerBase) => Promise<W>, metrics: ProcessMetrics): Promise<W & ServiceWorkerHandle> {
  const { schema } = options;
  const logger = options.logger ?? createLogger({ name: options.name, level: options.logLevel });
  const connectionName = `${options.service}-${options.name}`;
  const pool = createPool({ connectionString: options.databaseUrl, schema, applicationName: connectionName, logger });
  metrics.watchPool(pool);
  metrics.watchOutbox(() => outboxBacklog(pool, schema));
  // The metrics port closes last: probes and scrapes answer while the worker finishes its jobs.
  const closers: Array<() => Promise<void>> = [() => pool.end(), () => metrics.close()];
  const closeAll = async () => {
    for (const close of closers) await close().catch((err: unknown) => logger.error({ err }, 'shutdown step failed'));
  };
  try {
    // /readyz of the metrics port asks Postgres and Redis; this client serves only that.
    const probe = createRedis(options.redisUrl, { role: 'producer', logger, connectionName: `${connectionName}-probe` });
    closers.push(() => closeRedis(probe));
    const metricsServer = await startMetricsServer({
      ...metricsListenOptions(options.metricsEnv ?? {}, options.metricsEnv?.HOST ?? '127.0.0.1'),
      registry: metrics.registry,
      readiness: { postgres: postgresCheck(pool), redis: redisCheck(probe) },
      logger,
    });
    closers.push(() => metricsServer.close());
    await runMigrations({ pool, schema, dir: options.migrationsDir, logger });
    const relay = startOutboxRelay({ pool, schema, redisUrl: options.redisUrl, logger, ...(options.prefix ? { prefix: options.prefix } : {}) });
    closers.unshift(() => relay.stop());
    const worker = await build({ logger, pool, relay, connectionName, metrics, onClose: (step) => closers.unshift(step) });
    let closing: Promise<void> | undefined;
    return Object.assign(worker, {
      metricsUrl: metricsServer.url,
      metrics,
      close() {
        closing ??= closeAll();
        return closing;
      },
    });
  } catch (err) {
    await closeAll();
    throw err;
  }
}
