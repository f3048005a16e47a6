import assert from 'node:assert/strict';
import { spawn, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { apiErrorSchema, readinessSchema } from '@tca/contracts';
import { createLogger, type Logger } from './logger.js';
import { addToOutbox } from './outbox.js';
import { createPool } from './postgres.js';
import { assertJsonNotFound, assertOnlyTablesInSchema } from './testing/service-assertions.js';

export { startIdentityStub, stubAccountUser, type IdentityStub, type IdentityStubMode, type IdentityStubOptions } from './identity-stub.js';
export { freePort, startNodeProcess, startRedisServer, stopChild, waitFor, waitForOutput, type NodeProcess, type NodeProcessOptions, type RedisServerOptions, type TestRedisServer } from './testing/processes.js';
export { testMetricsConfig } from './testing/metrics-config.js';
export { startPrivatePostgres, type PrivatePostgres } from './testing/private-postgres.js';
export { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.js';
export { assertSurvivedPostgresRestart, formatRestartLoad, runThroughPostgresRestart, statusCounts, type RestartLoadAnswer, type RestartLoadOptions, type RestartLoadResult, type RestartPhase } from './testing/postgres-restart-load.js';
export { sendJson, startStubHttpServer, withRequestBody, type StubHttpServer } from './testing/stub-http-server.js';
export { assertJsonNotFound, assertOnlyTablesInSchema } from './testing/service-assertions.js';
export { parseCsv } from './testing/csv-parse.js';
export { assertAuditLogFilters, assertAuditLogUnchangeable, type AuditLogUnderTest } from './testing/audit-log-checks.js';
export { onWholeMessage, startSmtpSink, type CapturedMail, type SmtpSink, type SmtpSinkOptions } from './testing/smtp-sink.js';
export { headerValue, startKeyCountingSmtpSink, type KeyCountingSmtpSink, type KeyCountingSmtpSinkOptions, type ReceivedMail } from './testing/key-counting-smtp-sink.js';
export { answerProblem, answersWith, describeFuzzRequest, formatFuzzFailures, formatFuzzReport, fuzzAndCheck, fuzzEndpoint, fuzzSeed, generateFuzzRequests, type FuzzExpectation, type FuzzFailure, type FuzzGenerationOptions, type FuzzReport, type FuzzRequest, type FuzzRunOptions, type FuzzTarget } from './testing/request-fuzz.js';

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A short random token for names that must not collide across parallel test files. */
export function uniquePrefix(label = 'test'): string {
  return `${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL || DEFAULT_TEST_REDIS_URL;
}

export function testDatabaseAdminUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

export interface TestDatabase {
  url: string;
  name: string;
  /** Drops the database, disconnecting whatever still uses it. */
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseAdminUrl(), application_name: 'tca-tests' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty, uniquely named database on TEST_DATABASE_URL's server. */
export async function createTestDatabase(label = 'tca'): Promise<TestDatabase> {
  const name = `${label}_test_${process.pid}_${randomBytes(4).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(testDatabaseAdminUrl());
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The service under test, as its package defines it. */
export interface ServiceUnderTest<C> {
  /** Names the suites (`<name> service`, `<name> service process`) and the test databases. */
  name: string;
  /** The schema its migrations fill. */
  schema: string;
  /** The package folder holding src/index.ts, e.g. `new URL('..', import.meta.url)` from src/server.test.ts. */
  packageRoot: string | URL;
  loadConfig(env: Record<string, string | undefined>): C;
  start(config: C, options: { handleSignals: boolean; logger: Logger }): Promise<{ url: string; metricsUrl: string; stop(): Promise<void> }>;
}

export interface ServiceFoundationOptions<C> {
  service: ServiceUnderTest<C>;
  /** Every table the migrations leave in the schema, sorted by name (schema_migrations and outbox included). */
  expectedTables: readonly string[];
  /** A path the service reads JSON on and a cut-off body for it: the answer must be 400 invalid_json. */
  malformedJson: { path: string; body: string };
  /** Further variables the service requires (e.g. payments' Stripe keys), added to every environment the suites use. */
  env?: Record<string, string>;
}

/**
 * Registers the node:test suites every API service (built with startApiService and runServiceMain) must
 * pass: health and readiness with Postgres and Redis checked, its tables and only its schema, a working
 * outbox, JSON 404 and 400 answers, draining on stop; and, running src/index.ts with tsx, a readable
 * exit 1 on missing environment and exit 0 on SIGTERM.
 */
export function testServiceFoundation<C>(options: ServiceFoundationOptions<C>): void {
  const { service: { name, schema, packageRoot, loadConfig, start }, expectedTables, malformedJson, env: extraEnv = {} } = options;

  describe(`${name} service`, () => {
    let db: TestDatabase;
    let running: { url: string; metricsUrl: string; stop(): Promise<void> };

    before(async () => {
      db = await createTestDatabase(name);
      const config = loadConfig({ ...extraEnv, DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), PORT: '0', METRICS_PORT: '0', SHUTDOWN_DRAIN_DELAY_MS: '300' });
      running = await start(config, { handleSignals: false, logger: createLogger({ name, level: 'silent' }) });
    });
    after(async () => {
      await running.stop();
      await db.drop();
    });

    it('is alive and ready, with Postgres and Redis checked', async () => {
      const health = await fetch(`${running.url}/healthz`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok' });
      const ready = await fetch(`${running.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(readinessSchema.parse(await ready.json()), { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    });

    it('serves its metrics, labelled with its name, on its metrics port and not on its own', async () => {
      await (await fetch(`${running.url}/healthz`)).text();
      const res = await fetch(`${running.metricsUrl}/metrics`);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.match(text, new RegExp(`^tca_http_requests_total\\{method="GET",route="/healthz",status="200",service="${name}"\\} \\d+$`, 'm'));
      assert.match(text, new RegExp(`^tca_pg_pool_connections\\{state="total",service="${name}"\\} \\d+$`, 'm'));
      assert.equal((await fetch(`${running.url}/metrics`)).status, 404);
    });

    it('created its tables in its own schema only', async () => {
      await assertOnlyTablesInSchema(db.url, schema, expectedTables);
    });

    it('has an outbox the service-kit relay can write to', async () => {
      const pool = createPool({ connectionString: db.url, schema, applicationName: `${name}-test` });
      try {
        assert.equal(await addToOutbox(pool, { queue: 'email', name: 'probe', jobId: 'probe-1', payload: {} }), true);
        await pool.query('DELETE FROM outbox');
      } finally {
        await pool.end();
      }
    });

    it('answers unknown paths with a JSON 404', async () => {
      await assertJsonNotFound(running.url);
    });

    it('answers malformed JSON with 400 invalid_json', async () => {
      const res = await fetch(`${running.url}${malformedJson.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: malformedJson.body });
      assert.equal(res.status, 400);
      assert.equal(apiErrorSchema.parse(await res.json()).error, 'invalid_json');
    });

    it('drains on stop: readyz answers 503 draining, then the port closes', async () => {
      const stopping = running.stop();
      const res = await fetch(`${running.url}/readyz`);
      assert.equal(res.status, 503);
      assert.equal(readinessSchema.parse(await res.json()).status, 'draining');
      await stopping;
      await assert.rejects(fetch(`${running.url}/healthz`));
    });
  });

  describe(`${name} service process`, () => {
    const runIndex = (env: NodeJS.ProcessEnv, stdio: StdioOptions) =>
      spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/index.ts'], { cwd: packageRoot, env: { PATH: process.env.PATH, ...extraEnv, ...env }, stdio });

    it('prints every missing variable and exits 1', async () => {
      const child = runIndex({ PORT: 'not-a-port' }, ['ignore', 'ignore', 'pipe']);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 1);
      assert.match(stderr, /DATABASE_URL: is required but not set/);
      assert.match(stderr, /REDIS_URL: is required but not set/);
      assert.match(stderr, /PORT: must be a whole number/);
    });

    it('starts, logs its URL and exits 0 on SIGTERM', { timeout: 60_000 }, async (t) => {
      const db = await createTestDatabase(`${name}_proc`);
      try {
        const child = runIndex({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), PORT: '0', LOG_LEVEL: 'info' }, ['ignore', 'pipe', 'inherit']);
        // A failed assertion must not leave the service running (the test process would never exit).
        t.after(() => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        });
        let stdout = '';
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no "listening" line in: ${stdout}`)), 15_000);
          child.stdout?.on('data', (chunk: Buffer) => {
            stdout += chunk.toString();
            const match = /"url":"(http:\/\/[^"]+)","msg":"listening"/.exec(stdout);
            if (match?.[1]) {
              clearTimeout(timer);
              resolve(match[1]);
            }
          });
          child.once('exit', () => reject(new Error(`exited early: ${stdout}`)));
        });
        assert.equal((await fetch(`${url}/healthz`)).status, 200);
        child.kill('SIGTERM');
        const [code] = (await once(child, 'exit')) as [number | null];
        assert.equal(code, 0);
        assert.match(stdout, /"msg":"stopped"/);
      } finally {
        await db.drop();
      }
    });
  });
}
export { Closers } from './testing/closers.js';
