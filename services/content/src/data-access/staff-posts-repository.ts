/**
 * The staff editor's reads and writes of blog posts (every status), and content's audit log. Versions and
 * updated_at are set by the blog_posts trigger (migration 006) on every change, whoever makes it.
 */
import type { ImageMeta, PostStatus } from '@tca/contracts';
import { auditLogInsertQuery, auditLogPageQuery, type AuditLogFilter, type AuditLogInsert, type AuditLogRow, type Pool, type PoolClient } from '@tca/service-kit';

type Db = Pool | PoolClient;

export interface StaffPostRow {
  key: string;
  name: string;
  description: string;
  published_at: Date;
  status: PostStatus;
  publish_at: Date | null;
  updated_at: Date;
  version: number;
  image: string | null;
  image_meta: ImageMeta | null;
  image_hash: string | null;
  cover_alt: string;
  /** The Tamil title and body (Markdown); NULL is none (migration 011). */
  name_ta: string | null;
  description_ta: string | null;
}

const COLUMNS = 'key, name, description, published_at, status, publish_at, updated_at, version, image, image_meta, image_hash, cover_alt, name_ta, description_ta';

export async function allStaffPosts(db: Db): Promise<StaffPostRow[]> {
  const { rows } = await db.query<StaffPostRow>(`SELECT ${COLUMNS} FROM blog_posts ORDER BY published_at DESC, key`);
  return rows;
}

/** The post with this key; `forUpdate` locks its row until the transaction ends. */
export async function staffPost(db: Db, key: string, forUpdate = false): Promise<StaffPostRow | undefined> {
  const { rows } = await db.query<StaffPostRow>(`SELECT ${COLUMNS} FROM blog_posts WHERE key = $1${forUpdate ? ' FOR UPDATE' : ''}`, [key]);
  return rows[0];
}

/** Keys already taken among `base`, `base-2`, `base-3`, … */
export async function keysLike(db: Db, base: string): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM blog_posts WHERE key = $1 OR key ~ ('^' || $1 || '-[0-9]+$')`, [base]);
  return rows.map((row) => row.key);
}

export interface PostWrite {
  name: string;
  description: string;
  publishedAt: Date;
  status: PostStatus;
  publishAt: Date | null;
  coverAlt: string;
  /** image_meta with the alt text applied, or null without a cover. */
  imageMeta: ImageMeta | null;
  nameTa: string | null;
  descriptionTa: string | null;
}

/** Inserts a post; undefined when the key is taken meanwhile (the caller picks another). fingerprint NULL: an import always rewrites it. */
export async function insertPost(db: Db, key: string, post: PostWrite): Promise<StaffPostRow | undefined> {
  const { rows } = await db.query<StaffPostRow>(
    `INSERT INTO blog_posts (key, name, description, published_at, status, publish_at, cover_alt, image_meta, name_ta, description_ta)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (key) DO NOTHING RETURNING ${COLUMNS}`,
    [key, post.name, post.description, post.publishedAt, post.status, post.publishAt, post.coverAlt, post.imageMeta ? JSON.stringify(post.imageMeta) : null, post.nameTa, post.descriptionTa],
  );
  return rows[0];
}

export async function updatePost(db: Db, key: string, post: PostWrite): Promise<StaffPostRow> {
  const { rows } = await db.query<StaffPostRow>(
    `UPDATE blog_posts SET name = $2, description = $3, published_at = $4, status = $5, publish_at = $6, cover_alt = $7, image_meta = $8,
       name_ta = $9, description_ta = $10, fingerprint = NULL
     WHERE key = $1 RETURNING ${COLUMNS}`,
    [key, post.name, post.description, post.publishedAt, post.status, post.publishAt, post.coverAlt, post.imageMeta ? JSON.stringify(post.imageMeta) : null, post.nameTa, post.descriptionTa],
  );
  const row = rows[0];
  if (!row) throw new Error(`updatePost: no post ${key}`);
  return row;
}

export async function setPostCover(db: Db, key: string, cover: { image: string; imageMeta: ImageMeta; imageHash: string }): Promise<StaffPostRow> {
  const { rows } = await db.query<StaffPostRow>(
    `UPDATE blog_posts SET image = $2, image_meta = $3, image_hash = $4, fingerprint = NULL WHERE key = $1 RETURNING ${COLUMNS}`,
    [key, cover.image, JSON.stringify(cover.imageMeta), cover.imageHash],
  );
  const row = rows[0];
  if (!row) throw new Error(`setPostCover: no post ${key}`);
  return row;
}

export async function deletePost(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM blog_posts WHERE key = $1', [key]);
}

/** Scheduled posts whose time has come become published; their keys. */
export async function publishDuePosts(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>("UPDATE blog_posts SET status = 'published' WHERE status = 'scheduled' AND publish_at <= now() RETURNING key");
  return rows.map((row) => row.key).sort();
}

/** When the next scheduled post is due, or null. */
export async function nextScheduledAt(db: Db): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>("SELECT min(publish_at) AS at FROM blog_posts WHERE status = 'scheduled'");
  return rows[0]?.at ?? null;
}

// -------------------------------------------------------------------------------------------------
// Audit log (append-only: the table's trigger refuses UPDATE, DELETE and TRUNCATE)
// -------------------------------------------------------------------------------------------------

export type AuditInsert = AuditLogInsert<string>;
export type AuditRow = AuditLogRow<string>;

export async function insertAudit(db: Db, entry: AuditInsert): Promise<void> {
  await db.query(auditLogInsertQuery(entry));
}

/** Newest first, `limit` entries older than `before`, matching the filter's action, actor and days. */
export async function auditPage(db: Db, filter: AuditLogFilter): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(auditLogPageQuery(filter));
  return rows;
}
