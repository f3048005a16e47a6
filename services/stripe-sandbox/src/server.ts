import { createHttpApp, createLogger, createPool, finishApp, postgresCheck, runMigrations, startService, type Logger } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type SandboxConfig } from './config.js';
import { CheckoutSandbox } from './domain/checkout-sandbox.js';
import { RefundSandbox } from './domain/refund-sandbox.js';
import { switchesFrom, type Switches } from './domain/switches.js';
import { createAdminRouter } from './entry-points/admin/admin-routes.js';
import { createStripeRouter } from './entry-points/api/stripe-routes.js';
import { createHostedPageRouter } from './entry-points/hosted-page/page-routes.js';
import { DeliveryLoop } from './webhooks/delivery-loop.js';

export interface SandboxStartOptions {
  /** Install SIGTERM/SIGINT and fatal-error handlers (off in tests). Default true. */
  handleSignals?: boolean;
  logger?: Logger;
}

export interface RunningSandbox {
  /** http://host:port actually bound. */
  url: string;
  /** Base of the hosted page's URL (SANDBOX_PUBLIC_URL, else `url`). */
  publicUrl: string;
  /** The delivery switches of this process (what POST /__sandbox/config changes). */
  switches: Switches;
  /** Drain, close HTTP, stop the delivery loop, close Postgres. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Migrates its schema, then serves Stripe's Checkout and Refunds APIs under /v1, the hosted page under /c/pay and
 * (SANDBOX_ADMIN) the test API under /__sandbox, and runs the webhook delivery loop. Needs Postgres only.
 */
export async function start(config: SandboxConfig, options: SandboxStartOptions = {}): Promise<RunningSandbox> {
  const logger = options.logger ?? createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });
  const pool = createPool({ connectionString: config.DATABASE_URL, schema: SCHEMA, applicationName: SERVICE_NAME, logger });
  try {
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR, logger });
    const switches = switchesFrom(config);
    let publicUrl = config.SANDBOX_PUBLIC_URL ?? '';
    // The loop expires overdue sessions through the sandbox; the sandbox wakes the loop on each new event.
    const deliveryLoop: DeliveryLoop = new DeliveryLoop({ pool, config, switches, logger, sweep: () => sandbox.expireDue() });
    const sandbox = new CheckoutSandbox({ pool, config, switches, logger, publicUrl: () => publicUrl, onEvent: () => deliveryLoop.wake() });
    const refunds = new RefundSandbox({ pool, config, switches, onEvent: () => deliveryLoop.wake() });

    const { app, lifecycle } = createHttpApp({
      name: SERVICE_NAME,
      logger,
      bodyLimit: config.BODY_LIMIT,
      corsOrigins: config.CORS_ORIGINS,
      trustProxy: config.TRUST_PROXY,
      readinessChecks: { postgres: postgresCheck(pool) },
    });
    // Stripe's query strings carry brackets (expand[0]=line_items): parse them as Stripe does.
    app.set('query parser', 'extended');
    app.use('/v1', createStripeRouter({ pool, logger, sandbox, refunds, secretKey: config.SANDBOX_SECRET_KEY }));
    app.use('/c/pay', createHostedPageRouter({ sandbox, merchantName: config.SANDBOX_MERCHANT_NAME, logger }));
    if (config.SANDBOX_ADMIN) {
      app.use('/__sandbox', createAdminRouter({ pool, logger, switches, secretKey: config.SANDBOX_SECRET_KEY, webhookEndpoints: config.SANDBOX_WEBHOOK_URL }));
    }
    finishApp(app, logger);

    const running = await startService({
      app,
      port: config.PORT,
      host: config.HOST,
      logger,
      lifecycle,
      graceMs: config.SHUTDOWN_GRACE_MS,
      drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS,
      handleSignals: options.handleSignals ?? true,
      onShutdown: [() => deliveryLoop.stop(), () => pool.end()],
    });
    publicUrl ||= running.url;
    deliveryLoop.start();
    if (config.SANDBOX_WEBHOOK_URL.length === 0) logger.warn('SANDBOX_WEBHOOK_URL is not set: events are recorded but sent nowhere');
    logger.info({ publicUrl, webhookEndpoints: config.SANDBOX_WEBHOOK_URL, switches }, 'stripe sandbox ready');
    return { url: running.url, publicUrl, switches, stop: running.stop };
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}
