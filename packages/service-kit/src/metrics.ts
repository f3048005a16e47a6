import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Queue } from 'bullmq';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { listen } from './listen.js';
import type { Logger } from './logger.js';
import type { MetricsHooks } from './metrics-scope.js';
import { closeRedis, createRedis, type Redis } from './redis.js';
import { withTimeout } from './timeout.js';

export { scopedMetrics, withMetricsScope, type MetricsHooks } from './metrics-scope.js';

/** METRICS_PORT unset: this port, or any free one when another process on the machine has it (see listenForMetrics). */
export const DEFAULT_METRICS_PORT = 9464;

/** The BullMQ job states `tca_queue_jobs` reports. Prioritized jobs sit outside the wait list, so they are a state of their own. */
export const QUEUE_JOB_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'] as const;

/** The metrics every process may export, besides prom-client's defaults (process_*, nodejs_*); a dashboard may use only these. */
export const TCA_METRICS = {
  httpRequests: 'tca_http_requests_total',
  httpDuration: 'tca_http_request_duration_seconds',
  httpInFlight: 'tca_http_requests_in_flight',
  pgPool: 'tca_pg_pool_connections',
  redisFailures: 'tca_redis_command_failures_total',
  queueJobs: 'tca_queue_jobs',
  queueJobDuration: 'tca_queue_job_duration_seconds',
  queueJobFailures: 'tca_queue_job_failures_total',
  outboxWaiting: 'tca_outbox_waiting',
  outboxOldestAge: 'tca_outbox_oldest_age_seconds',
  webhookDeliveries: 'tca_webhook_deliveries_total',
} as const;

/** How long a scrape waits for one queue's counts or the outbox query before leaving them out. */
const COLLECT_TIMEOUT_MS = 1000;

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the outbox gauges show: rows not relayed yet, and how long the oldest has waited (0 when none). */
export interface OutboxBacklog {
  waiting: number;
  oldestAgeSeconds: number;
}

export interface ProcessMetrics extends MetricsHooks {
  /** The `service` label of every metric: the process's name (content, gateway, payments-worker). */
  readonly service: string;
  /** This process's registry (not prom-client's global one: tests start several services in one process). */
  readonly registry: Registry;
  /** Express middleware counting requests by route template (mount before the routes). */
  httpMetrics(): RequestHandler;
  /** Counts one request when its response closes, under the route `route()` names then (undefined: `unmatched`). */
  trackRequest(req: IncomingMessage, res: ServerResponse, route: () => string | undefined): void;
  /** Reports the pool's connections (total, idle, waiting clients) on each scrape. */
  watchPool(pool: pg.Pool): void;
  /** Reads the outbox backlog on each scrape (time-boxed; left out when it fails). */
  watchOutbox(read: () => Promise<OutboxBacklog>): void;
  /** A Stripe webhook delivery was answered: accepted, duplicate, bad_signature, invalid, error. */
  webhookDelivery(outcome: string): void;
  /** Closes the Redis clients the queue gauges use. Idempotent. */
  close(): Promise<void>;
}

/**
 * The metrics of one process, in a registry of its own with prom-client's default metrics (event loop lag,
 * memory, CPU) and the tca_* ones, each labelled `service`. Gauges of pools, queues and the outbox are read
 * when scraped, not polled.
 */
