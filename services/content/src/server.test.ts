import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { apiErrorSchema, readinessSchema } from '@tca/contracts';
import { addToOutbox, createLogger, createPool } from '@tca/service-kit';
import { createTestDatabase, testRedisUrl, type TestDatabase } from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA } from './config.js';
import { start, type RunningContent } from './server.js';

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXPECTED_TABLES = ['blog_posts', 'contact_messages', 'events', 'gallery_events', 'outbox', 'schema_migrations', 'sponsors', 'support_tickets', 'team_members'];

describe('content service', () => {
  let db: TestDatabase;
  let service: RunningContent;

  before(async () => {
    db = await createTestDatabase('content');
    const config = loadContentConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), PORT: '0', SHUTDOWN_DRAIN_DELAY_MS: '300' });
    service = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
  });
  after(async () => {
    await service.stop();
    await db.drop();
  });

  it('is alive and ready, with Postgres and Redis checked', async () => {
    const health = await fetch(`${service.url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const ready = await fetch(`${service.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(readinessSchema.parse(await ready.json()), { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('created its tables in its own schema only', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_schema: string; table_name: string }>(
        "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY table_name",
      );
      assert.deepEqual(rows.map((row) => row.table_name), EXPECTED_TABLES);
      assert.ok(rows.every((row) => row.table_schema === SCHEMA));
    } finally {
      await client.end();
    }
  });

  it('has an outbox the service-kit relay can write to', async () => {
    const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'content-test' });
    try {
      assert.equal(await addToOutbox(pool, { queue: 'email', name: 'probe', jobId: 'probe-1', payload: {} }), true);
      await pool.query('DELETE FROM outbox');
    } finally {
      await pool.end();
    }
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await fetch(`${service.url}/nowhere`);
    assert.equal(res.status, 404);
    assert.equal(apiErrorSchema.parse(await res.json()).error, 'not_found');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await fetch(`${service.url}/email/send`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"subject":' });
    assert.equal(res.status, 400);
    assert.equal(apiErrorSchema.parse(await res.json()).error, 'invalid_json');
  });

  it('drains on stop: readyz answers 503 draining, then the port closes', async () => {
    const stopping = service.stop();
    const res = await fetch(`${service.url}/readyz`);
    assert.equal(res.status, 503);
    assert.equal(readinessSchema.parse(await res.json()).status, 'draining');
    await stopping;
    await assert.rejects(fetch(`${service.url}/healthz`));
  });
});

describe('content service process', () => {
  it('prints every missing variable and exits 1', async () => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/index.ts'], {
      cwd: PACKAGE_ROOT,
      env: { PATH: process.env.PATH, PORT: 'not-a-port' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, /DATABASE_URL: is required but not set/);
    assert.match(stderr, /REDIS_URL: is required but not set/);
    assert.match(stderr, /PORT: must be a whole number/);
  });

  it('starts, logs its URL and exits 0 on SIGTERM', async () => {
    const db = await createTestDatabase('content_proc');
    try {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/index.ts'], {
        cwd: PACKAGE_ROOT,
        env: { PATH: process.env.PATH, DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), PORT: '0', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "listening" line in: ${stdout}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
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
