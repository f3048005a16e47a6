import {
  AUDIT_TIME_ZONE,
  uploadUrl,
  type AuditEntry,
  type ContentAuditAction,
  type CreatePostRequest,
  type ImageMeta,
  type PostStatus,
  type StaffPost,
  type StaffPostSummary,
} from '@tca/contracts';
import type { AuditLogFilter, Logger, Pool, PoolClient } from '@tca/service-kit';
import { bumpRevisionState, revisionCommitted } from '../../data-access/content-revision-watcher.js';
import {
  beginTransaction,
  commitTransaction,
  deleteUnusedImageSources,
  insertImageSource,
  insertImageVariant,
  lockImports,
  rollbackTransaction,
} from '../../data-access/content-import-repository.js';
import {
  allStaffPosts,
  auditPage,
  deletePost,
  insertAudit,
  insertPost,
  keysLike,
  nextScheduledAt,
  publishDuePosts,
  setPostCover,
  staffPost,
  updatePost,
  type PostWrite,
  type StaffPostRow,
} from '../../data-access/staff-posts-repository.js';
import { tamilChanges, tamilDifferences, tamilOf, tamilToStore, type TamilTexts } from '../tamil-texts.js';
import { imageMetaOf, processImage, VARIANT_CONTENT_TYPE, type ProcessedImage } from '../image-variants.js';
import { instantToSite, siteTimeToInstant } from '../site-dates.js';

/**
 * Blog posts edited by staff (issue 14). Every change runs in one transaction that holds the import lock
 * (edits and folder imports never interleave), writes an audit entry and bumps the content revision, so
 * public pages show it at once. Versions (set by the table's trigger) detect an edit made on a stale copy.
 */

export interface Actor {
  userId: string | null;
  email: string;
  ip: string | null;
}

/** The post the request names does not exist (any more). */
export class PostNotFoundError extends Error {
  override readonly name = 'PostNotFoundError';
}

/** The request was made from an older version: the post as it is now, and the fields that differ from the request. */
export class StalePostError extends Error {
  override readonly name = 'StalePostError';
  constructor(
    readonly current: StaffPostSummary,
    readonly changed: string[],
  ) {
    super('stale version');
  }
}

/** The uploaded bytes could not be made into a picture. */
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

