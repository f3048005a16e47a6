import { once } from 'node:events';
import { Queue, type JobsOptions } from 'bullmq';
import type pg from 'pg';
import type { QueueName } from '@tca/contracts';
import type { Logger } from './logger.js';
import { assertSchemaName } from './postgres.js';
import { closeRedis, createRedis, type Redis } from './redis.js';
import { withTimeout } from './timeout.js';

/**
 * The outbox table, with unqualified names: put it in a service's migration (which runs with search_path
 * set to the service's schema). Services copy it into their 001 migration; outbox-migrations.test.ts fails when a copy drifts.
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
`;

/** Retries with backoff, and bounded history so Redis memory does not grow without end. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
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
  /**
   * How long a relayed row keeps its payload (default RELAYED_PAYLOAD_KEPT_MS); then the payload becomes
   * RELAYED_PAYLOAD. 0 blanks it in the statement that marks the row sent.
   */
  keepPayloadMs?: number;
  /** How often relayed payloads older than keepPayloadMs are blanked (default 60 s; also once at start). */
  blankIntervalMs?: number;
}

/**
 * What a relayed row's payload becomes. A payload can carry secrets (a reset e-mail carries its link) and
 * once the job is in the queue the relay needs only job_id (its uniqueness keeps an event from being
 * queued twice) and sent_at; the queue's job holds the data from then on.
 */
export const RELAYED_PAYLOAD = '{}';
/**
 * Payloads stay a while after relaying so a job lost with Redis (no persistence, a crash right after the
 * add) can be sent again by setting sent_at back to NULL; and tests read what was queued.
 */
export const RELAYED_PAYLOAD_KEPT_MS = 10 * 60 * 1000;

/**
 * Blanks (sets to RELAYED_PAYLOAD) the payloads of rows relayed more than `olderThanMs` ago; resolves with
 * how many. The relay calls it every blankIntervalMs; a job for a service's own clean-up can too.
 */
export async function blankRelayedPayloads(db: Queryable, schema: string, olderThanMs: number): Promise<number> {
  const table = `${assertSchemaName(schema)}.outbox`;
  const result = await db.query(
    `UPDATE ${table} SET payload = $2::jsonb
      WHERE sent_at IS NOT NULL AND sent_at <= now() - $1 * interval '1 millisecond' AND payload <> $2::jsonb`,
    [olderThanMs, RELAYED_PAYLOAD],
  );
  return result.rowCount ?? 0;
}

export interface OutboxRelay {
  /** Ask for a pass soon (call after committing a transaction that added to the outbox). */
  nudge(): void;
  /** Run a pass now (after any pass in progress); resolves with how many rows were sent. */
  flush(): Promise<number>;
  /** Blank the payloads relayed more than keepPayloadMs ago now; resolves with how many. */
  blankRelayed(): Promise<number>;
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
 * A relayed row's payload is blanked keepPayloadMs later (blankRelayedPayloads): e-mails with reset links
 * must not sit in the table for ever.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, logger, prefix, intervalMs = 1000, batchSize = 100, addTimeoutMs = 5000, keepPayloadMs = RELAYED_PAYLOAD_KEPT_MS, blankIntervalMs = 60_000 } = options;
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
        const payload = keepPayloadMs <= 0 ? `, payload = '${RELAYED_PAYLOAD}'::jsonb` : '';
        await client.query(`UPDATE ${schema}.outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL${payload} WHERE id = ANY($1::int[])`, [sent]);
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

  let blanking: Promise<number> | undefined;
  /** One blanking statement at a time; a call during one waits for it and runs afresh. */
  async function blankRelayed(): Promise<number> {
    while (blanking) await blanking;
    const promise = blankRelayedPayloads(pool, schema, Math.max(0, keepPayloadMs))
      .then((count) => {
        if (count > 0) log.debug({ count }, 'relayed outbox payloads blanked');
        return count;
      })
      .catch((err: unknown) => {
        // Postgres away: the pass reports it; the next interval tries again.
        log.debug({ err }, 'blanking relayed outbox payloads failed');
        return 0;
      });
    blanking = promise.finally(() => {
      blanking = undefined;
    });
    return blanking;
  }

  const timer = setInterval(() => {
    if (!stopped) void run();
  }, intervalMs);
  timer.unref();
  const blankTimer = setInterval(() => {
    if (!stopped && !blanking) void blankRelayed();
  }, blankIntervalMs);
  blankTimer.unref();
  void run();
  // Also rows relayed before this version blanked payloads, or while no relay ran.
  void blankRelayed();

  return {
    nudge() {
      if (!stopped) void run();
    },
    async flush() {
      if (current) await current;
      return stopped ? 0 : run();
    },
    blankRelayed() {
      return stopped ? Promise.resolve(0) : blankRelayed();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      clearInterval(blankTimer);
      if (current) await current.catch(() => 0);
      while (blanking) await blanking;
      await Promise.all([...queues.values()].map((queue) => withTimeout(queue.close(), 2000, 'queue close').catch(() => undefined)));
      if (ownsRedis) await closeRedis(redis);
    },
  };
}
