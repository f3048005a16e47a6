import pg from 'pg';
import type { Logger, Pool } from '@tca/service-kit';
import { SCHEMA } from '../config.js';

/**
 * The content revision: one number in content_revision, bumped in the transaction of every import that
 * changes something, with NOTIFY on REVISION_CHANNEL. Every API process LISTENs, so the next request after a
 * commit (in any process: the CLI, another replica) builds its lists afresh; cache keys carry the revision,
 * so nothing has to be deleted.
 */
export const REVISION_CHANNEL = 'content_revision';
/** Two-int advisory lock keys: imports (transaction lock) and the seed-on-start check (session lock). */
export const IMPORT_LOCK: [number, number] = [7_402_101, 1];
export const SEED_LOCK: [number, number] = [7_402_101, 2];

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface RevisionState {
  revision: number;
  /** Random per database: keeps two databases' cache keys apart in one Redis. */
  cacheEpoch: string;
}

export async function readRevision(db: Queryable): Promise<RevisionState> {
  const { rows } = await db.query<{ revision: number; cache_epoch: string }>('SELECT revision, cache_epoch FROM content_revision');
  const row = rows[0];
  if (!row) throw new Error('content_revision has no row (migration 002 not applied?)');
  // Number(): the listener's own pg.Client has no int8 parser (the pool has), and revisions are compared as numbers.
  return { revision: Number(row.revision), cacheEpoch: row.cache_epoch };
}

/** Inside an import transaction: records the import, and when it changed content, bumps the revision and notifies. */
export async function bumpRevision(db: Queryable, changed: boolean): Promise<number> {
  if (!changed) {
    const { rows } = await db.query<{ revision: number }>('UPDATE content_revision SET last_import_at = now() RETURNING revision');
    return rows[0]?.revision ?? 0;
  }
  return (await bumpRevisionState(db)).revision;
}

/** Inside a change's transaction: bumps the revision and notifies; the new state is for revisionCommitted once committed. */
export async function bumpRevisionState(db: Queryable): Promise<RevisionState> {
  const { rows } = await db.query<{ revision: number; cache_epoch: string }>(
    'UPDATE content_revision SET revision = revision + 1, changed_at = now(), last_import_at = now() RETURNING revision, cache_epoch',
  );
  const row = rows[0];
  if (!row) throw new Error('content_revision has no row (migration 002 not applied?)');
  await db.query('SELECT pg_notify($1, $2)', [REVISION_CHANNEL, String(row.revision)]);
  return { revision: Number(row.revision), cacheEpoch: row.cache_epoch };
}

/** This process's watchers, by the pool they read through: told of a change made here as soon as it commits. */
const localWatchers = new WeakMap<Pool, Set<RevisionWatcher>>();

/**
 * After a change made through `pool` has committed: this process's watchers on that pool know its revision
 * at once, so a read right after the change (on this process) sees it, without waiting for the NOTIFY (which
 * still tells the other processes, and this one again).
 */
export function revisionCommitted(pool: Pool, state: RevisionState): void {
  for (const watcher of localWatchers.get(pool) ?? []) watcher.observe(state);
}

export interface RevisionWatcherOptions {
  connectionString: string;
  pool: Pool;
  logger: Logger;
  /** Re-read the revision this often as well (a missed notification, a silently dead connection). */
  pollMs: number;
}

/**
 * Knows the current revision without a query per request: a dedicated connection LISTENs for bumps. While
 * that connection is down, `current()` reads the revision from the database instead, so a stale list is
 * never served for longer than a reconnect takes.
 */
export class RevisionWatcher {
  private state: RevisionState | undefined;
  private listening = false;
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly pollTimer: NodeJS.Timeout;
  private failures = 0;

  constructor(private readonly options: RevisionWatcherOptions) {
    this.pollTimer = setInterval(() => {
      readRevision(options.pool).then(
        (state) => this.observe(state),
        () => undefined,
      );
    }, options.pollMs);
    this.pollTimer.unref();
    const watchers = localWatchers.get(options.pool) ?? new Set<RevisionWatcher>();
    localWatchers.set(options.pool, watchers.add(this));
    void this.connect();
  }

  /** The revision known without a query while listening; undefined otherwise. */
  get known(): RevisionState | undefined {
    return this.listening ? this.state : undefined;
  }

  async current(): Promise<RevisionState> {
    const known = this.known;
    if (known) return known;
    const state = await readRevision(this.options.pool);
    this.observe(state);
    return state;
  }

  /** Revisions only go up; an older reading (a race with a notification) is ignored. */
  observe(state: RevisionState): void {
    if (!this.state || state.cacheEpoch !== this.state.cacheEpoch || state.revision > this.state.revision) this.state = state;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    // Its own connection (LISTEN needs one that stays open), with the service's search_path like the pool's.
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'content-api-listen',
      keepAlive: true,
      options: `-c search_path=${SCHEMA},public`,
    });
    this.client = client;
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.failures += 1;
      if (this.failures === 1) this.options.logger.warn({ err }, 'content revision listener lost its connection; reconnecting');
      this.retryTimer = setTimeout(() => void this.connect(), Math.min(200 * 2 ** Math.min(this.failures, 6), 10_000));
      this.retryTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== REVISION_CHANNEL || !this.state) return;
      const revision = Number(message.payload);
      if (Number.isSafeInteger(revision)) this.observe({ revision, cacheEpoch: this.state.cacheEpoch });
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REVISION_CHANNEL}`);
      // Read after LISTEN: no bump can fall between the reading and the first notification.
      this.observe(await readRevision(client));
      if (this.client !== client) return;
      this.listening = true;
      if (this.failures > 0) this.options.logger.info('content revision listener reconnected');
      this.failures = 0;
    } catch (err) {
      lost(err instanceof Error ? err : new Error(String(err)));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    localWatchers.get(this.options.pool)?.delete(this);
    clearInterval(this.pollTimer);
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
