import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { Router } from 'express';
import { z } from 'zod';
import { startApiService, type RunningApiService } from './api-service.js';
import { loadConfig, serviceEnvSchema } from './config.js';
import { AppError } from './errors.js';
import { createLogger } from './logger.js';
import { createProcessMetrics, startMetricsServer, withMetricsScope, type ProcessMetrics } from './metrics.js';
import { addToOutbox, outboxBacklog, OUTBOX_TABLE_SQL } from './outbox.js';
import { createPool } from './postgres.js';
import { startQueueWorker } from './queue-worker.js';
import { createRedis, closeRedis } from './redis.js';
import { startServiceWorker } from './service-worker.js';
import { createTestDatabase, startRedisServer, testRedisUrl, uniquePrefix, waitFor, type TestDatabase } from './testing.js';

const logger = createLogger({ name: 'kit', level: 'silent' });

/** The value of the sample `name{labels}` in Prometheus text, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(metricsUrl: string): Promise<string> {
  const res = await fetch(`${metricsUrl}/metrics`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  return res.text();
}

describe('metrics of an API service (startApiService)', () => {
  let db: TestDatabase;
  let dir: string;
  let service: RunningApiService;
  const release = new Set<() => void>();

  before(async () => {
    db = await createTestDatabase('kit_metrics');
    dir = await mkdtemp(join(tmpdir(), 'kit-metrics-'));
    await writeFile(join(dir, '001_init.sql'), OUTBOX_TABLE_SQL);
    const config = loadConfig(serviceEnvSchema, { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), PORT: '0', METRICS_PORT: '0' });
    service = await startApiService({
      name: 'kit',
      schema: 'kit_metrics',
      migrationsDir: dir,
      config,
      logger,
      handleSignals: false,
      createRouter() {
        const router = Router();
        router.get('/items/:id', (_req, res) => {
          res.json({ ok: true });
        });
        // Answers once the test lets it: in flight meanwhile.
        router.get('/slow', async (_req, res) => {
          await new Promise<void>((resolve) => release.add(resolve));
          res.json({ ok: true });
        });
        const staff = Router();
        staff.get('/members/:userId', () => {
          // Passed on to the app's error handler, outside this router: the template must be kept all the same.
          throw new AppError(404, 'not_found', 'No such member.');
        });
        router.use('/staff-api', staff);
        return router;
      },
    });
  });
  after(async () => {
    await service?.stop();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('counts requests by route template and status on its own port, with in-flight back to 0', async () => {
    assert.notEqual(new URL(service.metricsUrl).port, new URL(service.url).port);
    for (const path of ['/items/1', '/items/2', '/staff-api/members/42', '/no/such/path']) await (await fetch(`${service.url}${path}`)).text();
    const slow = fetch(`${service.url}/slow`);
    await waitFor(() => release.size === 1, 5000, 'the slow request to arrive');
    assert.equal(sample(await scrape(service.metricsUrl), 'tca_http_requests_in_flight', { service: 'kit' }), 1);
    for (const go of release) go();
    await (await slow).text();

    await waitFor(async () => sample(await scrape(service.metricsUrl), 'tca_http_requests_in_flight') === 0, 2000, 'in-flight back to 0');
    const text = await scrape(service.metricsUrl);
    assert.equal(sample(text, 'tca_http_requests_total', { method: 'GET', route: '/items/:id', status: '200', service: 'kit' }), 2);
    assert.equal(sample(text, 'tca_http_requests_total', { route: '/staff-api/members/:userId', status: '404' }), 1);
    assert.equal(sample(text, 'tca_http_requests_total', { route: 'unmatched', status: '404' }), 1);
    assert.equal(sample(text, 'tca_http_requests_total', { route: '/slow', status: '200' }), 1);
    assert.equal(sample(text, 'tca_http_request_duration_seconds_count', { route: '/items/:id', status: '200' }), 2);
    assert.ok((sample(text, 'tca_http_request_duration_seconds_sum', { route: '/slow' }) ?? 0) > 0);
    assert.doesNotMatch(text, /\/items\/1|\/no\/such\/path/, 'no raw URL becomes a label');
    // prom-client's defaults, labelled with the service.
    assert.notEqual(sample(text, 'nodejs_eventloop_lag_p99_seconds', { service: 'kit' }), undefined);
    assert.notEqual(sample(text, 'process_cpu_user_seconds_total', { service: 'kit' }), undefined);
  });

  it('reports the pool and the outbox backlog when scraped', async () => {
    const text = await scrape(service.metricsUrl);
    assert.ok((sample(text, 'tca_pg_pool_connections', { state: 'total' }) ?? 0) >= 1);
    assert.notEqual(sample(text, 'tca_pg_pool_connections', { state: 'idle' }), undefined);
    assert.equal(sample(text, 'tca_pg_pool_connections', { state: 'waiting' }), 0);
    assert.notEqual(sample(text, 'tca_outbox_waiting', { service: 'kit' }), undefined);
    assert.notEqual(sample(text, 'tca_outbox_oldest_age_seconds', { service: 'kit' }), undefined);
  });

  it('answers /healthz and /readyz on the metrics port, and nothing else there; the service port has no /metrics', async () => {
    assert.deepEqual(await (await fetch(`${service.metricsUrl}/healthz`)).json(), { status: 'ok' });
    const ready = await fetch(`${service.metricsUrl}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    assert.equal((await fetch(`${service.metricsUrl}/items/1`)).status, 404);
    assert.equal((await fetch(`${service.metricsUrl}/metrics`, { method: 'POST' })).status, 405);
    assert.equal((await fetch(`${service.url}/metrics`)).status, 404);
  });
});

describe('outbox gauges', () => {
  it('count the rows not relayed and the age of the oldest', async () => {
    const db = await createTestDatabase('kit_outbox_gauge');
    const pool = createPool({ connectionString: db.url, schema: 'public', applicationName: 'kit-outbox-gauge' });
    const metrics = createProcessMetrics('kit');
    try {
      await pool.query(OUTBOX_TABLE_SQL);
      metrics.watchOutbox(() => outboxBacklog(pool, 'public'));
      assert.equal(sample(await metrics.registry.metrics(), 'tca_outbox_waiting'), 0);
      assert.equal(sample(await metrics.registry.metrics(), 'tca_outbox_oldest_age_seconds'), 0);
      await addToOutbox(pool, { queue: 'email', name: 'a', jobId: 'a', payload: {} });
      await addToOutbox(pool, { queue: 'email', name: 'b', jobId: 'b', payload: {} });
      await pool.query(`UPDATE outbox SET created_at = now() - interval '120 seconds' WHERE job_id = 'a'`);
      await addToOutbox(pool, { queue: 'email', name: 'c', jobId: 'c', payload: {} });
      await pool.query(`UPDATE outbox SET sent_at = now() WHERE job_id = 'c'`);
      const text = await metrics.registry.metrics();
      assert.equal(sample(text, 'tca_outbox_waiting'), 2);
      const age = sample(text, 'tca_outbox_oldest_age_seconds') ?? 0;
      assert.ok(age >= 119 && age < 200, `oldest age ${age}`);
    } finally {
      await metrics.close();
      await pool.end();
      await db.drop();
    }
  });
});

describe('queue metrics', () => {
  const prefix = uniquePrefix('kit-metrics');
  const redisUrl = testRedisUrl();
  let metrics: ProcessMetrics;
  let producer: ReturnType<typeof createRedis>;

  before(() => {
    metrics = createProcessMetrics('kit-worker');
    producer = createRedis(redisUrl, { role: 'worker' });
  });
  after(async () => {
    const keys = await producer.keys(`${prefix}:*`);
    if (keys.length > 0) await producer.del(...keys);
    await closeRedis(producer);
    await metrics.close();
  });

  it('reports jobs by state, prioritized ones apart from waiting ones', async () => {
    const queue = new Queue('support-tickets', { connection: producer, prefix });
    try {
      await queue.add('a', {});
      await queue.add('b', {});
      await queue.add('c', {}, { priority: 5 });
      await queue.add('d', {}, { delay: 60_000 });
      metrics.watchQueue({ name: 'support-tickets', prefix, redisUrl });
      const text = await metrics.registry.metrics();
      const jobs = (state: string) => sample(text, 'tca_queue_jobs', { queue: 'support-tickets', state, service: 'kit-worker' });
      assert.deepEqual(
        ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'].map(jobs),
        [2, 1, 0, 1, 0, 0],
      );
    } finally {
      await queue.close();
    }
  });

  it('times each run, counts failed runs, and reports the queue it consumes', async () => {
    const worker = await startQueueWorker({
      queue: 'email',
      redisUrl,
      prefix,
      schema: z.object({ fail: z.boolean() }),
      logger,
      metrics,
      async process({ fail }) {
        if (fail) throw new Error('refused');
        return 'done';
      },
    });
    const queue = new Queue('email', { connection: producer, prefix });
    try {
      await queue.add('ok', { fail: false });
      await queue.add('bad', { fail: true }, { attempts: 2 });
      await queue.add('invalid', { fail: 'no' });
      await waitFor(async () => (await queue.getJobCounts('completed', 'failed')).failed === 2, 10_000, 'two jobs to fail for good');
      await waitFor(async () => (await queue.getJobCounts('completed')).completed === 1, 5000, 'one job to complete');
      const text = await metrics.registry.metrics();
      // 'bad' ran twice, 'invalid' once (no retry for a payload the contract refuses).
      assert.equal(sample(text, 'tca_queue_job_failures_total', { queue: 'email' }), 3);
      assert.equal(sample(text, 'tca_queue_job_duration_seconds_count', { queue: 'email', outcome: 'failed' }), 3);
      assert.equal(sample(text, 'tca_queue_job_duration_seconds_count', { queue: 'email', outcome: 'completed' }), 1);
      assert.equal(sample(text, 'tca_queue_jobs', { queue: 'email', state: 'failed' }), 2);
      assert.equal(sample(text, 'tca_queue_jobs', { queue: 'email', state: 'completed' }), 1);
    } finally {
      await queue.close();
      await worker.close();
    }
  });

  it('still answers within 2 s while Redis is down, counting the failure', async () => {
    const redis = await startRedisServer();
    const own = createProcessMetrics('kit-down');
    try {
      own.watchQueue({ name: 'email', prefix, redisUrl: redis.url });
      assert.equal(sample(await own.registry.metrics(), 'tca_queue_jobs', { queue: 'email', state: 'waiting' }), 0);
      await redis.stop();
      const started = Date.now();
      const text = await own.registry.metrics();
      assert.ok(Date.now() - started < 2000, `the scrape took ${Date.now() - started} ms`);
      assert.equal(sample(text, 'tca_queue_jobs', { queue: 'email', state: 'waiting' }), undefined, 'no stale counts');
      assert.ok((sample(text, 'tca_redis_command_failures_total') ?? 0) >= 1);
      assert.notEqual(sample(text, 'nodejs_eventloop_lag_p99_seconds'), undefined);
    } finally {
      await own.close();
      await redis.remove();
    }
  });
});

describe('Redis command failures', () => {
  it("are counted for the kit's clients: given the metrics, or made while a service starts in their scope", async () => {
    const metrics = createProcessMetrics('kit-redis');
    const refused = await closedRedisUrl();
    const given = createRedis(refused, { role: 'producer', metrics });
    const scoped = withMetricsScope(metrics, () => createRedis(refused, { role: 'producer' }));
    const elsewhere = createRedis(refused, { role: 'producer' });
    try {
      for (const client of [given, scoped, elsewhere]) await assert.rejects(client.get('k'));
      await assert.rejects(given.set('k', 'v'));
      assert.equal(sample(await metrics.registry.metrics(), 'tca_redis_command_failures_total'), 3);
    } finally {
      for (const client of [given, scoped, elsewhere]) client.disconnect();
      await metrics.close();
    }
  });
});

/** A redis:// URL on a port nothing listens on. */
async function closedRedisUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `redis://127.0.0.1:${port}`;
}

