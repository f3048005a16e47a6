import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import express, { Router } from 'express';
import pg from 'pg';
import { readinessSchema } from '@tca/contracts';
import { createServiceApp, runServiceMain, startApiService, type ApiServiceDeps } from './api-service.js';
import { ConfigError, loadConfig, serviceEnvSchema, type ServiceEnv } from './config.js';
import { createLogger } from './logger.js';
import { createProcessMetrics } from './metrics.js';
import { OUTBOX_TABLE_SQL, type OutboxRelay } from './outbox.js';
import type { Pool } from './postgres.js';
import { closeRedis, createRedis, type Redis } from './redis.js';
import { createTestDatabase, testRedisUrl, waitFor, type TestDatabase } from './testing.js';

const logger = createLogger({ name: 'kit', level: 'silent' });

/** Closed client connections leave pg_stat_activity when their backend has exited, a moment later: wait for that. */
async function allClosed(db: TestDatabase, applicationName: string): Promise<void> {
  await waitFor(async () => (await connectionsOf(db, applicationName)) === 0, 5000, `the ${applicationName} connections to close`);
}

async function connectionsOf(db: TestDatabase, applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [applicationName]);
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

describe('startApiService', () => {
  let db: TestDatabase;
  let dir: string;
  let config: ServiceEnv;

  before(async () => {
    db = await createTestDatabase('kit_api');
    dir = await mkdtemp(join(tmpdir(), 'kit-api-'));
    await writeFile(join(dir, '001_init.sql'), `${OUTBOX_TABLE_SQL}\nCREATE TABLE notes (id serial PRIMARY KEY);`);
    config = loadConfig(serviceEnvSchema, { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), PORT: '0' });
  });
  after(async () => {
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates, mounts the raw and JSON routes with their deps, checks readiness, and closes every connection on stop', async () => {
    let seen: ApiServiceDeps | undefined;
    const service = await startApiService({
      name: 'kit',
      schema: 'kit_schema',
      migrationsDir: dir,
      config,
      logger,
      handleSignals: false,
      createRouter(deps) {
        seen = deps;
        const router = Router();
        router.post('/notes', async (req, res) => {
          const { rows } = await deps.pool.query<{ schema: string }>('SELECT current_schema() AS schema');
          res.json({ body: req.body as unknown, schema: rows[0]?.schema });
        });
        return router;
      },
      beforeJson(app, deps) {
        assert.equal(deps.config, config);
        app.post('/hook', express.raw({ type: 'application/json' }), (req, res) => {
          res.json({ raw: Buffer.isBuffer(req.body) });
        });
      },
    });
    try {
      assert.ok(seen);
      assert.equal(seen.config, config);
      assert.equal(seen.logger, logger);
      // The producer client connects in the background: readiness says 'failed' until it has.
      if (seen.redis.status !== 'ready') await once(seen.redis, 'ready');
      const ready = await fetch(`${service.url}/readyz`);
      assert.deepEqual(readinessSchema.parse(await ready.json()), { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
      const notes = await fetch(`${service.url}/notes`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
      assert.deepEqual(await notes.json(), { body: { a: 1 }, schema: 'kit_schema' });
      const hook = await fetch(`${service.url}/hook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
      assert.deepEqual(await hook.json(), { raw: true });
      assert.ok((await connectionsOf(db, 'kit-api')) > 0);
    } finally {
      await service.stop();
    }
    await allClosed(db, 'kit-api');
    assert.equal(seen?.redis.status, 'end');
  });

  it('closes what it opened when start-up fails', async () => {
    // Migrations and Redis succeed, listening does not: the relay, Redis and Postgres must all be closed again.
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    const redis = createRedis(testRedisUrl(), { role: 'producer' });
    try {
      await assert.rejects(
        startApiService({ name: 'kit-bad', schema: 'kit_bad', migrationsDir: dir, config: { ...config, PORT: port }, logger, handleSignals: false, createRouter: () => Router() }),
        { code: 'EADDRINUSE' },
      );
      await allClosed(db, 'kit-bad-api');
      const clients = String(await redis.client('LIST'));
      assert.doesNotMatch(clients, /name=kit-bad-api /);
    } finally {
      await closeRedis(redis);
      blocker.close();
    }
  });
});

describe('runServiceMain', () => {
  function capture(t: TestContext) {
    const exit = t.mock.method(process, 'exit', () => undefined);
    const error = t.mock.method(console, 'error', () => undefined);
    return {
      exitCodes: () => exit.mock.calls.map((call) => call.arguments[0]),
      printed: () => error.mock.calls.map((call) => call.arguments),
    };
  }

  it('starts with the loaded config and does not exit', async (t) => {
    const io = capture(t);
    let started: unknown;
    await runServiceMain('kit', () => ({ PORT: 1 }), async (config) => {
      started = config;
    });
    assert.deepEqual(started, { PORT: 1 });
    assert.deepEqual(io.exitCodes(), []);
    assert.deepEqual(io.printed(), []);
  });

  it('prints a ConfigError as its list of problems, or the start failure, and exits 1', async (t) => {
    const io = capture(t);
    await runServiceMain(
      'kit',
      () => {
        throw new ConfigError([{ variable: 'PORT', problem: 'must be a whole number' }]);
      },
      async () => undefined,
    );
    const failure = new Error('no postgres');
    await runServiceMain('kit', () => ({}), async () => {
      throw failure;
    });
    assert.deepEqual(io.exitCodes(), [1, 1]);
    assert.deepEqual(io.printed(), [['kit service: Invalid configuration (1 problem):\n  - PORT: must be a whole number'], ['kit service failed to start:', failure]]);
  });
});

describe('createServiceApp', () => {
  it("believes X-Forwarded-For only from the peers the service's TRUST_PROXY names", () => {
    const trustsFor = (trustProxy: string | undefined) => {
      const config = loadConfig(serviceEnvSchema, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: testRedisUrl(), PORT: '0', TRUST_PROXY: trustProxy });
      // The app is only built, never served: its connections are never used.
      const deps: ApiServiceDeps = { config, logger, pool: {} as Pool, redis: {} as Redis, relay: {} as OutboxRelay, metrics: createProcessMetrics('kit') };
      const { app } = createServiceApp({ name: 'kit', createRouter: () => Router() }, deps);
      return app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    };
    assert.equal(trustsFor(undefined)('127.0.0.1', 0), true, 'default: loopback, the gateway of npm start');
    assert.equal(trustsFor(undefined)('10.0.0.5', 0), false);
    assert.equal(trustsFor('none')('127.0.0.1', 0), false);
    assert.equal(trustsFor('10.0.0.0/8')('10.0.0.5', 0), true);
    assert.equal(trustsFor('10.0.0.0/8')('127.0.0.1', 0), false);
  });
});