/** An uploaded picture through the sharp pipeline (`fileName` gives its kind); UnreadableImageError when it cannot be read. */
export async function processUpload(upload: { fileName: string; bytes: Buffer }): Promise<ProcessedImage> {
  try {
    return await processImage(upload.fileName, upload.bytes);
  } catch (err) {
    throw new UnreadableImageError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** Stores a processed upload (its original and WebP variants) as an import stores a folder's pictures. */
export async function storeProcessedImage(client: PoolClient, processed: ProcessedImage): Promise<void> {
  await insertImageSource(client, processed);
  for (const variant of processed.variants) {
    await insertImageVariant(client, { file: variant.file, sourceHash: processed.hash, width: variant.width, height: variant.height, contentType: VARIANT_CONTENT_TYPE, bytes: variant.bytes });
  }
}

export type PostFields = Omit<CreatePostRequest, 'coverAlt' | 'publishAt'> & { coverAlt?: string | undefined; publishAt?: string | null | undefined };

/** The body as the folder importer keeps it (leading blank lines and trailing space dropped): exports round-trip. */
export function normaliseBody(body: string): string {
  return body.replace(/^\s*\n/, '').trimEnd();
}

export function summaryOf(row: StaffPostRow): StaffPostSummary {
  const meta = row.image_meta;
  return {
    key: row.key,
    title: row.name,
    date: instantToSite(row.published_at).date,
    status: row.status,
    publishAt: row.status === 'scheduled' && row.publish_at ? row.publish_at.toISOString() : null,
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
    cover: row.image && meta ? { url: uploadUrl(row.image), file: row.image, alt: meta.alt, width: meta.width, height: meta.height } : null,
    coverAlt: row.cover_alt,
    ta: tamilOf({ title: row.name_ta }),
  };
}

/** The post's Tamil title and body. */
function tamilOfPost(row: StaffPostRow): TamilTexts<'title' | 'body'> {
  return tamilOf({ title: row.name_ta, body: row.description_ta });
}

export function postOf(row: StaffPostRow): StaffPost {
  return { ...summaryOf(row), body: row.description, ta: tamilOfPost(row) };
}

const TAMIL_KEYS = ['title', 'body'] as const;

/** A key from the title: lower-case letters and digits joined by -, at most 80 characters; `fallback` when nothing is left. */
export function keyBase(title: string, fallback = 'post'): string {
  const base = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return base || fallback;
}

/** What to store for the fields; `stored` (the post before an update) gives the Tamil a request without `ta` keeps. */
function writeOf(fields: PostFields, imageMeta: ImageMeta | null, stored?: StaffPostRow): PostWrite {
  const coverAlt = fields.coverAlt ?? '';
  const ta = tamilToStore(TAMIL_KEYS, fields.ta, stored ? tamilOfPost(stored) : {});
  return {
    name: fields.title,
    description: normaliseBody(fields.body),
    publishedAt: siteTimeToInstant(fields.date, '12:00'),
    status: fields.status,
    publishAt: fields.status === 'scheduled' && fields.publishAt ? new Date(fields.publishAt) : null,
    coverAlt,
    imageMeta: imageMeta ? { ...imageMeta, alt: coverAlt } : null,
    nameTa: ta.title,
    descriptionTa: ta.body === null ? null : normaliseBody(ta.body),
  };
}

/** Which of the request's fields the stored post has differently. */
function differences(row: StaffPostRow, fields: PostFields | undefined): string[] {
  if (!fields) return [];
  const now = summaryOf(row);
  const wanted = writeOf(fields, null);
  const changed: string[] = [];
  if (now.title !== wanted.name) changed.push('title');
  if (now.date !== fields.date) changed.push('date');
  if (row.description !== wanted.description) changed.push('body');
  if (now.coverAlt !== wanted.coverAlt) changed.push('coverAlt');
  if (now.status !== wanted.status) changed.push('status');
  if ((now.publishAt ?? null) !== (wanted.publishAt?.toISOString() ?? null)) changed.push('publishAt');
  const sent = fields.ta ? tamilOf({ title: wanted.nameTa, body: wanted.descriptionTa }) : undefined;
  changed.push(...tamilDifferences(TAMIL_KEYS, tamilOfPost(row), sent));
  return changed;
}

export function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** The audit action and a short before/after summary of an update. */
function describeUpdate(before: StaffPostRow, after: StaffPostRow): { action: ContentAuditAction; summary: string } {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`title ${quote(before.name)} -> ${quote(after.name)}`);
  if (before.published_at.getTime() !== after.published_at.getTime()) parts.push(`date ${instantToSite(before.published_at).date} -> ${instantToSite(after.published_at).date}`);
  if (before.description !== after.description) parts.push(`body ${before.description.length} -> ${after.description.length} characters`);
  if (before.cover_alt !== after.cover_alt) parts.push(`cover alt ${quote(before.cover_alt)} -> ${quote(after.cover_alt)}`);
  if (before.status !== after.status) parts.push(`status ${before.status} -> ${after.status}`);
  const beforeAt = before.publish_at?.toISOString() ?? null;
  const afterAt = after.status === 'scheduled' ? (after.publish_at?.toISOString() ?? null) : null;
  if (after.status === 'scheduled' && beforeAt !== afterAt) parts.push(`publish at ${afterAt ?? 'none'}`);
  parts.push(...tamilChanges({ title: 'Tamil title', body: 'Tamil body' }, tamilOfPost(before), tamilOfPost(after)));
  const summary = parts.length > 0 ? parts.join('; ') : 'saved without changes';
  let action: ContentAuditAction = 'post_updated';
  if (before.status !== 'published' && after.status === 'published') action = 'post_published';
  else if (before.status !== 'draft' && after.status === 'draft') action = 'post_unpublished';
  return { action, summary };
}

async function audit(client: PoolClient, actor: Actor, action: ContentAuditAction, key: string, summary: string): Promise<void> {
  await insertAudit(client, { actorUserId: actor.userId, actorEmail: actor.email, action, target: `post:${key}`, summary, ip: actor.ip });
}

/**
 * Runs `work` in a transaction holding the import lock, then bumps the revision (NOTIFY) and commits; this
 * process's catalog knows the new revision before the answer goes out (revisionCommitted), so a read right
 * after a staff change on the same process already sees it.
 */
export async function inChange<T>(pool: Pool, work: (client: PoolClient) => Promise<{ result: T; changed: boolean }>): Promise<T> {
  const client = await pool.connect();
  try {
    await beginTransaction(client);
    try {
      await lockImports(client);
      const { result, changed } = await work(client);
      const revision = changed ? await bumpRevisionState(client) : undefined;
      await commitTransaction(client);
      if (revision) revisionCommitted(pool, revision);
      return result;
    } catch (err) {
      await rollbackTransaction(client).catch(() => undefined);
      throw err;
    }
  } finally {
    client.release();
  }
}

/** Locks the post and checks the version the request was made from. */
async function lockedAtVersion(client: PoolClient, key: string, version: number, fields?: PostFields): Promise<StaffPostRow> {
  const row = await staffPost(client, key, true);
  if (!row) throw new PostNotFoundError(key);
  if (row.version !== version) throw new StalePostError(summaryOf(row), differences(row, fields));
  return row;
}

export interface StaffPostsOptions {
  pool: Pool;
  /** Told after a change that may move the next scheduled time. */
  onScheduleChanged?: () => void;
}

export class StaffPosts {
  constructor(private readonly options: StaffPostsOptions) {}

  async list(): Promise<StaffPostSummary[]> {
    return (await allStaffPosts(this.options.pool)).map(summaryOf);
  }

  async get(key: string): Promise<StaffPost | undefined> {
    const row = await staffPost(this.options.pool, key);
    return row ? postOf(row) : undefined;
  }

  async create(fields: PostFields, actor: Actor): Promise<StaffPost> {
    const base = keyBase(fields.title);
    const post = await inChange(this.options.pool, async (client) => {
      // The import lock serialises editors too, so the free key found here is still free at the insert;
      // ON CONFLICT covers a key taken by anything else.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const taken = new Set(await keysLike(client, base));
        let key = base;
        for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
        const row = await insertPost(client, key, writeOf(fields, null));
        if (!row) continue;
        await audit(client, actor, 'post_created', key, `${quote(row.name)}, ${row.status}${row.status === 'scheduled' ? ` at ${row.publish_at?.toISOString() ?? ''}` : ''}`);
        return { result: postOf(row), changed: true };
      }
      throw new Error(`no free key for ${base}`);
    });
    this.options.onScheduleChanged?.();
    return post;
  }

  async update(key: string, version: number, fields: PostFields, actor: Actor): Promise<StaffPost> {
    const post = await inChange(this.options.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version, fields);
      const after = await updatePost(client, key, writeOf(fields, before.image_meta, before));
      const { action, summary } = describeUpdate(before, after);
      await audit(client, actor, action, key, summary);
      return { result: postOf(after), changed: true };
    });
    this.options.onScheduleChanged?.();
    return post;
  }

  async remove(key: string, version: number, actor: Actor): Promise<void> {
    await inChange(this.options.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version);
      await deletePost(client, key);
      await deleteUnusedImageSources(client);
      await audit(client, actor, 'post_deleted', key, `${quote(before.name)}, was ${before.status}`);
      return { result: undefined, changed: true };
    });
    this.options.onScheduleChanged?.();
  }

  /** A new cover picture through the sharp pipeline (variants stored like an import's); `fileName` gives its kind. */
  async setCover(key: string, version: number, upload: { fileName: string; bytes: Buffer }, actor: Actor): Promise<StaffPost> {
    // Fails early without the slow processing when the post is gone or the copy stale.
    const current = await staffPost(this.options.pool, key);
    if (!current) throw new PostNotFoundError(key);
    if (current.version !== version) throw new StalePostError(summaryOf(current), []);
    const processed = await processUpload(upload);
    return inChange(this.options.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version);
      await storeProcessedImage(client, processed);
      const meta = imageMetaOf(processed.variants, before.cover_alt);
      const after = await setPostCover(client, key, { image: meta.file, imageMeta: meta, imageHash: processed.hash });
      await deleteUnusedImageSources(client);
      await audit(client, actor, 'post_cover_changed', key, `${before.image ?? 'no cover'} -> ${meta.file} (${meta.width}x${meta.height})`);
      return { result: postOf(after), changed: true };
    });
  }
}

