import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createLogger, createPool, runMigrations, withTransaction, type Pool } from '@tca/service-kit';
import { createTestDatabase, waitFor, type TestDatabase } from '@tca/service-kit/testing';
import { MIGRATIONS_DIR, SCHEMA } from '../config.js';
import { bumpRevision, readRevision, RevisionWatcher } from './content-revision-watcher.js';

let db: TestDatabase;
let pool: Pool;

before(async () => {
  db = await createTestDatabase('content_revision_watch');
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'revision-test' });
  await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
});

after(async () => {
  await pool?.end();
  await db?.drop();
});

it('listens on its own connection (in the service schema) and learns of a bump without a query per request', async (t) => {
  const lines: string[] = [];
  const logger = createLogger({ name: 'revision-test', level: 'warn', destination: { write: (line: string) => lines.push(line) } });
  // A long poll, so only the notification can tell the watcher in time.
  const watcher = new RevisionWatcher({ connectionString: db.url, pool, logger, pollMs: 600_000 });
  t.after(() => watcher.close());

  await waitFor(() => watcher.known !== undefined, 10_000, () => `the watcher never listened; its log:\n${lines.join('')}`);
  const before = (await readRevision(pool)).revision;
  assert.equal(watcher.known?.revision, before);

  await withTransaction(pool, (client) => bumpRevision(client, true));
  await waitFor(() => (watcher.known?.revision ?? 0) > before, 10_000, 'the notification of the bump never arrived');
  assert.deepEqual(lines, [], 'no warnings (a listener that cannot read the revision reconnects and warns)');
});
