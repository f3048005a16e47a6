import { createHash } from 'node:crypto';
import { withTimeout, type Logger, type Pool, type Redis, type SiteLang } from '@tca/service-kit';
import { eventsCalendar } from './event-calendar.js';
import { CONTENT_CODINGS, encode, encodeAll, encodedEtag, type ContentCoding, type EncodedBodies, type EncodedBody } from './content-coding.js';
import { siteToday } from '../site-dates.js';
import { LIST_BUILDERS, type ListName } from './content-lists.js';
import { RevisionWatcher, type RevisionState } from '../../data-access/content-revision-watcher.js';
import { calendarEventsFrom, imageVariant, publishedEvent } from '../../data-access/published-content-repository.js';

/** A ready-to-send answer: the bytes, their strong ETag and type; for the lists also every compressed encoding. */
export interface CachedBody {
  body: Buffer;
  etag: string;
  contentType: string;
  encoded?: EncodedBodies;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
export const CALENDAR_NAME = 'Adelaide Tamil Association events';
/** The feed's name for calendars subscribed from the Tamil site. */
export const CALENDAR_NAME_TA = 'அடிலெய்டு தமிழ்ச் சங்க நிகழ்வுகள்';

/** Largest number of built answers one process keeps (5 lists, the feed, one calendar per event). */
const MEMORY_ENTRIES = 1000;
/** Bytes of pictures one process keeps in memory. */
const UPLOAD_CACHE_BYTES = 64 * 1024 * 1024;
/** Shared cache entries outlive any reasonable gap between imports; old revisions simply expire. */
const REDIS_TTL_SECONDS = 24 * 60 * 60;

export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

function entryOf(body: Buffer, contentType: string): CachedBody {
  return { body, etag: strongEtag(body), contentType };
}

/** A Redis value: `<etag>\n<bytes>` (an ETag never holds a newline). */
function storedValue(entry: EncodedBody): Buffer {
  return Buffer.concat([Buffer.from(`${entry.etag}\n`, 'latin1'), entry.body]);
}

function parseStored(stored: Buffer | null | undefined): EncodedBody | undefined {
  if (!stored) return undefined;
  const newline = stored.indexOf(10);
  if (newline <= 0) return undefined;
  return { etag: stored.subarray(0, newline).toString('latin1'), body: stored.subarray(newline + 1) };
}

export interface ContentCatalogOptions {
  pool: Pool;
  redis: Redis;
  logger: Logger;
  databaseUrl: string;
  publicUrl: string;
  /** Time box of a Redis cache read. */
  redisTimeoutMs: number;
  revisionPollMs: number;
}

interface MemoryEntry {
  epoch: string;
  revision: number;
  entry: CachedBody;
}

export interface UploadBody {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/**
 * The published content as bytes ready to send. Each answer is built once per content revision: from this
 * process's memory, else from Redis (shared by replicas; read time-boxed, skipped while Redis is down),
 * else from Postgres. A bump of the revision (any import, in any process) makes every key new.
 */
export class ContentCatalog {
  readonly watcher: RevisionWatcher;
  private readonly memory = new Map<string, MemoryEntry>();
  private readonly inflight = new Map<string, Promise<CachedBody | undefined>>();
  private readonly uploads = new Map<string, UploadBody>();
  private uploadBytes = 0;
  private pending: Promise<unknown> | undefined;

  constructor(private readonly options: ContentCatalogOptions) {
    this.watcher = new RevisionWatcher({ connectionString: options.databaseUrl, pool: options.pool, logger: options.logger, pollMs: options.revisionPollMs });
  }

  /** Answers wait for `work` (the seed import at start) so a fresh site never shows half its content. */
  holdUntil(work: Promise<unknown>): void {
    const held = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending = held;
    void held.then(() => {
      if (this.pending === held) this.pending = undefined;
    });
  }

  private async revision(): Promise<RevisionState> {
    if (this.pending) await this.pending;
    return this.watcher.known ?? (await this.watcher.current());
  }

  private remember(id: string, state: RevisionState, entry: CachedBody): void {
    this.memory.delete(id);
    if (this.memory.size >= MEMORY_ENTRIES) {
      const oldest = this.memory.keys().next();
      if (!oldest.done) this.memory.delete(oldest.value);
    }
    this.memory.set(id, { epoch: state.cacheEpoch, revision: state.revision, entry });
  }

  /**
   * The answer kept in Redis, with its encodings when `encoded`: one value per encoding (`<key>`, `<key>:br`,
   * `<key>:gzip`, each `<etag>\n<bytes>`), read in one MGET. The identity value keeps the format older
   * replicas read. An encoding that is missing, or whose ETag is not the identity's (an older replica wrote
   * the identity value alone), is encoded here from the identity bytes and the three are written again.
   */
  private async fromRedis(key: string, contentType: string, encoded: boolean): Promise<{ entry: CachedBody; complete: boolean } | undefined> {
    const { redis, redisTimeoutMs, logger } = this.options;
    if (redis.status !== 'ready') return undefined;
    let stored: Array<Buffer | null>;
    try {
      const keys = encoded ? [key, `${key}:br`, `${key}:gzip`] : [key];
      stored = await withTimeout(redis.mgetBuffer(keys), redisTimeoutMs, 'content cache read');
    } catch (err) {
      logger.debug({ err }, 'content cache read skipped');
      return undefined;
    }
    const identity = parseStored(stored[0]);
    if (!identity) return undefined;
    const entry: CachedBody = { ...identity, contentType };
    if (!encoded) return { entry, complete: true };
    const kept = (coding: ContentCoding, value: Buffer | null | undefined): EncodedBody | undefined => {
      const variant = parseStored(value);
      return variant?.etag === encodedEtag(identity.etag, coding) ? variant : undefined;
    };
    const br = kept('br', stored[1]);
    const gzip = kept('gzip', stored[2]);
    const complete = br !== undefined && gzip !== undefined;
    return {
      entry: { ...entry, encoded: { br: br ?? (await encode(identity.body, identity.etag, 'br')), gzip: gzip ?? (await encode(identity.body, identity.etag, 'gzip')) } },
      complete,
    };
  }

