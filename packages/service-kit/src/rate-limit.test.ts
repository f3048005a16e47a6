import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express, { type RequestHandler } from 'express';
import { createLogger } from './logger.js';
import { ipRateLimit, keyRateLimit, retryMessage } from './rate-limit.js';
import { closeRedis, createRedis, type Redis } from './redis.js';
import { startRedisServer, waitFor, type TestRedisServer } from './testing/processes.js';

const silent = createLogger({ name: 'rate-limit-test', level: 'silent' });

async function listen(app: express.Express): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function appWith(path: string, limiter: RequestHandler, status = 201): express.Express {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(express.json());
  app.post(path, limiter, (req, res) => {
    const body = req.body as { fail?: boolean } | undefined;
    if (body?.fail) res.locals.failed = true;
    res.status(body?.fail ? 401 : status).json({ ok: !body?.fail });
  });
  return app;
}

interface LimitedSite {
  /** A redis-server of the suite's own, which a test may stop and start again. */
  redisServer: TestRedisServer;
  redis: Redis;
  url: string;
}

/**
 * Registers before/after hooks for a suite: its own redis-server, a client of it (`redisOptions`), and the
 * app `build` makes with that client, listening; all stopped after the suite.
 */
function useLimitedSite(redisOptions: { lazyConnect?: boolean }, build: (redis: Redis) => express.Express): LimitedSite {
  const suite = {} as LimitedSite;
  let site: { url: string; close(): Promise<void> } | undefined;

  before(async () => {
    suite.redisServer = await startRedisServer();
    suite.redis = createRedis(suite.redisServer.url, { role: 'producer', ...redisOptions, logger: silent });
    site = await listen(build(suite.redis));
    suite.url = site.url;
  });

  after(async () => {
    await site?.close();
    if (suite.redis) await closeRedis(suite.redis);
    await suite.redisServer?.stop();
  });

  return suite;
}

describe('retryMessage', () => {
  it('says how many whole minutes are left, rounded up, at least one', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    assert.equal(retryMessage(new Date(now + 15 * 60_000), 900_000, now), 'Too many messages from this address. Please try again in 15 minutes.');
    assert.equal(retryMessage(new Date(now + 61_000), 900_000, now), 'Too many messages from this address. Please try again in 2 minutes.');
    assert.equal(retryMessage(new Date(now + 5_000), 900_000, now), 'Too many messages from this address. Please try again in 1 minute.');
    assert.equal(retryMessage(undefined, 600_000, now), 'Too many messages from this address. Please try again in 10 minutes.');
  });

  it('starts with the limit’s own sentence when it has one', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    assert.equal(retryMessage(new Date(now + 60_000), 900_000, now, 'Too many login attempts.'), 'Too many login attempts. Please try again in 1 minute.');
  });
});

