import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runMigrations } from './migrations.js';
import { createPool, type Pool } from './postgres.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

describe('runMigrations', () => {
  let db: TestDatabase;
  let dir: string;
  let admin: Pool;
  const pools: Pool[] = [];
  const pool = (schema: string) => {
    const created = createPool({ connectionString: db.url, schema, applicationName: 'migrations-test' });
    pools.push(created);
    return created;
  };

  before(async () => {
    db = await createTestDatabase('kit_migrations');
    admin = pool('public');
    dir = await mkdtemp(join(tmpdir(), 'tca-migrations-'));
    await writeFile(join(dir, '001_init.sql'), 'CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL);');
    await writeFile(join(dir, '002_more.sql'), "ALTER TABLE things ADD COLUMN size bigint NOT NULL DEFAULT 0;\nINSERT INTO things (name, size) VALUES ('first', 9007199254740991);");
    await writeFile(join(dir, 'README.md'), 'not a migration');
  });
  after(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies each file once, in order, inside the schema', async () => {
    const p = pool('alpha');
    assert.deepEqual(await runMigrations({ pool: p, schema: 'alpha', dir }), ['001_init.sql', '002_more.sql']);
    assert.deepEqual(await runMigrations({ pool: p, schema: 'alpha', dir }), [], 'idempotent');
    const { rows } = await p.query<{ table_schema: string; id: number; size: number }>(
      "SELECT t.table_schema, th.id, th.size FROM information_schema.tables t, alpha.things th WHERE t.table_name = 'things'",
    );
    assert.deepEqual(rows, [{ table_schema: 'alpha', id: 1, size: 9007199254740991 }], 'int8 comes back as a number');
    const recorded = await p.query('SELECT name FROM alpha.schema_migrations ORDER BY name');
    assert.deepEqual(recorded.rows, [{ name: '001_init.sql' }, { name: '002_more.sql' }]);
  });

  it('is safe when several instances start together', async () => {
    const results = await Promise.all([1, 2, 3].map(() => runMigrations({ pool: pool('beta'), schema: 'beta', dir })));
    assert.deepEqual(results.flat().sort(), ['001_init.sql', '002_more.sql']);
    const { rows } = await admin.query<{ count: number }>('SELECT count(*) AS count FROM beta.things');
    assert.deepEqual(rows, [{ count: 1 }]);
  });

  it('rolls back a failing file, names it, and does not record it', async () => {
    const badDir = await mkdtemp(join(tmpdir(), 'tca-migrations-bad-'));
    try {
      await writeFile(join(badDir, '001_ok.sql'), 'CREATE TABLE ok (id int);');
      await writeFile(join(badDir, '002_bad.sql'), 'CREATE TABLE half (id int); SELECT no_such_column FROM ok;');
      const p = pool('gamma');
      await assert.rejects(runMigrations({ pool: p, schema: 'gamma', dir: badDir }), /Migration gamma\/002_bad\.sql failed: column "no_such_column" does not exist/);
      const tables = await p.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'gamma' ORDER BY 1");
      assert.deepEqual(tables.rows, [{ table_name: 'ok' }, { table_name: 'schema_migrations' }]);
      // The lock was released: a fixed file applies.
      await writeFile(join(badDir, '002_bad.sql'), 'CREATE TABLE half (id int);');
      assert.deepEqual(await runMigrations({ pool: p, schema: 'gamma', dir: badDir }), ['002_bad.sql']);
    } finally {
      await rm(badDir, { recursive: true, force: true });
    }
  });

  it('rejects schema names that are not plain identifiers', async () => {
    await assert.rejects(runMigrations({ pool: admin, schema: 'x; DROP TABLE y', dir }), /Invalid schema name/);
  });
});