  /** Writes the answer and its encodings in one MULTI, so no reader sees an encoding of another build. */
  private toRedis(key: string, entry: CachedBody): void {
    const { redis, logger } = this.options;
    if (redis.status !== 'ready') return;
    const write = redis.multi().set(key, storedValue(entry), 'EX', REDIS_TTL_SECONDS);
    if (entry.encoded) for (const coding of CONTENT_CODINGS) write.set(`${key}:${coding}`, storedValue(entry.encoded[coding]), 'EX', REDIS_TTL_SECONDS);
    write.exec().catch((err: unknown) => {
      logger.debug({ err }, 'content cache write skipped');
    });
  }

  /**
   * The answer `id` at the current revision. `shared`: also kept in Redis; `encoded`: compressed as well, once
   * per revision (with the build). Concurrent misses share one build. `build` returning undefined means
   * "no such thing" (not cached).
   */
  private async cached(id: string, contentType: string, how: { shared: boolean; encoded: boolean }, build: () => Promise<Buffer | undefined>): Promise<CachedBody | undefined> {
    const { shared, encoded } = how;
    const state = await this.revision();
    const hit = this.memory.get(id);
    if (hit && hit.revision === state.revision && hit.epoch === state.cacheEpoch) return hit.entry;
    const redisKey = `content:cache:${state.cacheEpoch}:${state.revision}:${id}`;
    let flight = this.inflight.get(redisKey);
    if (!flight) {
      flight = (async () => {
        const kept = shared ? await this.fromRedis(redisKey, contentType, encoded) : undefined;
        let entry = kept?.entry;
        if (!entry) {
          const body = await build();
          if (!body) return undefined;
          entry = entryOf(body, contentType);
          if (encoded) entry.encoded = await encodeAll(body, entry.etag);
        }
        if (shared && !kept?.complete) this.toRedis(redisKey, entry);
        this.remember(id, state, entry);
        return entry;
      })().finally(() => this.inflight.delete(redisKey));
      this.inflight.set(redisKey, flight);
    }
    return flight;
  }

  async list(name: ListName): Promise<CachedBody> {
    const entry = await this.cached(`list:${name}`, JSON_TYPE, { shared: true, encoded: true }, async () => Buffer.from(JSON.stringify(await LIST_BUILDERS[name](this.options.pool))));
    if (!entry) throw new Error(`list ${name} was not built`);
    return entry;
  }

  /** Every Active or Cancelled (STATUS:CANCELLED) event that has not ended (by the Adelaide calendar); drafts never. */
  async calendarFeed(lang: SiteLang = 'en', now: Date = new Date()): Promise<CachedBody> {
    const today = siteToday(now);
    const entry = await this.cached(`calendar:${lang}:${today}`, CALENDAR_TYPE, { shared: true, encoded: false }, async () => {
      const rows = await calendarEventsFrom(this.options.pool, today);
      return Buffer.from(eventsCalendar(rows, { publicUrl: this.options.publicUrl, name: lang === 'ta' ? CALENDAR_NAME_TA : CALENDAR_NAME, lang }));
    });
    if (!entry) throw new Error('calendar feed was not built');
    return entry;
  }

  /** One published (not draft) event as a calendar; undefined when there is no such event. */
  async eventCalendar(key: string, lang: SiteLang = 'en'): Promise<CachedBody | undefined> {
    return this.cached(`event:${lang}:${key}`, CALENDAR_TYPE, { shared: false, encoded: false }, async () => {
      const row = await publishedEvent(this.options.pool, key);
      return row ? Buffer.from(eventsCalendar([row], { publicUrl: this.options.publicUrl, name: lang === 'ta' && row.name_ta ? row.name_ta : row.name, lang })) : undefined;
    });
  }

  /** A stored picture variant. Names are content-addressed, so what is cached never goes stale. */
  async upload(file: string): Promise<UploadBody | undefined> {
    const hit = this.uploads.get(file);
    if (hit) {
      this.uploads.delete(file);
      this.uploads.set(file, hit);
      return hit;
    }
    const row = await imageVariant(this.options.pool, file);
    if (!row) return undefined;
    const upload: UploadBody = { bytes: row.bytes, contentType: row.content_type, etag: `"${file}"` };
    if (row.bytes.length <= UPLOAD_CACHE_BYTES / 8) {
      this.uploads.set(file, upload);
      this.uploadBytes += row.bytes.length;
      for (const [name, old] of this.uploads) {
        if (this.uploadBytes <= UPLOAD_CACHE_BYTES) break;
        this.uploads.delete(name);
        this.uploadBytes -= old.bytes.length;
      }
    }
    return upload;
  }

  async close(): Promise<void> {
    await this.watcher.close();
  }
}