describe('ipRateLimit', () => {
  // A lazy client: the store connects it before loading its scripts.
  const suite = useLimitedSite({ lazyConnect: true }, (redis) => {
    const app = appWith('/form', ipRateLimit({ limit: 2, windowMs: 60_000, redis, prefix: 'rl:test:', logger: silent }));
    app.post('/unlimited', ipRateLimit({ limit: 0, windowMs: 60_000, redis, prefix: 'rl:test0:', logger: silent }), (_req, res) => {
      res.status(201).json({ ok: true });
    });
    return app;
  });

  const send = (ip: string, path = '/form') => fetch(`${suite.url}${path}`, { method: 'POST', headers: { 'X-Forwarded-For': ip } });
  const statuses = async (ip: string, n: number) => {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await send(ip)).status);
    return result;
  };

  it('connects the lazy client on first use and limits each address, with Retry-After and a clear message', async () => {
    assert.equal(suite.redis.status, 'wait');
    assert.deepEqual(await statuses('192.0.2.1', 2), [201, 201]);
    assert.equal(suite.redis.status, 'ready');
    const over = await send('192.0.2.1');
    assert.equal(over.status, 429);
    const retryAfter = Number(over.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.deepEqual(await over.json(), { error: 'rate_limited', message: 'Too many messages from this address. Please try again in 1 minute.' });
    assert.deepEqual(await statuses('192.0.2.2', 1), [201]);
  });

  it('lets requests through while Redis is down, quickly, and limits again once it is back', async () => {
    await suite.redisServer.stop();
    const started = Date.now();
    assert.deepEqual(await statuses('192.0.2.1', 4), [201, 201, 201, 201]);
    assert.ok(Date.now() - started < 3000, `fail-open answers took ${Date.now() - started} ms`);

    // A fresh Redis has none of the store's scripts: the store loads them again.
    await suite.redisServer.start();
    await waitFor(() => suite.redis.status === 'ready', 10_000, 'the client to reconnect');
    assert.deepEqual(await statuses('192.0.2.3', 3), [201, 201, 429]);
  });

  it('counts from the first request of a service whose client is still connecting', async (t) => {
    const eager = createRedis(suite.redisServer.url, { role: 'producer', logger: silent });
    t.after(() => closeRedis(eager));
    const fresh = await listen(appWith('/form', ipRateLimit({ limit: 1, windowMs: 60_000, redis: eager, prefix: 'rl:eager:', logger: silent })));
    t.after(() => fresh.close());
    assert.equal(eager.status, 'connecting');
    const codes: number[] = [];
    for (let i = 0; i < 2; i++) codes.push((await fetch(`${fresh.url}/form`, { method: 'POST' })).status);
    assert.deepEqual(codes, [201, 429]);
  });

  it('a limit of 0 turns limiting off', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await send('192.0.2.9', '/unlimited')).status, 201);
  });
});

describe('keyRateLimit', () => {
  const prefix = 'rl:key:';
  const suite = useLimitedSite({}, (redis) => {
    const key = (req: express.Request) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
    };
    const app = appWith('/by-email', keyRateLimit({ limit: 2, windowMs: 60_000, redis, prefix, logger: silent, key, message: 'Too many tries for this account.' }));
    app.post(
      '/failures',
      keyRateLimit({ limit: 2, windowMs: 60_000, redis, prefix: 'rl:fail:', logger: silent, key, countIf: (_req, res) => res.locals.failed === true }),
      (req, res) => {
        const body = req.body as { fail?: boolean };
        if (body.fail) res.locals.failed = true;
        res.status(body.fail ? 401 : 200).json({ ok: !body.fail });
      },
    );
    return app;
  });

  const send = (path: string, body: unknown, ip: string) =>
    fetch(`${suite.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip }, body: JSON.stringify(body) });

  it('limits each key whatever address it comes from, and keeps no key in clear in Redis', async () => {
    assert.equal((await send('/by-email', { email: 'Meera@Example.org' }, '192.0.2.1')).status, 201);
    assert.equal((await send('/by-email', { email: 'meera@example.org ' }, '192.0.2.2')).status, 201);
    const over = await send('/by-email', { email: 'MEERA@example.org' }, '192.0.2.3');
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get('retry-after')) > 0);
    assert.deepEqual(await over.json(), { error: 'rate_limited', message: 'Too many tries for this account. Please try again in 1 minute.' });
    // Another key from the same address is not affected.
    assert.equal((await send('/by-email', { email: 'arun@example.org' }, '192.0.2.3')).status, 201);

    const keys = await suite.redis.keys(`${prefix}*`);
    assert.equal(keys.length, 2);
    assert.ok(keys.every((k) => !k.includes('@') && !k.includes('meera')), keys.join(', '));
  });

  it('does not count requests without a key', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await send('/by-email', { other: i }, '192.0.2.4')).status, 201);
  });

  it('with countIf, counts only the requests it names', async () => {
    const email = 'kavitha@example.org';
    // Successes never count.
    for (let i = 0; i < 3; i++) assert.equal((await send('/failures', { email }, '192.0.2.5')).status, 200);
    assert.equal((await send('/failures', { email, fail: true }, '192.0.2.5')).status, 401);
    // The decrement of a success happens once its answer is sent: the next request must still see one failure.
    assert.equal((await send('/failures', { email }, '192.0.2.5')).status, 200);
    assert.equal((await send('/failures', { email, fail: true }, '192.0.2.6')).status, 401);
    // Two failures: now even a right answer is refused until the window ends.
    const blocked = await send('/failures', { email }, '192.0.2.7');
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
  });
});