export function createProcessMetrics(service: string): ProcessMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({ name: TCA_METRICS.httpRequests, help: 'HTTP requests answered, by route template', labelNames: ['method', 'route', 'status'], registers });
  const duration = new Histogram({
    name: TCA_METRICS.httpDuration,
    help: 'Time from request to the end of the response, by route template',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const inFlight = new Gauge({ name: TCA_METRICS.httpInFlight, help: 'HTTP requests being answered', registers });
  const redisFailures = new Counter({ name: TCA_METRICS.redisFailures, help: 'Redis commands that failed (connection down, time-out, error reply)', registers });
  const jobDuration = new Histogram({
    name: TCA_METRICS.queueJobDuration,
    help: 'Time one run of a job took, by queue and outcome',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers,
  });
  const jobFailures = new Counter({ name: TCA_METRICS.queueJobFailures, help: 'Job runs that failed (each retry counts)', labelNames: ['queue'], registers });
  const webhooks = new Counter({ name: TCA_METRICS.webhookDeliveries, help: 'Stripe webhook deliveries, by how they were answered', labelNames: ['outcome'], registers });

  const pools = new Set<pg.Pool>();
  new Gauge({
    name: TCA_METRICS.pgPool,
    help: 'PostgreSQL pool connections: total open, idle, and clients waiting for one',
    labelNames: ['state'],
    registers,
    collect() {
      let total = 0;
      let idle = 0;
      let waiting = 0;
      for (const pool of pools) {
        total += pool.totalCount;
        idle += pool.idleCount;
        waiting += pool.waitingCount;
      }
      if (pools.size === 0) return;
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });

  const outboxReaders: Array<() => Promise<OutboxBacklog>> = [];
  // Both outbox gauges come from one query: a scrape collects every metric at once, so the second shares the first's read.
  let pendingBacklog: Promise<OutboxBacklog | undefined> | undefined;
  function outboxBacklog(): Promise<OutboxBacklog | undefined> {
    if (pendingBacklog) return pendingBacklog;
    const read = Promise.allSettled(outboxReaders.map((reader) => withTimeout(reader(), COLLECT_TIMEOUT_MS, 'outbox backlog'))).then((results) => {
      const backlogs = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      if (backlogs.length === 0) return undefined;
      return { waiting: backlogs.reduce((sum, backlog) => sum + backlog.waiting, 0), oldestAgeSeconds: Math.max(...backlogs.map((backlog) => backlog.oldestAgeSeconds)) };
    });
    pendingBacklog = read.finally(() => {
      pendingBacklog = undefined;
    });
    return pendingBacklog;
  }
  new Gauge({
    name: TCA_METRICS.outboxWaiting,
    help: 'Outbox rows not yet relayed to their queue',
    registers,
    async collect() {
      this.reset();
      const backlog = outboxReaders.length > 0 ? await outboxBacklog() : undefined;
      if (backlog) this.set(backlog.waiting);
    },
  });
  new Gauge({
    name: TCA_METRICS.outboxOldestAge,
    help: 'Age of the oldest outbox row not yet relayed (0 when none)',
    registers,
    async collect() {
      this.reset();
      const backlog = outboxReaders.length > 0 ? await outboxBacklog() : undefined;
      if (backlog) this.set(backlog.oldestAgeSeconds);
    },
  });

  // One producer client per Redis URL (fails fast while Redis is down), one Queue per prefix and name.
  const clients = new Map<string, Redis>();
  const queues = new Map<string, { name: string; queue: Queue; client: Redis }>();
  let closed = false;

  const hooks: MetricsHooks = {
    redisCommandFailed() {
      redisFailures.inc();
    },
    watchQueue({ name, prefix = 'bull', redisUrl }) {
      const key = `${prefix}:${name}`;
      if (closed || queues.has(key)) return;
      let client = clients.get(redisUrl);
      if (!client) {
        client = createRedis(redisUrl, { role: 'producer', connectionName: `${service}-metrics`, metrics: hooks });
        clients.set(redisUrl, client);
      }
      const queue = new Queue(name, { connection: client, prefix });
      // Without a listener an 'error' event would throw; a failed collection is counted instead.
      queue.on('error', () => undefined);
      queues.set(key, { name, queue, client });
    },
    queueJobFinished(queue, outcome, seconds) {
      jobDuration.observe({ queue, outcome }, seconds);
      if (outcome === 'failed') jobFailures.inc({ queue });
    },
  };

  async function countJobs(entry: { queue: Queue; client: Redis }): Promise<Record<string, number>> {
    // A client still connecting gets a moment; one that is down fails at once (no offline queue).
    if (entry.client.status === 'connecting' || entry.client.status === 'connect' || entry.client.status === 'reconnecting') {
      await withTimeout(once(entry.client, 'ready'), COLLECT_TIMEOUT_MS / 2, 'redis connect').catch(() => undefined);
    }
    return withTimeout(entry.queue.getJobCounts(...QUEUE_JOB_STATES), COLLECT_TIMEOUT_MS, 'queue job counts');
  }

  new Gauge({
    name: TCA_METRICS.queueJobs,
    help: 'Jobs of the queues this process consumes, by state',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      await Promise.all(
        [...queues.values()].map(async (entry) => {
          try {
            const counts = await countJobs(entry);
            for (const state of QUEUE_JOB_STATES) this.set({ queue: entry.name, state }, counts[state] ?? 0);
          } catch {
            // Redis down or slow: this scrape goes without the queue's counts rather than hang.
            redisFailures.inc();
          }
        }),
      );
    },
  });

  function trackRequest(req: IncomingMessage, res: ServerResponse, route: () => string | undefined): void {
    const started = process.hrtime.bigint();
    inFlight.inc();
    res.once('close', () => {
      inFlight.dec();
      const method = HTTP_METHODS.has(req.method ?? '') ? (req.method as string) : 'other';
      // 499 (as nginx logs it): the client went away before an answer was sent.
      const status = res.headersSent ? String(res.statusCode) : '499';
      const labels = { method, route: route() ?? 'unmatched', status };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  }

  return {
    ...hooks,
    service,
    registry,
    trackRequest,
    httpMetrics() {
      return (req, res, next) => {
        let template: string | undefined;
        // The last route matched is the one that answered (an earlier one may have passed the request on with next()).
        captureRouteTemplate(req, (matched) => {
          template = matched;
        });
        trackRequest(req, res, () => template);
        next();
      };
    },
    watchPool(pool) {
      pools.add(pool);
    },
    watchOutbox(read) {
      outboxReaders.push(read);
    },
    webhookDelivery(outcome) {
      webhooks.inc({ outcome });
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...queues.values()].map(({ queue }) => withTimeout(queue.close(), 2000, 'queue close').catch(() => undefined)));
      await Promise.all([...clients.values()].map((client) => closeRedis(client)));
    },
  };
}

interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
}