/** Content's audit log, newest first: `limit` entries older than `before` matching the filters, and the id to ask the next page with. */
export async function contentAuditPage(pool: Pool, query: Omit<AuditLogFilter, 'timeZone'>): Promise<{ entries: AuditEntry[]; nextBefore: string | null }> {
  const rows = await auditPage(pool, { ...query, timeZone: AUDIT_TIME_ZONE, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorUserId: row.actor_user_id,
      actorEmail: row.actor_email,
      action: row.action,
      target: row.target,
      summary: row.summary,
      ip: row.ip,
    })),
    nextBefore: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

// -------------------------------------------------------------------------------------------------
// Scheduled posts
// -------------------------------------------------------------------------------------------------

export const SCHEDULE_ACTOR: Actor = { userId: null, email: 'system:schedule', ip: null };

/** Publishes every scheduled post whose time has come (audit entry each, one revision bump); their keys. */
export async function publishDue(pool: Pool): Promise<string[]> {
  return inChange(pool, async (client) => {
    const keys = await publishDuePosts(client);
    for (const key of keys) await audit(client, SCHEDULE_ACTOR, 'post_published', key, 'status scheduled -> published (its time came)');
    return { result: keys, changed: keys.length > 0 };
  });
}

/**
 * Makes scheduled posts go live on time in every API process: a timer set for the next due post (re-planned
 * after each change made here), and at least every `maxWaitMs` (posts scheduled by another process or an
 * import). Publishing is one UPDATE under the import lock: two processes never publish a post twice.
 */
export class ScheduledPublisher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(private readonly options: { pool: Pool; logger: Logger; maxWaitMs: number }) {
    this.nudge();
  }

  /** Publishes what is due now and plans the next run. */
  nudge(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  private async run(): Promise<void> {
    let waitMs = this.options.maxWaitMs;
    try {
      const keys = await publishDue(this.options.pool);
      if (keys.length > 0) this.options.logger.info({ keys }, 'scheduled posts published');
      const next = await nextScheduledAt(this.options.pool);
      if (next) waitMs = Math.min(waitMs, Math.max(0, next.getTime() - Date.now()) + 5);
    } catch (err) {
      this.options.logger.warn({ err }, 'scheduled posts: could not check; trying again');
    }
    if (this.closed) return;
    this.timer = setTimeout(() => this.nudge(), waitMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

export type { PostStatus };
