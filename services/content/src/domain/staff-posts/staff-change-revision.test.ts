import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, it } from 'node:test';
import { closeRedis, createLogger, createPool, createRedis, runMigrations, withTransaction, type Pool } from '@tca/service-kit';
import { createTestDatabase, startTcpProxy, testRedisUrl, waitFor, type TestDatabase } from '@tca/service-kit/testing';
import { MIGRATIONS_DIR, SCHEMA } from '../../config.js';
import { bumpRevision, readRevision } from '../../data-access/content-revision-watcher.js';
import { ContentCatalog } from '../catalog/content-catalog.js';
import { StaffPosts } from './staff-posts.js';

/**
 * A staff change answers only once this process's catalog knows the revision it made (inChange →
 * revisionCommitted), so a read right after a save sees it, whether or not the NOTIFY has arrived yet.
 */

const logger = createLogger({ name: 'staff-change-revision-test', level: 'silent' });
const actor = { userId: 'u1', email: 'editor@example.org', ip: null };

let db: TestDatabase;
let pool: Pool;

before(async () => {
  db = await createTestDatabase('content_change_revision');
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'change-revision-test' });
  await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
});

after(async () => {
  await pool?.end();
  await db?.drop();
});

it('a published post is on the blog list at once after the save, with the notification held back', async (t) => {
  // The catalog's LISTEN connection goes through a proxy whose answers can be held back (freeze).
  const proxy = await startTcpProxy(new URL(db.url), { defaultPort: 5432 });
  // Redis never connects (lazy): the catalog builds from Postgres. A long poll: only the NOTIFY or the change itself can tell the catalog.
  const redis = createRedis(testRedisUrl(), { role: 'producer', lazyConnect: true });
  const catalog = new ContentCatalog({ pool, redis, logger, databaseUrl: proxy.url, publicUrl: 'http://localhost:8080', redisTimeoutMs: 100, revisionPollMs: 600_000 });
  t.after(async () => {
    proxy.thaw();
    await catalog.close();
    await closeRedis(redis);
    await proxy.close();
  });
  await waitFor(() => catalog.watcher.known !== undefined, 10_000, 'the catalog never listened');
  const blog = async () => (await catalog.list('blog')).body.toString('utf8');
  assert.doesNotMatch(await blog(), /Fresh from the desk/);

  proxy.freeze();
  // The control: a change the catalog is not told of directly stays unseen while the notification is held back.
  const seen = catalog.watcher.known?.revision;
  await withTransaction(pool, (client) => bumpRevision(client, true));
  await sleep(300);
  assert.equal(catalog.watcher.known?.revision, seen, 'with the proxy frozen, no notification reaches the catalog');

  const posts = new StaffPosts({ pool });
  await posts.create({ title: 'Fresh from the desk', date: '2026-11-20', status: 'published', body: 'Hello from the staff area.' }, actor);
  assert.equal(catalog.watcher.known?.revision, (await readRevision(pool)).revision, 'the catalog knows the revision the save made');
  assert.match(await blog(), /Fresh from the desk/, 'the blog list read right after the save has the post');
});