/**
 * Express's router sets `req.route` when a route matches; `req.baseUrl` is then the mount path of its router.
 * Reading both at that moment gives the full template (`/staff-api/members/:userId`); read later, when the
 * response ends, baseUrl may have been restored already (an error passed on to the app's handler).
 */
function captureRouteTemplate(req: RoutedRequest, onMatch: (template: string) => void): void {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      const path = (value as { path?: unknown } | undefined)?.path;
      if (path !== undefined) onMatch(`${req.baseUrl ?? ''}${String(path)}`);
    },
  });
}

/** A readiness probe of the metrics port's /readyz: resolves when the dependency answers. */
export type MetricsReadinessCheck = () => Promise<unknown>;

export interface StartMetricsServerOptions {
  port: number;
  host: string;
  registry: Registry;
  /** Named checks for /readyz (200 when all pass within a second, 503 otherwise); without them there is no /readyz here. */
  readiness?: Record<string, MetricsReadinessCheck>;
  /** When `port` is taken, listen on any free port instead of failing (METRICS_PORT left unset). */
  fallbackToFreePort?: boolean;
  logger?: Logger;
}

export interface MetricsServer {
  /** http://host:port, e.g. http://127.0.0.1:9464 (its /metrics is the scrape target). */
  url: string;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readiness(checks: Record<string, MetricsReadinessCheck>): Promise<{ ok: boolean; checks: Record<string, 'ok' | 'failed'> }> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(Promise.resolve().then(check), COLLECT_TIMEOUT_MS, `readiness check ${name}`);
        return [name, 'ok'] as const;
      } catch {
        return [name, 'failed'] as const;
      }
    }),
  );
  return { ok: entries.every(([, result]) => result === 'ok'), checks: Object.fromEntries(entries) };
}

/**
 * The process's metrics port: GET /metrics (Prometheus text), /healthz (200 while the process runs) and, given
 * checks, /readyz. Nothing else is served there, and the gateway never forwards to it.
 */
export async function startMetricsServer(options: StartMetricsServerOptions): Promise<MetricsServer> {
  const { registry, host, logger, readiness: checks } = options;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(res, 405, { error: 'method_not_allowed', message: 'Only GET and HEAD are served here.' });
      return;
    }
    if (path === '/metrics') {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
          res.end(text);
        },
        (err: unknown) => {
          logger?.error({ err }, 'metrics collection failed');
          sendJson(res, 500, { error: 'internal', message: 'The metrics could not be collected.' });
        },
      );
    } else if (path === '/healthz') {
      sendJson(res, 200, { status: 'ok' });
    } else if (path === '/readyz' && checks) {
      void readiness(checks).then((result) => sendJson(res, result.ok ? 200 : 503, { status: result.ok ? 'ready' : 'not-ready', checks: result.checks }));
    } else {
      sendJson(res, 404, { error: 'not_found', message: 'This port serves /metrics, /healthz and /readyz.' });
    }
  });
  let url: string;
  try {
    url = await listen(server, options.port, host);
  } catch (err) {
    if (!options.fallbackToFreePort || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    logger?.warn({ port: options.port }, 'metrics port taken (another process on this machine?); using a free port: set METRICS_PORT to choose one');
    url = await listen(server, 0, host);
  }
  logger?.info({ metricsUrl: `${url}/metrics` }, 'metrics listening');
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The metrics settings of a process's config (metricsEnvFields). */
export interface MetricsEnv {
  METRICS_PORT?: number | undefined;
  METRICS_HOST?: string | undefined;
}

/**
 * Where a process serves its metrics: METRICS_PORT (unset: 9464, or any free port when that is taken) on
 * METRICS_HOST (unset: `host`, the address the process's own port listens on).
 */
export function metricsListenOptions(config: MetricsEnv, host: string): Pick<StartMetricsServerOptions, 'port' | 'host' | 'fallbackToFreePort'> {
  return { port: config.METRICS_PORT ?? DEFAULT_METRICS_PORT, host: config.METRICS_HOST ?? host, fallbackToFreePort: config.METRICS_PORT === undefined };
}
