import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createLogger } from './logger.js';
import { migrateEnvSchema, MigrationsPendingError, parseMigrateMode, pendingMigrations, runMigrate, type MigrateEnv } from './migrate-main.js';
import { createPool, type Pool } from './postgres.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

const run = promisify(execFile);
const logger = createLogger({ name: 'migrate-main-test', level: 'silent' });
const MIGRATE_MAIN = fileURLToPath(new URL('./migrate-main.ts', import.meta.url));

describe('runMigrateMain (apply | wait) against PostgreSQL', () => {
  let db: TestDatabase;
  let dir: string;
  let pool: Pool;
  const env = (extra: Partial<Record<string, string>> = {}): MigrateEnv => migrateEnvSchema.parse({ DATABASE_URL: db.url, MIGRATE_WAIT_INTERVAL_MS: '50', ...extra });

  before(async () => {
    db = await createTestDatabase('kit_migrate_main');
    pool = createPool({ connectionString: db.url, schema: 'public', applicationName: 'migrate-main-test' });
    dir = await mkdtemp(join(tmpdir(), 'tca-migrate-main-'));
    await writeFile(join(dir, '001_init.sql'), 'CREATE TABLE things (id serial PRIMARY KEY);');
    await writeFile(join(dir, '002_more.sql'), 'ALTER TABLE things ADD COLUMN name text;');
  });
  after(async () => {
    await pool.end();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('wait fails with the missing files named when nothing was applied (no schema yet)', async () => {
    const target = { name: 'demo', schema: 'fresh', migrationsDir: dir };
    assert.deepEqual(await pendingMigrations(pool, 'fresh', dir), ['001_init.sql', '002_more.sql']);
    const started = Date.now();
    await assert.rejects(runMigrate(target, 'wait', env({ MIGRATE_WAIT_TIMEOUT_MS: '300' }), logger), (err: unknown) => {
      assert.ok(err instanceof MigrationsPendingError);
      assert.match(err.message, /Migrations of schema fresh still not applied after \d+ s: 001_init\.sql, 002_more\.sql\. Run the migration Job/);
      return true;
    });
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 300 && elapsed < 3000, `gave up after ${elapsed} ms`);
  });

  it('apply applies, then wait returns at once; a file added later makes wait time out naming it', async () => {
    const target = { name: 'demo', schema: 'alpha', migrationsDir: dir };
    await runMigrate(target, 'apply', env(), logger);
    assert.deepEqual(await pendingMigrations(pool, 'alpha', dir), []);
    const started = Date.now();
    await runMigrate(target, 'wait', env({ MIGRATE_WAIT_TIMEOUT_MS: '5000' }), logger);
    assert.ok(Date.now() - started < 2000, 'wait returns without waiting when everything is applied');

    const later = await mkdtemp(join(tmpdir(), 'tca-migrate-main-later-'));
    try {
      for (const file of ['001_init.sql', '002_more.sql']) await writeFile(join(later, file), 'SELECT 1;');
      await writeFile(join(later, '003_new.sql'), 'ALTER TABLE things ADD COLUMN size int;');
      await assert.rejects(runMigrate({ ...target, migrationsDir: later }, 'wait', env({ MIGRATE_WAIT_TIMEOUT_MS: '200' }), logger), (err: unknown) => {
        assert.ok(err instanceof MigrationsPendingError);
        assert.deepEqual(err.pending, ['003_new.sql']);
        return true;
      });
      // A wait that is under way returns once the Job (another process) applies the file.
      const waiting = runMigrate({ ...target, migrationsDir: later }, 'wait', env({ MIGRATE_WAIT_TIMEOUT_MS: '10000' }), logger);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await runMigrate({ ...target, migrationsDir: later }, 'apply', env(), logger);
      await waiting;
      const { rows } = await pool.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_schema = 'alpha' AND table_name = 'things' ORDER BY ordinal_position");
      assert.deepEqual(rows.map((r) => r.column_name), ['id', 'name', 'size']);
    } finally {
      await rm(later, { recursive: true, force: true });
    }
  });

  it('the entry point exits 2 on a wrong mode and 1 with the message when the wait times out', async () => {
    assert.equal(parseMigrateMode(['apply']), 'apply');
    assert.equal(parseMigrateMode(['wait']), 'wait');
    assert.equal(parseMigrateMode([]), undefined);
    assert.equal(parseMigrateMode(['apply', 'extra']), undefined);
    const script = join(dir, 'main.mts');
    await writeFile(
      script,
      `import { runMigrateMain } from ${JSON.stringify(MIGRATE_MAIN)};\nawait runMigrateMain({ name: 'demo', schema: 'beta', migrationsDir: ${JSON.stringify(dir)} });\n`,
    );
    const node = (args: string[], extraEnv: Record<string, string>) =>
      run(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], { env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...extraEnv }, timeout: 30_000 }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code?: number; stderr?: string }) => ({ code: err.code, stderr: err.stderr ?? '' }),
      );
    const usage = await node(['migrate'], {});
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /Usage: node services\/demo\/dist\/migrate\.js <apply\|wait>/);
    const timedOut = await node(['wait'], { MIGRATE_WAIT_TIMEOUT_MS: '200', MIGRATE_WAIT_INTERVAL_MS: '50' });
    assert.equal(timedOut.code, 1);
    assert.match(timedOut.stderr, /demo migrate: Migrations of schema beta still not applied after \d+ s: 001_init\.sql, 002_more\.sql/);
    const badConfig = await node(['apply'], { DATABASE_URL: 'mysql://nope' });
    assert.equal(badConfig.code, 1);
    assert.match(badConfig.stderr, /DATABASE_URL: must be a postgres:\/\/ URL/);
    assert.equal((await node(['apply'], {})).code, 0);
    assert.equal((await node(['wait'], {})).code, 0);
  });
});
