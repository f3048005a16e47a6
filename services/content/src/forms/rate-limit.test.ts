import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { closeRedis, createLogger, createRedis, type Redis } from '@tca/service-kit';
import { startRedisServer, waitFor, type TestRedisServer } from '../testing/forms-harness.js';
import { formRateLimit, retryMessage } from './rate-limit.js';

const silent = createLogger({ name: 'rate-limit-test', level: 'silent' });

describe('retryMessage', () => {
  it('says how many whole minutes are left, rounded up, at least one', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    assert.equal(retryMessage(new Date(now + 15 * 60_000), 900_000, now), 'Too many messages from this address. Please try again in 15 minutes.');
    assert.equal(retryMessage(new Date(now + 61_000), 900_000, now), 'Too many messages from this address. Please try again in 2 minutes.');
    assert.equal(retryMessage(new Date(now + 5_000), 900_000, now), 'Too many messages from this address. Please try again in 1 minute.');
    assert.equal(retryMessage(undefined, 600_000, now), 'Too many messages from this address. Please try again in 10 minutes.');
  });
});

describe('formRateLimit', () => {
  let redisServer: TestRedisServer;
  let redis: Redis;
  let server: Server;
  let url: string;

  before(async () => {
    redisServer = await startRedisServer();
    // A lazy client: the store connects it before loading its scripts.
    redis = createRedis(redisServer.url, { role: 'producer', lazyConnect: true, logger: silent });
    const app = express();
    app.set('trust proxy', 'loopback');
    app.post('/form', formRateLimit({ limit: 2, windowMs: 60_000, redis, prefix: 'rl:test:', logger: silent }), (_req, res) => {
      res.status(201).json({ ok: true });
    });
    app.post('/unlimited', formRateLimit({ limit: 0, windowMs: 60_000, redis, prefix: 'rl:test0:', logger: silent }), (_req, res) => {
      res.status(201).json({ ok: true });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (redis) await closeRedis(redis);
    await redisServer?.stop();
  });

  const send = (ip: string, path = '/form') => fetch(`${url}${path}`, { method: 'POST', headers: { 'X-Forwarded-For': ip } });
  const statuses = async (ip: string, n: number) => {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await send(ip)).status);
    return result;
  };

  it('connects the lazy client on first use and limits each address', async () => {
    assert.equal(redis.status, 'wait');
    assert.deepEqual(await statuses('192.0.2.1', 3), [201, 201, 429]);
    assert.equal(redis.status, 'ready');
    assert.deepEqual(await statuses('192.0.2.2', 1), [201]);
  });

  it('lets requests through while Redis is down, quickly, and limits again once it is back', async () => {
    await redisServer.stop();
    const started = Date.now();
    assert.deepEqual(await statuses('192.0.2.1', 4), [201, 201, 201, 201]);
    assert.ok(Date.now() - started < 3000, `fail-open answers took ${Date.now() - started} ms`);

    // A fresh Redis has none of the store's scripts: the store loads them again.
    await redisServer.start();
    await waitFor(() => redis.status === 'ready', 10_000, 'the client to reconnect');
    assert.deepEqual(await statuses('192.0.2.3', 3), [201, 201, 429]);
  });

  it('counts from the first request of a service whose client is still connecting', async () => {
    const eager = createRedis(redisServer.url, { role: 'producer', logger: silent });
    const app = express();
    app.set('trust proxy', 'loopback');
    app.post('/form', formRateLimit({ limit: 1, windowMs: 60_000, redis: eager, prefix: 'rl:eager:', logger: silent }), (_req, res) => {
      res.status(201).end();
    });
    const fresh = app.listen(0, '127.0.0.1');
    try {
      await once(fresh, 'listening');
      const at = `http://127.0.0.1:${(fresh.address() as AddressInfo).port}/form`;
      assert.equal(eager.status, 'connecting');
      const codes: number[] = [];
      for (let i = 0; i < 2; i++) codes.push((await fetch(at, { method: 'POST' })).status);
      assert.deepEqual(codes, [201, 429]);
    } finally {
      fresh.closeAllConnections();
      await new Promise<void>((resolve) => fresh.close(() => resolve()));
      await closeRedis(eager);
    }
  });

  it('a limit of 0 turns limiting off', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await send('192.0.2.9', '/unlimited')).status, 201);
  });
});
