import type { Express } from 'express';
import {
  closeRedis,
  createHttpApp,
  createLogger,
  createPool,
  createRedis,
  finishApp,
  postgresCheck,
  redisCheck,
  runMigrations,
  startOutboxRelay,
  startService,
  type Lifecycle,
  type Logger,
  type OutboxRelay,
  type Pool,
  type Redis,
} from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type ContentConfig } from './config.js';
import { createApiRouter } from './entry-points/api/routes.js';

export interface ContentDeps {
  config: ContentConfig;
  logger: Logger;
  pool: Pool;
  /** Producer client: commands fail fast while Redis is down. */
  redis: Redis;
  relay: OutboxRelay;
}

export function createApp(deps: ContentDeps): { app: Express; lifecycle: Lifecycle } {
  const { config, logger, pool, redis } = deps;
  const { app, lifecycle } = createHttpApp({
    name: SERVICE_NAME,
    logger,
    bodyLimit: config.BODY_LIMIT,
    corsOrigins: config.CORS_ORIGINS,
    readinessChecks: { postgres: postgresCheck(pool), redis: redisCheck(redis) },
  });
  app.use(createApiRouter(deps));
  finishApp(app, logger);
  return { app, lifecycle };
}

export interface StartOptions {
  /** Install SIGTERM/SIGINT and fatal-error handlers (off in tests that start several services in one process). */
  handleSignals?: boolean;
  logger?: Logger;
}

export interface RunningContent {
  url: string;
  stop(): Promise<void>;
}

/** Migrates, then serves. Redis may be down at start (readiness says so; the outbox keeps jobs); Postgres may not. */
export async function start(config: ContentConfig, options: StartOptions = {}): Promise<RunningContent> {
  const logger = options.logger ?? createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });
  const pool = createPool({ connectionString: config.DATABASE_URL, schema: SCHEMA, applicationName: `${SERVICE_NAME}-api`, logger });
  // Shutdown order: relay first (it uses Redis and Postgres), then Redis, then Postgres.
  const closers: Array<() => Promise<void>> = [() => pool.end()];
  try {
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR, logger });
    const redis = createRedis(config.REDIS_URL, { role: 'producer', logger, connectionName: `${SERVICE_NAME}-api` });
    closers.unshift(() => closeRedis(redis));
    const relay = startOutboxRelay({ pool, schema: SCHEMA, connection: redis, logger });
    closers.unshift(() => relay.stop());
    const { app, lifecycle } = createApp({ config, logger, pool, redis, relay });
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
    return { url: running.url, stop: running.stop };
  } catch (err) {
    for (const close of closers) await close().catch(() => undefined);
    throw err;
  }
}
