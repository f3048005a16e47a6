import type { ImageMeta } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';
import { IMPORT_LOCK, SEED_LOCK } from './content-revision-watcher.js';

/**
 * What the content import, the seed on first start and the export read and write: the five content tables
 * (one per section of a content folder), the stored pictures and their variants, and the locks and
 * transaction statements around them. The callers decide the transaction boundaries.
 */

// -------------------------------------------------------------------------------------------------
// Transactions and locks
// -------------------------------------------------------------------------------------------------

export async function beginTransaction(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
}

/** One read-only snapshot of everything, for as long as the transaction lasts. */
export async function beginReadOnlySnapshot(client: PoolClient): Promise<void> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

export async function commitTransaction(client: PoolClient): Promise<void> {
  await client.query('COMMIT');
}

export async function rollbackTransaction(client: PoolClient): Promise<void> {
  await client.query('ROLLBACK');
}

/** Inside a transaction: waits for any other import, and holds the import lock until the transaction ends. */
export async function lockImports(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', IMPORT_LOCK);
}

/** The seed-on-start session lock: replicas starting together take turns. */
export async function lockSeed(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1, $2)', SEED_LOCK);
}

export async function unlockSeed(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_unlock($1, $2)', SEED_LOCK);
}

/** True when no content was ever imported and every content table is empty. */
export async function contentNeverImported(db: Pick<Pool, 'query'>): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>(`SELECT
    (SELECT last_import_at IS NULL FROM content_revision)
    AND NOT EXISTS (SELECT 1 FROM blog_posts) AND NOT EXISTS (SELECT 1 FROM events)
    AND NOT EXISTS (SELECT 1 FROM team_members) AND NOT EXISTS (SELECT 1 FROM sponsors)
    AND NOT EXISTS (SELECT 1 FROM gallery_events) AS empty`);
  return rows[0]?.empty === true;
}

// -------------------------------------------------------------------------------------------------
// Import: pictures
// -------------------------------------------------------------------------------------------------

/** The variants already stored of these source pictures (by content hash), narrowest first. */
export async function storedVariantsOf(client: PoolClient, hashes: string[]): Promise<Array<{ source_hash: string; file: string; width: number; height: number }>> {
  const { rows } = await client.query<{ source_hash: string; file: string; width: number; height: number }>(
    'SELECT source_hash, file, width, height FROM image_variants WHERE source_hash = ANY($1) ORDER BY width',
    [hashes],
  );
  return rows;
}

/** Stores an original picture, unless one with its hash is stored already. */
export async function insertImageSource(client: PoolClient, source: { hash: string; fileName: string; contentType: string; bytes: Buffer }): Promise<void> {
  await client.query('INSERT INTO image_sources (hash, file_name, content_type, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (hash) DO NOTHING', [
    source.hash,
    source.fileName,
    source.contentType,
    source.bytes,
  ]);
}

/** Stores a variant of a picture, unless one with its file name is stored already. */
export async function insertImageVariant(
  client: PoolClient,
  variant: { file: string; sourceHash: string; width: number; height: number; contentType: string; bytes: Buffer },
): Promise<void> {
  await client.query(
    'INSERT INTO image_variants (file, source_hash, width, height, content_type, bytes) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (file) DO NOTHING',
    [variant.file, variant.sourceHash, variant.width, variant.height, variant.contentType, variant.bytes],
  );
}

/** Deletes stored pictures (and their variants) no item uses any more. */
export async function deleteUnusedImageSources(client: PoolClient): Promise<void> {
  await client.query(`DELETE FROM image_sources s
    WHERE NOT EXISTS (SELECT 1 FROM blog_posts WHERE image_hash = s.hash)
      AND NOT EXISTS (SELECT 1 FROM team_members WHERE image_hash = s.hash)
      AND NOT EXISTS (SELECT 1 FROM sponsors WHERE image_hash = s.hash)
      AND NOT EXISTS (SELECT 1 FROM events WHERE s.hash = ANY (image_hashes))
      AND NOT EXISTS (SELECT 1 FROM gallery_events WHERE s.hash = ANY (image_hashes))`);
}

// -------------------------------------------------------------------------------------------------
// Import: the sections' tables
// -------------------------------------------------------------------------------------------------

interface SectionTable {
  table: string;
  /** The columns an item's values fill, in this order (key and fingerprint apart) ... */
  columns: string[];
  /** ... then its Tamil versions' (migration 011). */
  tamilColumns: string[];
}

/** The table of each section of a content folder. */
export const SECTION_TABLES = {
  posts: {
    table: 'blog_posts',
    columns: ['name', 'description', 'published_at', 'image', 'image_meta', 'image_hash', 'status', 'publish_at', 'cover_alt'],
    tamilColumns: ['name_ta', 'description_ta'],
  },
  events: {
    table: 'events',
    columns: ['name', 'description', 'starts_on', 'ends_on', 'time', 'location', 'images', 'image_meta', 'image_hashes', 'event_link', 'status'],
    tamilColumns: ['name_ta', 'description_ta', 'location_ta'],
  },
  team: {
    table: 'team_members',
    columns: ['name', 'designation', 'description', 'sort_order', 'image', 'image_meta', 'image_hash', 'image_alt'],
    tamilColumns: ['name_ta', 'designation_ta', 'description_ta'],
  },
  sponsors: { table: 'sponsors', columns: ['name', 'link', 'sort_order', 'image', 'image_meta', 'image_hash', 'image_alt'], tamilColumns: ['name_ta'] },
  gallery: { table: 'gallery_events', columns: ['name', 'event_date', 'images', 'image_meta', 'image_hashes'], tamilColumns: ['name_ta'] },
} as const satisfies Record<string, SectionTable>;