describe('a service worker (startServiceWorker)', () => {
  it('serves /metrics, /healthz and /readyz (Postgres and Redis) on its metrics port until closed', async () => {
    const db = await createTestDatabase('kit_worker_metrics');
    const dir = await mkdtemp(join(tmpdir(), 'kit-worker-metrics-'));
    await writeFile(join(dir, '001_init.sql'), OUTBOX_TABLE_SQL);
    try {
      const worker = await startServiceWorker(
        { service: 'kit', name: 'kit-worker', databaseUrl: db.url, redisUrl: testRedisUrl(), schema: 'kit_worker', migrationsDir: dir, logLevel: 'silent', prefix: uniquePrefix('kit-sw'), metricsEnv: { METRICS_PORT: 0 } },
        async () => ({}),
      );
      const { metricsUrl } = worker;
      try {
        assert.deepEqual(await (await fetch(`${metricsUrl}/healthz`)).json(), { status: 'ok' });
        const ready = await fetch(`${metricsUrl}/readyz`);
        assert.equal(ready.status, 200);
        assert.deepEqual(await ready.json(), { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
        const text = await scrape(metricsUrl);
        assert.notEqual(sample(text, 'tca_pg_pool_connections', { state: 'total', service: 'kit-worker' }), undefined);
        assert.equal(sample(text, 'tca_outbox_waiting', { service: 'kit-worker' }), 0);
      } finally {
        await worker.close();
      }
      await assert.rejects(fetch(`${metricsUrl}/healthz`), 'the port is closed with the worker');
    } finally {
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers /readyz 503 when Redis is down', async () => {
    const redis = await startRedisServer();
    const db = await createTestDatabase('kit_worker_ready');
    const dir = await mkdtemp(join(tmpdir(), 'kit-worker-ready-'));
    await writeFile(join(dir, '001_init.sql'), OUTBOX_TABLE_SQL);
    try {
      const worker = await startServiceWorker(
        { service: 'kit', name: 'kit-worker', databaseUrl: db.url, redisUrl: redis.url, schema: 'kit_worker', migrationsDir: dir, logLevel: 'silent', metricsEnv: { METRICS_PORT: 0 } },
        async () => ({}),
      );
      try {
        await waitFor(async () => (await fetch(`${worker.metricsUrl}/readyz`)).status === 200, 5000, 'ready');
        await redis.stop();
        const res = await fetch(`${worker.metricsUrl}/readyz`);
        assert.equal(res.status, 503);
        assert.deepEqual(await res.json(), { status: 'not-ready', checks: { postgres: 'ok', redis: 'failed' } });
        assert.equal((await fetch(`${worker.metricsUrl}/healthz`)).status, 200, 'alive all the same');
      } finally {
        await worker.close();
      }
    } finally {
      await redis.remove();
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('startMetricsServer', () => {
  let taken: Server;
  let port: number;
  before(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('fails on a taken METRICS_PORT, and moves to a free port when the port was only the default', async () => {
    const { registry } = createProcessMetrics('kit');
    await assert.rejects(startMetricsServer({ port, host: '127.0.0.1', registry }), /EADDRINUSE/);
    const moved = await startMetricsServer({ port, host: '127.0.0.1', registry, fallbackToFreePort: true });
    try {
      assert.notEqual(new URL(moved.url).port, String(port));
      assert.equal((await fetch(`${moved.url}/metrics`)).status, 200);
      assert.equal((await fetch(`${moved.url}/readyz`)).status, 404, 'no /readyz without checks');
    } finally {
      await moved.close();
    }
  });
});
