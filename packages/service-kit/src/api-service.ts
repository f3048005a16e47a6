import type { Express, RequestHandler } from 'express';
import { ConfigError, type ServiceEnv } from './config.js';
import { createHttpApp, finishApp, type Lifecycle } from './http-app.js';
import { createLogger, type Logger } from './logger.js';
import { createProcessMetrics, metricsListenOptions, startMetricsServer, withMetricsScope, type ProcessMetrics } from './metrics.js';
import { runMigrations } from './migrations.js';
import { outboxBacklog, startOutboxRelay, type OutboxRelay } from './outbox.js';
import { createPool, postgresCheck, type Pool } from './postgres.js';
import { closeRedis, createRedis, redisCheck, type Redis } from './redis.js';
import { startService } from './start-service.js';

/** What an API service's routes get to work with. */
export interface ApiServiceDeps<C extends ServiceEnv = ServiceEnv> {
  config: C;
  logger: Logger;
  /** Its search_path is the service's own schema. */
  pool: Pool;
  /** Producer client: commands fail fast while Redis is down. */
  redis: Redis;
  relay: OutboxRelay;
  /** The process's metrics (requests are counted already; a route may add its own, e.g. webhook outcomes). */
  metrics: ProcessMetrics;
}

/** What makes one API service itself; everything else (start-up, health, shutdown) is shared. */
export interface ApiService<C extends ServiceEnv = ServiceEnv> {
  /** Logger name, `service` of request logs, `<name>-api` as the Postgres/Redis connection name. */
  name: string;
  /** The Postgres schema the service owns. */
  schema: string;
  /** Folder of its `NNN_name.sql` migrations. */
  migrationsDir: string;
  /** The service's routes, mounted after the JSON parser and before the JSON 404. */
  createRouter(deps: ApiServiceDeps<C>): RequestHandler;
  /** Routes that must read the raw body (a webhook: express.raw), mounted before the JSON parser. */
  beforeJson?(app: Express, deps: ApiServiceDeps<C>): void;
}

export interface ApiServiceStartOptions {
  /** Install SIGTERM/SIGINT and fatal-error handlers (off in tests that start several services in one process). Default true. */
  handleSignals?: boolean;
  /** Default: a pino logger named after the service, at config.LOG_LEVEL. */
  logger?: Logger;
}

export interface StartApiServiceOptions<C extends ServiceEnv = ServiceEnv> extends ApiService<C>, ApiServiceStartOptions {
  config: C;
}

export interface RunningApiService {
  /** http://host:port actually bound. */
  url: string;
  /** http://host:port of the metrics port (GET /metrics, /healthz, /readyz): METRICS_PORT on METRICS_HOST. */
  metricsUrl: string;
  /** Drain, close HTTP, stop the relay, close Redis, then Postgres. Idempotent. */
  stop(): Promise<void>;
}

/** The Express app of an API service, not yet listening: health and readiness (Postgres, Redis), its routes, JSON 404 and errors. */
export function createServiceApp<C extends ServiceEnv>(service: Pick<ApiService<C>, 'name' | 'createRouter' | 'beforeJson'>, deps: ApiServiceDeps<C>): { app: Express; lifecycle: Lifecycle } {
  const { config, logger, pool, redis, metrics } = deps;
  const { app, lifecycle } = createHttpApp({
    name: service.name,
    logger,
    bodyLimit: config.BODY_LIMIT,
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    metrics,
    readinessChecks: { postgres: postgresCheck(pool), redis: redisCheck(redis) },
    beforeJson: service.beforeJson ? (target: Express) => service.beforeJson?.(target, deps) : undefined,
  });
  app.use(service.createRouter(deps));
  finishApp(app, logger);
  return { app, lifecycle };
}

/**
 * Migrates, then serves. Redis may be down at start (readiness says so; the outbox keeps jobs); Postgres
 * may not. If any step fails, what was opened is closed again before the error is rethrown.
 */
export async function startApiService<C extends ServiceEnv>(options: StartApiServiceOptions<C>): Promise<RunningApiService> {
  const metrics = createProcessMetrics(options.name);
  // Redis clients made while starting (the service's own, its rate limits') count their failures in these metrics.
  return withMetricsScope(metrics, () => startInScope(options, metrics));
}

async function startInScope<C extends ServiceEnv>(options: StartApiServiceOptions<C>, metrics: ProcessMetrics): Promise<RunningApiService> {
  const { name, schema, config } = options;
  const logger = options.logger ?? createLogger({ name, level: config.LOG_LEVEL });
  const pool = createPool({ connectionString: config.DATABASE_URL, schema, applicationName: `${name}-api`, logger });
  metrics.watchPool(pool);
  metrics.watchOutbox(() => outboxBacklog(pool, schema));
  // Shutdown order: relay first (it uses Redis and Postgres), then Redis, then Postgres; the metrics port last.
  const closers: Array<() => Promise<void>> = [() => pool.end(), () => metrics.close()];
  try {
    const redis = createRedis(config.REDIS_URL, { role: 'producer', logger, connectionName: `${name}-api`, metrics });
    closers.unshift(() => closeRedis(redis));
    const metricsServer = await startMetricsServer({
      ...metricsListenOptions(config, config.HOST),
      registry: metrics.registry,
      readiness: { postgres: postgresCheck(pool), redis: redisCheck(redis) },
      logger,
    });
    closers.push(() => metricsServer.close());
    await runMigrations({ pool, schema, dir: options.migrationsDir, logger });
    const relay = startOutboxRelay({ pool, schema, connection: redis, logger });
    closers.unshift(() => relay.stop());
    const { app, lifecycle } = createServiceApp(options, { config, logger, pool, redis, relay, metrics });
    const running = await startService({
      app,
      port: config.PORT,
      host: config.HOST,
      logger,
      lifecycle,
      graceMs: config.SHUTDOWN_GRACE_MS,
      drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS,
      handleSignals: options.handleSignals ?? true,
      onShutdown: closers,
    });
    return { url: running.url, metricsUrl: metricsServer.url, stop: running.stop };
  } catch (err) {
    for (const close of closers) await close().catch(() => undefined);
    throw err;
  }
}

/**
 * The body of a service's `index.ts`: loads the config and starts. A ConfigError prints its list of
 * problems (`<name> service: Invalid configuration ...`), any other failure `<name> service failed to start:`
 * and the error; both exit 1. On success the process lives on until a signal stops the service.
 */
export async function runServiceMain<C>(name: string, loadConfig: () => C, start: (config: C) => Promise<unknown>): Promise<void> {
  try {
    await start(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${name} service: ${err.message}`);
    } else {
      console.error(`${name} service failed to start:`, err);
    }
    process.exit(1);
  }
}