export type ContentSection = keyof typeof SECTION_TABLES;

/** Every stored item of a section: its key and the fingerprint of the values it was imported with. */
export async function sectionFingerprints(client: PoolClient, section: ContentSection): Promise<Array<{ key: string; fingerprint: string | null }>> {
  const { rows } = await client.query<{ key: string; fingerprint: string | null }>(`SELECT key, fingerprint FROM ${SECTION_TABLES[section].table}`);
  return rows;
}

/** Adds the item or replaces the stored one with this key; `values` in the order of SECTION_TABLES[section].columns, then tamilColumns. */
export async function upsertSectionItem(client: PoolClient, section: ContentSection, key: string, values: readonly unknown[], fingerprint: string): Promise<void> {
  const spec: SectionTable = SECTION_TABLES[section];
  const columns = [...spec.columns, ...spec.tamilColumns, 'fingerprint'];
  const placeholders = columns.map((_, i) => `$${i + 2}`).join(', ');
  const updates = columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ');
  const upsert = `INSERT INTO ${spec.table} (key, ${columns.join(', ')}) VALUES ($1, ${placeholders})
    ON CONFLICT (key) DO UPDATE SET ${updates}, updated_at = now()`;
  await client.query(upsert, [key, ...values, fingerprint]);
}

/** Deletes the section's items with these keys. */
export async function deleteSectionItems(client: PoolClient, section: ContentSection, keys: string[]): Promise<void> {
  await client.query(`DELETE FROM ${SECTION_TABLES[section].table} WHERE key = ANY($1)`, [keys]);
}

// -------------------------------------------------------------------------------------------------
// Export: everything, with the hashes of the pictures
// -------------------------------------------------------------------------------------------------

/** Every original picture, by file name. */
export async function imageSources(client: PoolClient): Promise<Array<{ hash: string; file_name: string; bytes: Buffer }>> {
  const { rows } = await client.query<{ hash: string; file_name: string; bytes: Buffer }>('SELECT hash, file_name, bytes FROM image_sources ORDER BY file_name, hash');
  return rows;
}

export interface ExportedPostRow {
  key: string;
  name: string;
  description: string;
  published_at: Date;
  image_hash: string | null;
  image_meta: ImageMeta | null;
  status: string;
  publish_at: Date | null;
  cover_alt: string;
  name_ta: string | null;
  description_ta: string | null;
}

export async function blogPostsForExport(client: PoolClient): Promise<ExportedPostRow[]> {
  const { rows } = await client.query<ExportedPostRow>(
    'SELECT key, name, description, published_at, image_hash, image_meta, status, publish_at, cover_alt, name_ta, description_ta FROM blog_posts ORDER BY key',
  );
  return rows;
}

export interface ExportedEventRow {
  key: string;
  name: string;
  description: string;
  starts_on: string;
  ends_on: string | null;
  time: string | null;
  location: string;
  image_hashes: string[];
  image_meta: ImageMeta[];
  event_link: string | null;
  status: string;
  name_ta: string | null;
  description_ta: string | null;
  location_ta: string | null;
}

export async function eventsForExport(client: PoolClient): Promise<ExportedEventRow[]> {
  const { rows } = await client.query<ExportedEventRow>(
    'SELECT key, name, description, starts_on, ends_on, time, location, image_hashes, image_meta, event_link, status, name_ta, description_ta, location_ta FROM events ORDER BY starts_on, key',
  );
  return rows;
}

export interface ExportedTeamMemberRow {
  key: string;
  name: string;
  designation: string;
  description: string;
  sort_order: number;
  image_hash: string | null;
  image_meta: ImageMeta | null;
  image_alt: string;
  name_ta: string | null;
  designation_ta: string | null;
  description_ta: string | null;
}

export async function teamMembersForExport(client: PoolClient): Promise<ExportedTeamMemberRow[]> {
  const { rows } = await client.query<ExportedTeamMemberRow>(
    'SELECT key, name, designation, description, sort_order, image_hash, image_meta, image_alt, name_ta, designation_ta, description_ta FROM team_members ORDER BY sort_order, key',
  );
  return rows;
}

export interface ExportedSponsorRow {
  key: string;
  name: string;
  link: string | null;
  image_hash: string | null;
  image_meta: ImageMeta | null;
  image_alt: string;
  name_ta: string | null;
}

export async function sponsorsForExport(client: PoolClient): Promise<ExportedSponsorRow[]> {
  const { rows } = await client.query<ExportedSponsorRow>('SELECT key, name, link, image_hash, image_meta, image_alt, name_ta FROM sponsors ORDER BY sort_order, key');
  return rows;
}

export interface ExportedGalleryEventRow {
  key: string;
  name: string;
  event_date: string;
  image_hashes: string[];
  image_meta: ImageMeta[];
  name_ta: string | null;
}

export async function galleryEventsForExport(client: PoolClient): Promise<ExportedGalleryEventRow[]> {
  const { rows } = await client.query<ExportedGalleryEventRow>('SELECT key, name, event_date, image_hashes, image_meta, name_ta FROM gallery_events ORDER BY event_date DESC, key');
  return rows;
}
