import type { Pool, PoolClient } from '@tca/service-kit';
import { eventEnvelope, type EventObject, type EventType } from '../domain/checkout-session.js';
import { newEventId } from '../domain/ids.js';

type Queryable = Pool | PoolClient;

export interface RecordEventOptions {
  endpoints: readonly string[];
  /** 2 when duplicate delivery is on. */
  copies: number;
  /** First attempt not before this many ms from now. */
  delayMs?: number;
}

/** Stores an event and one pending delivery per endpoint and copy, in the caller's transaction. */
export async function recordEvent(db: Queryable, type: EventType, object: EventObject, options: RecordEventOptions): Promise<string> {
  const id = newEventId();
  const created = Math.floor(Date.now() / 1000);
  const body = JSON.stringify(eventEnvelope(id, type, created, object), null, 2);
  await db.query('INSERT INTO events (id, type, object_id, created, body) VALUES ($1, $2, $3, $4, $5)', [id, type, object.id, created, body]);
  for (const endpoint of options.endpoints) {
    for (let copy = 1; copy <= options.copies; copy += 1) {
      await db.query(
        `INSERT INTO deliveries (event_id, endpoint, copy, next_attempt_at) VALUES ($1, $2, $3, clock_timestamp() + make_interval(secs => $4::double precision / 1000))`,
        [id, endpoint, copy, options.delayMs ?? 0],
      );
    }
  }
  return id;
}

export interface ClaimedDelivery {
  id: number;
  event_id: string;
  endpoint: string;
  copy: number;
  attempts: number;
  body: string;
}

const CLAIMED_COLUMNS = 'd.id, d.event_id, d.endpoint, d.copy, d.attempts, e.body';

/**
 * Claims up to `limit` due deliveries: FOR UPDATE SKIP LOCKED, so replicas never take the same row, and
 * a lease (next_attempt_at pushed ahead) so a crashed sender's row is taken again once it runs out.
 * `attempts` counts the attempt being started.
 */
export async function claimDue(pool: Pool, limit: number, leaseMs: number, options: { retriesOnly?: boolean } = {}): Promise<ClaimedDelivery[]> {
  const { rows } = await pool.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT id FROM deliveries
        WHERE status = 'pending' AND next_attempt_at <= clock_timestamp() ${options.retriesOnly ? 'AND attempts > 0' : ''}
        ORDER BY next_attempt_at, id
        LIMIT $1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE deliveries d
        SET attempts = d.attempts + 1, next_attempt_at = clock_timestamp() + make_interval(secs => $2::double precision / 1000)
       FROM due, events e
      WHERE d.id = due.id AND e.id = d.event_id
      RETURNING ${CLAIMED_COLUMNS}`,
    [limit, leaseMs],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Out-of-order mode: how long until the window that starts at the oldest never-attempted delivery closes
 * (0: closed, claim it); undefined when there is none.
 */
export async function firstAttemptWindowWait(pool: Pool, windowMs: number): Promise<number | undefined> {
  const { rows } = await pool.query<{ wait_ms: number | null }>(
    // NULL (not 0: GREATEST skips NULLs) when nothing waits for a first attempt.
    `SELECT CASE WHEN min(created_at) IS NULL THEN NULL
                 ELSE GREATEST(0, EXTRACT(EPOCH FROM (min(created_at) + make_interval(secs => $1::double precision / 1000) - clock_timestamp())) * 1000)::float8 END AS wait_ms
       FROM deliveries WHERE status = 'pending' AND attempts = 0 AND next_attempt_at <= clock_timestamp()`,
    [windowMs],
  );
  const wait = rows[0]?.wait_ms;
  return wait === null || wait === undefined ? undefined : Math.ceil(wait);
}

/** Out-of-order mode: claims the never-attempted deliveries created within the window, newest event first. */
export async function claimWindow(pool: Pool, windowMs: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await pool.query<ClaimedDelivery & { seq: number }>(
    `WITH first AS (
       SELECT min(created_at) AS at FROM deliveries WHERE status = 'pending' AND attempts = 0 AND next_attempt_at <= clock_timestamp()
     ), due AS (
       SELECT d.id FROM deliveries d, first
        WHERE d.status = 'pending' AND d.attempts = 0 AND d.next_attempt_at <= clock_timestamp()
          AND d.created_at <= first.at + make_interval(secs => $1::double precision / 1000)
        ORDER BY d.created_at
        LIMIT $2
        FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE deliveries d
        SET attempts = d.attempts + 1, next_attempt_at = clock_timestamp() + make_interval(secs => $3::double precision / 1000)
       FROM due, events e
      WHERE d.id = due.id AND e.id = d.event_id
      RETURNING ${CLAIMED_COLUMNS}, e.seq`,
    [windowMs, limit, leaseMs],
  );
  return rows.sort((a, b) => b.seq - a.seq || b.copy - a.copy).map(({ seq: _seq, ...delivery }) => delivery);
}

export async function markDelivered(pool: Pool, id: number, statusCode: number): Promise<void> {
  await pool.query("UPDATE deliveries SET status = 'delivered', last_status_code = $2, last_error = NULL, delivered_at = clock_timestamp() WHERE id = $1", [id, statusCode]);
}

/** A failed attempt: retried after `retryInMs`, or given up ('failed') when that was the last attempt allowed. */
export async function markAttemptFailed(pool: Pool, id: number, outcome: { statusCode: number | null; error: string; retryInMs: number | null }): Promise<void> {
  await pool.query(
    `UPDATE deliveries
        SET last_status_code = $2, last_error = $3,
            status = CASE WHEN $4::double precision IS NULL THEN 'failed' ELSE 'pending' END,
            next_attempt_at = CASE WHEN $4::double precision IS NULL THEN next_attempt_at ELSE clock_timestamp() + make_interval(secs => $4::double precision / 1000) END
      WHERE id = $1`,
    [id, outcome.statusCode, outcome.error.slice(0, 500), outcome.retryInMs],
  );
}

export interface EventWithDeliveries {
  id: string;
  type: string;
  object_id: string;
  created: number;
  data: unknown;
  deliveries: Array<{
    endpoint: string;
    copy: number;
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    delivered_at: string | null;
  }>;
}

/** Newest first, for the admin API. */
export async function listEvents(pool: Pool, options: { type?: string; objectId?: string; limit: number }): Promise<EventWithDeliveries[]> {
  const { rows } = await pool.query<{ id: string; type: string; object_id: string; created: number; body: string; deliveries: EventWithDeliveries['deliveries'] }>(
    `SELECT e.id, e.type, e.object_id, e.created, e.body,
            COALESCE(json_agg(json_build_object(
              'endpoint', d.endpoint, 'copy', d.copy, 'status', d.status, 'attempts', d.attempts,
              'last_status_code', d.last_status_code, 'last_error', d.last_error, 'delivered_at', d.delivered_at
            ) ORDER BY d.endpoint, d.copy) FILTER (WHERE d.id IS NOT NULL), '[]') AS deliveries
       FROM events e LEFT JOIN deliveries d ON d.event_id = e.id
      WHERE ($1::text IS NULL OR e.type = $1) AND ($2::text IS NULL OR e.object_id = $2)
      GROUP BY e.seq, e.id
      ORDER BY e.seq DESC
      LIMIT $3`,
    [options.type ?? null, options.objectId ?? null, options.limit],
  );
  return rows.map(({ body, ...row }) => ({ ...row, data: (JSON.parse(body) as { data: unknown }).data }));
}
