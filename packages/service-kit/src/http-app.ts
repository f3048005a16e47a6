import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Readiness } from '@tca/contracts';
import { errorMiddleware, notFoundHandler } from './errors.js';
import type { Logger } from './logger.js';
import type { ProcessMetrics } from './metrics.js';
import { withTimeout } from './timeout.js';

/** A readiness probe: resolves when the dependency answers, rejects (or times out) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

/** Shared between the HTTP app and startService: once draining, /readyz says so and responses close their connection. */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** express.json limit, e.g. '100kb'. */
  bodyLimit?: string;
  /** Exact origins allowed to call from a browser; any other Origin gets no CORS headers. */
  corsOrigins?: readonly string[];
  /** Named probes for /readyz, e.g. `{ postgres: postgresCheck(pool), redis: redisCheck(redis) }`. */
  readinessChecks?: Record<string, ReadinessCheck>;
  /** Time box of each readiness probe. */
  readinessTimeoutMs?: number;
  helmet?: HelmetOptions;
  lifecycle?: Lifecycle;
  /** Mount routes that must read the raw body (the Stripe webhook: express.raw) before the JSON parser runs. */
  beforeJson?: (app: Express) => void;
  /**
   * The peers whose X-Forwarded-* headers are believed (Express's `trust proxy`: addresses, CIDR ranges, loopback,
   * linklocal, uniquelocal; [] trusts no one), i.e. config.TRUST_PROXY. Default ['loopback']: the gateway of `npm start`.
   */
  trustProxy?: readonly string[];
  /** Counts every request (tca_http_*) by the template of the route that answered it. */
  metrics?: ProcessMetrics;
}

/** Whether the peer `hop` steps away (0: the socket's peer) may tell who the client is; Express's `trust proxy fn`. */
export type TrustsProxy = (address: string, hop: number) => boolean;

/** The check Express makes of `trustProxy` (a TRUST_PROXY list), for code that forwards requests without Express. */
export function compileTrustProxy(trustProxy: readonly string[]): TrustsProxy {
  const app = express();
  app.set('trust proxy', [...trustProxy]);
  return app.get('trust proxy fn') as TrustsProxy;
}

const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

function corsMiddleware(allowed: readonly string[]): RequestHandler {
  const origins = new Set(allowed);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origins.size > 0) res.vary('Origin');
    if (origin === undefined || !origins.has(origin)) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, X-Request-Id, Idempotency-Key');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * The Express app every service starts from: security headers, request ids and logs, CORS allow-list,
 * JSON bodies, /healthz and /readyz. Mount routes on `app`, then call `finishApp`.
 */
export function createHttpApp(options: HttpAppOptions): { app: Express; lifecycle: Lifecycle } {
  const { logger, bodyLimit = '100kb', corsOrigins = [], readinessChecks = {}, readinessTimeoutMs = 1000 } = options;
  const lifecycle = options.lifecycle ?? createLifecycle();
  const app = express();
  app.disable('x-powered-by');
  if (options.metrics) app.use(options.metrics.httpMetrics());
  // Services sit behind the gateway: trust its X-Forwarded-For, and only its, so logs and rate limits see the
  // visitor's address and a visitor cannot choose one (the gateway replaces what untrusted peers send).
  app.set('trust proxy', [...(options.trustProxy ?? ['loopback'])]);

  app.use(
    pinoHttp({
      logger: logger.child({ service: options.name }),
      genReqId(req, res) {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => HEALTH_PATHS.has(req.url?.split('?')[0] ?? '') },
      customLogLevel(_req, res, err) {
        if (err || res.statusCode >= 500) return 'error';
        return res.statusCode >= 400 ? 'warn' : 'info';
      },
    }),
  );
  app.use((_req, res, next) => {
    // While draining, finish this response and then let the client reconnect elsewhere.
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    next();
  });
  app.use(helmet(options.helmet));
  app.use(corsMiddleware(corsOrigins));

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(readinessChecks).map(async ([name, check]) => {
        try {
          await withTimeout(Promise.resolve().then(check), readinessTimeoutMs, `readiness check ${name}`);
          return [name, 'ok'] as const;
        } catch (err) {
          logger.warn({ err, check: name }, 'readiness check failed');
          return [name, 'failed'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const allOk = entries.every(([, result]) => result === 'ok');
    const status: Readiness['status'] = lifecycle.draining ? 'draining' : allOk ? 'ready' : 'not-ready';
    const body: Readiness = { status, checks };
    res.setHeader('Cache-Control', 'no-store');
    res.status(status === 'ready' ? 200 : 503).json(body);
  });

  options.beforeJson?.(app);
  // After the health routes, so a huge or broken body never affects probes.
  app.use(express.json({ limit: bodyLimit }));
  return { app, lifecycle };
}

/** Adds the JSON 404 and the error middleware: call after mounting every route. */
export function finishApp(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
