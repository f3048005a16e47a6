import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type pg from 'pg';
import { createLogger } from './logger.js';
import { OUTBOX_TABLE_SQL } from './outbox.js';
import { startServiceWorker } from './service-worker.js';
import { createTestDatabase, testRedisUrl, uniquePrefix, type TestDatabase } from './testing.js';

const logger = createLogger({ name: 'service-worker-test', level: 'silent' });

describe('startServiceWorker', () => {
  let db: TestDatabase;
  let migrations: string;
  const options = () => ({
    service: 'kit',
    name: 'test-worker',
    databaseUrl: db.url,
    redisUrl: testRedisUrl(),
    schema: 'kit',
    migrationsDir: migrations,
    logLevel: 'silent' as const,
    logger,
    prefix: uniquePrefix('kit-worker'),
  });

  before(async () => {
    db = await createTestDatabase('kit_worker');
    migrations = await mkdtemp(join(tmpdir(), 'tca-worker-'));
    await writeFile(join(migrations, '001_outbox.sql'), OUTBOX_TABLE_SQL);
  });
  after(async () => {
    await db.drop();
    await rm(migrations, { recursive: true, force: true });
  });

  it('migrates, starts the relay, hands build what it needs and closes its steps newest first, then the relay and the pool, once', async () => {
    const steps: string[] = [];
    const worker = await startServiceWorker(options(), async ({ pool, relay, connectionName, onClose }) => {
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM schema_migrations');
      onClose(async () => void steps.push('first registered'));
      onClose(async () => void steps.push('last registered'));
      return { migrated: rows.map((row) => row.name), relay, connectionName, pool };
    });
    assert.deepEqual(worker.migrated, ['001_outbox.sql']);
    assert.equal(worker.connectionName, 'kit-test-worker');
    const closing = worker.close();
    assert.equal(worker.close(), closing, 'close() is idempotent');
    await closing;
    assert.deepEqual(steps, ['last registered', 'first registered']);
    assert.equal(worker.pool.ending, true, 'the pool is ended');
  });

  it('a failed build closes what had started (its own steps too) and throws', async () => {
    const steps: string[] = [];
    let pool: pg.Pool | undefined;
    await assert.rejects(
      startServiceWorker(options(), async (base) => {
        pool = base.pool;
        base.onClose(async () => void steps.push('closed'));
        throw new Error('queue refused');
      }),
      /queue refused/,
    );
    assert.deepEqual(steps, ['closed']);
    assert.equal(pool?.ending, true);
  });
});
