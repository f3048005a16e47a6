import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Queue, Worker } from 'bullmq';
import { QUEUES } from '@tca/contracts';
import { createLogger } from './logger.js';
import { runMigrations } from './migrations.js';
import { addToOutbox, OUTBOX_TABLE_SQL, REQUEUED_AFTER_REDIS_LOSS, startOutboxRelay } from './outbox.js';
import { createPool, withTransaction, type Pool } from './postgres.js';
import { closeRedis, createRedis } from './redis.js';
import { createTestDatabase, testRedisUrl, uniquePrefix, type TestDatabase } from './testing.js';
import { waitFor } from './testing/processes.js';
import { startTcpProxy } from './testing/tcp-proxy.js';

const logger = createLogger({ name: 'outbox-test', level: 'silent' });
const SCHEMA = 'kit';

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
    // Refuses connections until open(): Redis "coming back".
    const proxy = await startTcpProxy(new URL(testRedisUrl()), { listening: false, defaultPort: 6379 });
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

  /** Runs the queue's waiting jobs to completion with a real BullMQ worker that does nothing else. */
  async function runJobs(ids: readonly string[]): Promise<void> {
    const connection = createRedis(testRedisUrl(), { role: 'worker' });
    const worker = new Worker(QUEUES.email, async () => 'done', { connection, prefix });
    try {
      await waitFor(async () => (await Promise.all(ids.map((id) => queue.getJobState(id)))).every((state) => state === 'completed'), 10_000, `jobs ${ids.join(', ')} to complete`);
    } finally {
      await worker.close();
      await closeRedis(connection);
    }
  }
  const rowsNow = async () =>
    (await pool.query<{ job_id: string; payload: unknown; relayed: boolean; settled: boolean }>('SELECT job_id, payload, sent_at IS NOT NULL AS relayed, settled_at IS NOT NULL AS settled FROM outbox ORDER BY id')).rows;

  it('settles a row once its job has run: the payload (a reset link) is blanked, and the job id still stops a second send', async () => {
    const link = 'https://tamil.example.org/reset-password/relay-secret-Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE';
    const mail = { key: 'reset-1', to: 'member@example.org', subject: 'Reset your password', text: `Open ${link}` };
    const relay = startOutboxRelay({ pool, schema: SCHEMA, logger, redisUrl: testRedisUrl(), prefix, intervalMs: 60_000, settleIntervalMs: 60_000 });
    try {
      await relay.flush(); // the start-up pass, so the counts below are this test's
      await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'reset-1', payload: mail });
      await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'reset-2', payload: { text: 'queued, not run' } });
      assert.equal(await relay.flush(), 2);
      assert.equal(await relay.settle(), 0, 'queued, not run: not settled');
      assert.deepEqual((await rowsNow()).map((row) => [row.job_id, row.payload, row.settled]), [
        ['reset-1', mail, false],
        ['reset-2', { text: 'queued, not run' }, false],
      ]);

      await runJobs(['reset-1', 'reset-2']);
      assert.equal(await relay.settle(), 2);
      const { rows } = await pool.query<{ payload: unknown; settled: boolean; stored: string }>('SELECT payload, settled_at IS NOT NULL AS settled, outbox::text AS stored FROM outbox ORDER BY id');
      assert.deepEqual(rows.map((row) => [row.payload, row.settled]), [
        [{}, true],
        [{}, true],
      ]);
      assert.ok(!rows.some((row) => row.stored.includes('relay-secret')), 'the link is gone from the table');
      assert.equal(await addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: 'reset-1', payload: mail }), false, 'the same event is not recorded again');
    } finally {
      await relay.stop();
      await pool.query('DELETE FROM outbox');
    }
  });

  it('relays again the rows whose jobs Redis lost before they ran, not the ones that ran; a job removed after it ran settles', async () => {
    const relay = startOutboxRelay({ pool, schema: SCHEMA, logger, redisUrl: testRedisUrl(), prefix, intervalMs: 60_000, settleIntervalMs: 60_000 });
    try {
      await relay.flush(); // the start-up pass, so the counts below are this test's
      const add = (n: number) => addToOutbox(pool, { queue: QUEUES.email, name: 'send', jobId: `lost-${n}`, payload: { n } });
      await add(1);
      await add(2);
      assert.equal(await relay.flush(), 2);
      await runJobs(['lost-1', 'lost-2']);
      // Queued after the worker stopped: these two wait in Redis.
      await add(3);
      await add(4);
      assert.equal(await relay.flush(), 2);
      // lost-2 is removed after it ran, as removeOnComplete does: gone from Redis, but Redis kept its data.
      await (await queue.getJob('lost-2'))?.remove();
      assert.equal(await relay.settle(), 2, 'lost-1 completed, lost-2 removed after it ran');

      // Redis restarted without its data: every key of this prefix is gone (the relay's epoch key too).
      await queue.obliterate({ force: true });
      const keys = await inspectRedis.keys(`${prefix}:*`);
      if (keys.length > 0) await inspectRedis.del(...keys);
      assert.equal(await queue.getJobState('lost-3'), 'unknown');
      assert.equal(await relay.settle(), 0, 'the lost jobs are not taken for settled');
      assert.deepEqual((await rowsNow()).map((row) => [row.job_id, row.relayed, row.settled]), [
        ['lost-1', true, true],
        ['lost-2', true, true],
        ['lost-3', false, false],
        ['lost-4', false, false],
      ]);
      const { rows } = await pool.query<{ last_error: string | null }>(`SELECT last_error FROM outbox WHERE job_id = 'lost-3'`);
      assert.equal(rows[0]?.last_error, REQUEUED_AFTER_REDIS_LOSS);
      await relay.flush();
      assert.deepEqual((await queue.getJob('lost-3'))?.data, { n: 3 }, 'queued again from its payload');
      assert.deepEqual((await queue.getJob('lost-4'))?.data, { n: 4 });
      assert.equal(await queue.getJob('lost-1'), undefined, 'a job that ran is not queued again');
      assert.equal(await relay.settle(), 0, 'Redis known again: nothing more is relayed again');
      assert.deepEqual((await rowsNow()).map((row) => [row.job_id, row.relayed]), [
        ['lost-1', true],
        ['lost-2', true],
        ['lost-3', true],
        ['lost-4', true],
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
