import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { QUEUES } from '@tca/contracts';
import { createLogger } from './logger.js';
import { runMigrations } from './migrations.js';
import { addToOutbox, OUTBOX_TABLE_SQL, RELAYED_PAYLOAD_KEPT_MS, startOutboxRelay } from './outbox.js';
import { createPool, withTransaction, type Pool } from './postgres.js';
import { closeRedis, createRedis } from './redis.js';
import { createTestDatabase, testRedisUrl, uniquePrefix, type TestDatabase } from './testing.js';
import { freePort, waitFor } from './testing/processes.js';

const logger = createLogger({ name: 'outbox-test', level: 'silent' });
const SCHEMA = 'kit';

/** A TCP port that forwards to the real Redis only once `open()` is called: Redis "coming back". */
async function switchableRedisProxy(): Promise<{ url: string; open(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(testRedisUrl());
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  // A port that was free a moment ago: connections are refused until open().
  const port = await freePort();
  return {
    url: `redis://127.0.0.1:${port}`,
    open: () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('transactional outbox', () => {
  let db: TestDatabase;
  let pool: Pool;
  let migrations: string;
  const prefix = uniquePrefix('kit-outbox');
  const inspectRedis = createRedis(testRedisUrl(), { role: 'producer', lazyConnect: true });
  const queue = new Queue(QUEUES.email, { connection: inspectRedis, prefix });

  before(async () => {
    db = await createTestDatabase('kit_outbox');
    pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'outbox-test' });
    migrations = await mkdtemp(join(tmpdir(), 'tca-outbox-'));
    await writeFile(join(migrations, '001_outbox.sql'), OUTBOX_TABLE_SQL);
    await runMigrations({ pool, schema: SCHEMA, dir: migrations });
  });
  after(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await closeRedis(inspectRedis);
    await pool.end();
    await db.drop();
    await rm(migrations, { recursive: true, force: true });
  });

  it('records jobs only when the transaction commits, once per job id', async () => {
    await withTransaction(pool, async (client) => {
      assert.equal(await addToOutbox(client, { queue: QUEUES.email, name: 'send', jobId: 'tx-1', payload: { n: 1 } }), true);
      assert.equal(await addToOutbox(client, { queue: QUEUES.email, name: 'send', jobId: 'tx-1', payload: { n: 1 } }), false);
    });
    await assert.rejects(
      withTransaction(pool, async (client) => {
        await addToOutbox(client, { queue: QUEUES.email, name: 'send', jobId: 'tx-2', payload: { n: 2 } });
        throw new Error('business rule failed');
      }),
    );
    const { rows } = await pool.query('SELECT job_id FROM outbox ORDER BY id');
    assert.deepEqual(rows, [{ job_id: 'tx-1' }]);
    await assert.rejects(addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'a:b', payload: {} }), /without ':'/);
    await pool.query('DELETE FROM outbox');
  });

  it('keeps rows while Redis is unreachable and relays them once it is back', async () => {
    const proxy = await switchableRedisProxy();
    const relay = startOutboxRelay({ pool, schema: SCHEMA, logger, redisUrl: proxy.url, prefix, intervalMs: 100 });
    try {
      for (const n of [1, 2, 3]) {
        await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: `down-${n}`, payload: { n } });
      }
      relay.nudge();
      assert.equal(await relay.flush(), 0);
      const pending = await pool.query<{ sent_at: Date | null; attempts: number; last_error: string | null }>('SELECT sent_at, attempts, last_error FROM outbox ORDER BY id');
      assert.equal(pending.rows.length, 3);
      assert.ok(pending.rows.every((row) => row.sent_at === null), 'nothing lost or marked sent');
      assert.match(pending.rows[0]?.last_error ?? '', /Redis is not reachable/);
      assert.ok((pending.rows[0]?.attempts ?? 0) >= 1);

      await proxy.open();
      await waitFor(
        async () => {
          const { rows } = await pool.query<{ unsent: number }>('SELECT count(*) AS unsent FROM outbox WHERE sent_at IS NULL');
          return rows[0]?.unsent === 0;
        },
        10_000,
        'rows to be relayed',
      );
      const job = await queue.getJob('down-2');
      assert.deepEqual(job?.data, { n: 2 });
      assert.equal(job?.name, 'send');
      assert.equal(job?.opts.attempts, 5);
      const { rows } = await pool.query<{ last_error: string | null }>('SELECT last_error FROM outbox');
      assert.ok(rows.every((row) => row.last_error === null));
    } finally {
      await relay.stop();
      await proxy.close();
      await pool.query('DELETE FROM outbox');
    }
  });

  it('blanks a relayed payload (a reset link) at once with keepPayloadMs 0, and the job id still stops a second send', async () => {
    const link = 'https://tamil.example.org/reset-password/relay-secret-Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE';
    const mail = { key: 'reset-1', to: 'member@example.org', subject: 'Reset your password', text: `Open ${link}` };
    const relay = startOutboxRelay({ pool, schema: SCHEMA, logger, redisUrl: testRedisUrl(), prefix, intervalMs: 60_000, keepPayloadMs: 0 });
    try {
      await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'reset-1', payload: mail });
      await relay.flush();
      const { rows } = await pool.query<{ payload: unknown; sent: boolean; stored: string }>('SELECT payload, sent_at IS NOT NULL AS sent, outbox::text AS stored FROM outbox');
      assert.deepEqual(rows.map((row) => [row.payload, row.sent]), [[{}, true]]);
      assert.ok(!rows.some((row) => row.stored.includes('relay-secret')), 'the link is gone from the table');
      assert.deepEqual((await queue.getJob('reset-1'))?.data, mail, 'the queued job has the mail');
      assert.equal(await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'reset-1', payload: mail }), false, 'the same event is not recorded again');
    } finally {
      await relay.stop();
      await pool.query('DELETE FROM outbox');
    }
  });

  it('by default keeps a relayed payload for RELAYED_PAYLOAD_KEPT_MS, then blanks it; unsent rows keep theirs', async () => {
    const relay = startOutboxRelay({ pool, schema: SCHEMA, logger, redisUrl: testRedisUrl(), prefix, intervalMs: 60_000 });
    try {
      await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'kept-1', payload: { text: 'secret-kept-1' } });
      await relay.flush();
      await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'kept-2', payload: { text: 'secret-kept-2' } });
      const payloads = async () => (await pool.query<{ job_id: string; payload: unknown }>('SELECT job_id, payload FROM outbox ORDER BY id')).rows.map((row) => [row.job_id, row.payload]);
      assert.equal(await relay.blankRelayed(), 0, 'just relayed: kept');
      assert.deepEqual(await payloads(), [
        ['kept-1', { text: 'secret-kept-1' }],
        ['kept-2', { text: 'secret-kept-2' }],
      ]);
      await pool.query(`UPDATE outbox SET sent_at = now() - $1 * interval '1 millisecond' WHERE job_id = 'kept-1'`, [RELAYED_PAYLOAD_KEPT_MS + 1000]);
      assert.equal(await relay.blankRelayed(), 1);
      assert.deepEqual(await payloads(), [
        ['kept-1', {}],
        ['kept-2', { text: 'secret-kept-2' }],
      ]);
    } finally {
      await relay.stop();
      await pool.query('DELETE FROM outbox');
    }
  });

  it('never sends a row twice when several relays share the table', async () => {
    const count = 300;
    const jobsBefore = await queue.getJobCountByTypes('waiting', 'delayed', 'prioritized');
    const relays = [1, 2, 3].map(() => startOutboxRelay({ pool, schema: SCHEMA, logger, redisUrl: testRedisUrl(), prefix, intervalMs: 60_000, batchSize: 20 }));
    try {
      // Let each relay connect (its first pass finds nothing), then race them over the same rows.
      await sleep(300);
      await pool.query(
        `INSERT INTO outbox (queue, job_name, job_id, payload)
         SELECT $1, 'send', 'many-' || n, jsonb_build_object('n', n) FROM generate_series(1, $2::int) AS n`,
        [QUEUES.email, count],
      );
      const sent = await Promise.all(relays.flatMap((relay) => [relay.flush(), relay.flush()]));
      const { rows } = await pool.query<{ unsent: number; sent: number }>('SELECT count(*) FILTER (WHERE sent_at IS NULL) AS unsent, count(*) FILTER (WHERE attempts = 1) AS sent FROM outbox');
      assert.deepEqual(rows, [{ unsent: 0, sent: count }], 'every row sent exactly once');
      assert.equal(sent.reduce((a, b) => a + b, 0), count, 'the relays together sent each row once');
      const jobs = await queue.getJobCountByTypes('waiting', 'delayed', 'prioritized');
      assert.equal(jobs - jobsBefore, count);
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
    }
  });
});
