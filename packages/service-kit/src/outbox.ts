import { once } from 'node:events';
import { Queue, type JobsOptions } from 'bullmq';
import type pg from 'pg';
import type { QueueName } from '@tca/contracts';
import type { Logger } from './logger.js';
import { assertSchemaName, withTransaction } from './postgres.js';
import { closeRedis, createRedis, type Redis } from './redis.js';
import { withTimeout } from './timeout.js';

/**
 * The outbox table, with unqualified names: put it in a service's migration (which runs with search_path
 * set to the service's schema). Services copy it into their migrations (the table and its first index in 001, the
 * `settled_at` statements in a later one, which also settles the rows relayed before it: their jobs ran or were
 * given up long ago); outbox-migrations.test.ts fails when a copy drifts.
 *
 * A row's life: added (sent_at NULL) -> relayed, its job is in the queue (sent_at set) -> settled, the job
 * completed or was given up (settled_at set, payload blanked). A row relayed but not settled when Redis lost its
 * data is relayed again (see startOutboxRelay).
 */
export const OUTBOX_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS outbox (
  id serial PRIMARY KEY,
  queue text NOT NULL,
  job_name text NOT NULL,
  job_id text NOT NULL UNIQUE CHECK (position(':' in job_id) = 0),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX IF NOT EXISTS outbox_unsent_idx ON outbox (id) WHERE sent_at IS NULL;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS settled_at timestamptz;
UPDATE outbox SET settled_at = sent_at, payload = '{}'::jsonb WHERE sent_at IS NOT NULL AND settled_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_unsettled_idx ON outbox (id) WHERE sent_at IS NOT NULL AND settled_at IS NULL;
`;


/** Retries with backoff (jittered, so jobs that failed together do not retry together), and bounded history so Redis memory does not grow without end. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

export interface OutboxMessage {
  queue: QueueName;
  /** BullMQ job name. */
  name: string;
  /** Stable id of the event (e.g. `contact-42`): the BullMQ job id, so a re-sent row is not queued twice. No ':'. */
  jobId: string;
  payload: unknown;
}

/** The subset of pg.Pool/PoolClient we need, so callers can pass the client of their own transaction. */
interface Queryable {
  query: pg.ClientBase['query'];
}

/**
 * Records a job to send, inside the caller's transaction (pass the transaction's client), so the job
 * exists exactly when the data it is about was committed. Returns false when that jobId was already recorded.
 */
export async function addToOutbox(client: Queryable, message: OutboxMessage): Promise<boolean> {
  if (message.jobId.length === 0 || message.jobId.includes(':')) {
    throw new Error(`Invalid outbox job id ${JSON.stringify(message.jobId)}: non-empty, without ':'`);
  }
  const result = await client.query(
    `INSERT INTO outbox (queue, job_name, job_id, payload) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (job_id) DO NOTHING`,
    [message.queue, message.name, message.jobId, JSON.stringify(message.payload)],
  );
  return result.rowCount === 1;
}

/**
 * Rows not relayed yet and the age of the oldest (0 when none), for the tca_outbox_* gauges: one query on the
 * partial index of unsent rows.
 */
export async function outboxBacklog(pool: pg.Pool, schemaName: string): Promise<{ waiting: number; oldestAgeSeconds: number }> {
  const schema = assertSchemaName(schemaName);
  const { rows } = await pool.query<{ waiting: number; oldest_age: number | null }>(
    `SELECT count(*)::int AS waiting, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest_age FROM ${schema}.outbox WHERE sent_at IS NULL`,
  );
  const row = rows[0];
  return { waiting: row?.waiting ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest_age ?? 0) };
}

export interface OutboxRelayOptions {
  pool: pg.Pool;
  /** Schema holding the outbox table. */
  schema: string;
  logger: Logger;
  /** An ioredis client to share (not closed by stop())... */
  connection?: Redis;
  /** ...or a URL: the relay then owns a producer client and closes it on stop(). */
  redisUrl?: string;
  /** BullMQ key prefix (tests use a unique one). */
  prefix?: string;
  /** Polling period; nudge() sends sooner. */
  intervalMs?: number;
  batchSize?: number;
  /** Time box of one queue.add(). */
  addTimeoutMs?: number;
  jobOptions?: JobsOptions;
  /** How often relayed rows are checked for settled jobs (and Redis for lost data); default 2 s. */
  settleIntervalMs?: number;
}

/**
 * What a settled row's payload becomes. A payload can carry secrets (a reset e-mail carries its link); once its
 * job has run, the relay needs only job_id (its uniqueness keeps an event from being queued twice).
 */
export const SETTLED_PAYLOAD = '{}';

/** Why a relayed row was put back to be relayed again. */
export const REQUEUED_AFTER_REDIS_LOSS = 'relayed again: Redis lost its data before this job was known to have run';

/** Job states after which a job will not run again (BullMQ's; 'unknown' means the job is not in Redis). */
const DONE_STATES = new Set(['completed', 'failed']);

export interface OutboxRelay {
  /** Ask for a pass soon (call after committing a transaction that added to the outbox). */
  nudge(): void;
  /** Run a pass now (after any pass in progress); resolves with how many rows were sent. */
  flush(): Promise<number>;
  /**
   * Run a settle check now (after any in progress): rows whose jobs completed or were given up become settled
   * (payload blanked); resolves with how many. If Redis lost its data, rows relayed but not settled are put
   * back to be relayed again first.
   */
  settle(): Promise<number>;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  queue: string;
  job_name: string;
  job_id: string;
  payload: unknown;
}

/**
 * Moves unsent outbox rows into BullMQ queues, in id order, marking them sent. Rows are locked with
 * FOR UPDATE SKIP LOCKED, so several relays (one per API instance) never send the same row at once; a row
 * sent but not marked (crash between the two) is sent again and deduplicated by its BullMQ jobId.
 * While Redis is unreachable rows stay put (the first one records the error) and the relay keeps polling.
 * Every settleIntervalMs it asks the queue about relayed rows: a job that completed or was given up settles its
 * row and blanks the payload (e-mails with reset links must not sit in the table for ever). If Redis lost its
 * data (restarted without persistence: the relay's epoch key is gone), rows relayed but not yet settled are
 * relayed again from their payloads, so a queued job is not lost with Redis; a job that ran in the moment
 * before the loss runs again (delivery stays at least once).
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, logger, prefix, intervalMs = 1000, batchSize = 100, addTimeoutMs = 5000, settleIntervalMs = 2000 } = options;
  const schema = assertSchemaName(options.schema);
  const jobOptions = { ...DEFAULT_JOB_OPTIONS, ...options.jobOptions };
  if (!options.connection && !options.redisUrl) throw new Error('startOutboxRelay needs connection or redisUrl');
  const ownsRedis = !options.connection;
  const redis = options.connection ?? createRedis(options.redisUrl ?? '', { role: 'producer', logger, connectionName: `${schema}-outbox-relay` });
  const log = logger.child({ component: 'outbox-relay', schema });
  const queues = new Map<string, Queue>();
  let stopped = false;
  let failing = false;
  let current: Promise<number> | undefined;
  let again = false;

  function queueFor(name: string): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: redis, ...(prefix ? { prefix } : {}) });
      // An 'error' event without a listener would throw; the pass that hit it records the error already.
      queue.on('error', (err: Error) => log.debug({ err, queue: name }, 'queue error'));
      queues.set(name, queue);
    }
    return queue;
  }

  /** On start-up the client may still be connecting: give it a moment rather than record a failure. */
  async function redisReady(): Promise<boolean> {
    if (redis.status === 'wait') await redis.connect().catch(() => undefined);
    if (redis.status === 'connecting' || redis.status === 'connect') {
      await withTimeout(once(redis, 'ready'), Math.min(addTimeoutMs, 2000), 'redis connect').catch(() => undefined);
    }
    return redis.status === 'ready';
  }

  async function pass(): Promise<number> {
    const ready = await redisReady();
    // Before relaying, so what this pass relays is not taken for lost: a Redis that came back empty is seen here first.
    if (ready) await requeueIfRedisLostData().catch((err: unknown) => log.debug({ err }, 'outbox epoch check failed'));
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      if (!failing) log.warn({ err }, 'outbox relay cannot reach Postgres');
      failing = true;
      return 0;
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, queue, job_name, job_id, payload FROM ${schema}.outbox
          WHERE sent_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      const sent: number[] = [];
      let failure: { id: number; err: unknown } | undefined;
      for (const row of rows) {
        try {
          if (!ready || redis.status !== 'ready') throw new Error(`Redis is not reachable (connection ${redis.status})`);
          await withTimeout(queueFor(row.queue).add(row.job_name, row.payload, { ...jobOptions, jobId: row.job_id }), addTimeoutMs, 'queue add');
          sent.push(row.id);
        } catch (err) {
          // Stop at the first failure: later rows would fail the same way, and order is kept.
          failure = { id: row.id, err };
          break;
        }
      }
      if (sent.length > 0) {
        await client.query(`UPDATE ${schema}.outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::int[])`, [sent]);
      }
      if (failure) {
        const message = failure.err instanceof Error ? failure.err.message : String(failure.err);
        await client.query(`UPDATE ${schema}.outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [failure.id, message.slice(0, 1000)]);
      }
      await client.query('COMMIT');
      if (failure && !failing) log.warn({ err: failure.err }, 'outbox relay cannot reach the queue; rows kept for later');
      if (!failure && failing) log.info('outbox relay sending again');
      failing = failure !== undefined;
      if (sent.length > 0) log.debug({ sent: sent.length }, 'outbox rows relayed');
      // A full batch means more may be waiting.
      if (!failure && rows.length === batchSize) again = true;
      return sent.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      log.warn({ err }, 'outbox relay pass failed');
      return 0;
    } finally {
      client.release(broken);
    }
  }

  function run(): Promise<number> {
    if (current) {
      again = true;
      return current;
    }
    const promise = (async () => {
      let total = 0;
      do {
        again = false;
        total += await pass();
      } while (again && !stopped);
      return total;
    })();
    current = promise.finally(() => {
      current = undefined;
    });
    return current;
  }

  /**
   * A key the relays of this schema keep in Redis. Missing means this Redis has not seen them: new, or
   * restarted without its data. Then rows relayed but not settled go back to be relayed again (a job that still
   * exists is not queued twice: same job id) and the key is set again.
   */
  const epochKey = `${prefix ?? 'bull'}:outbox-epoch:${schema}`;

  async function requeueIfRedisLostData(): Promise<void> {
    if ((await redis.exists(epochKey)) === 1) return;
    const result = await pool.query(
      `UPDATE ${schema}.outbox SET sent_at = NULL, last_error = $1 WHERE sent_at IS NOT NULL AND settled_at IS NULL`,
      [REQUEUED_AFTER_REDIS_LOSS],
    );
    await redis.set(epochKey, new Date().toISOString());
    const requeued = result.rowCount ?? 0;
    if (requeued > 0) {
      log.warn({ requeued }, 'Redis does not know this outbox (new, or restarted without its data): relaying again the jobs not known to have run');
      again = true;
      void run();
    }
  }

  async function settlePass(): Promise<number> {
    if (redis.status !== 'ready') return 0;
    await requeueIfRedisLostData();
    return withTransaction(pool, async (client) => {
      const { rows } = await client.query<Pick<OutboxRow, 'id' | 'queue' | 'job_id'>>(
        `SELECT id, queue, job_id FROM ${schema}.outbox
          WHERE sent_at IS NOT NULL AND settled_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      if (rows.length === 0) return 0;
      const states = await Promise.all(rows.map((row) => withTimeout(queueFor(row.queue).getJobState(row.job_id), addTimeoutMs, 'job state')));
      // 'unknown' is a job gone from Redis: removed after it ran (removeOnComplete/removeOnFail), unless Redis lost
      // its data meanwhile; then the epoch key is gone too, and the next pass relays these rows again.
      if ((await redis.exists(epochKey)) !== 1) return 0;
      const settled = rows.filter((_, i) => DONE_STATES.has(states[i] ?? '') || states[i] === 'unknown').map((row) => row.id);
      if (settled.length > 0) {
        await client.query(`UPDATE ${schema}.outbox SET settled_at = now(), payload = '${SETTLED_PAYLOAD}'::jsonb WHERE id = ANY($1::int[])`, [settled]);
      }
      if (rows.length === batchSize) settleAgain = true;
      return settled.length;
    });
  }

  let settling: Promise<number> | undefined;
  let settleAgain = false;
  /** One settle check at a time; a call during one waits for it and runs afresh. */
  async function settle(): Promise<number> {
    while (settling) await settling;
    const promise = (async () => {
      let total = 0;
      do {
        settleAgain = false;
        total += await settlePass();
      } while (settleAgain && !stopped);
      return total;
    })().catch((err: unknown) => {
      // Postgres or Redis away: the relay's pass reports it; the next interval tries again.
      log.debug({ err }, 'outbox settle check failed');
      return 0;
    });
    settling = promise.finally(() => {
      settling = undefined;
    });
    return settling;
  }

  const timer = setInterval(() => {
    if (!stopped) void run();
  }, intervalMs);
  timer.unref();
  const settleTimer = setInterval(() => {
    if (!stopped && !settling) void settle();
  }, settleIntervalMs);
  settleTimer.unref();
  void run();

  return {
    nudge() {
      if (!stopped) void run();
    },
    async flush() {
      if (current) await current;
      return stopped ? 0 : run();
    },
    settle() {
      return stopped ? Promise.resolve(0) : settle();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      clearInterval(settleTimer);
      if (current) await current.catch(() => 0);
      while (settling) await settling;
      await Promise.all([...queues.values()].map((queue) => withTimeout(queue.close(), 2000, 'queue close').catch(() => undefined)));
      if (ownsRedis) await closeRedis(redis);
    },
  };
}
