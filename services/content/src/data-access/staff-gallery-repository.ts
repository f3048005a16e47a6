/**
 * The staff editor's reads and writes of gallery albums. An album's photos are three parallel lists
 * (images: the largest variant's file, image_meta, image_hashes), in the order shown; versions and
 * updated_at are set by the gallery_events trigger (migration 008) on every change, whoever makes it.
 */
import type { ImageMeta } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

type Db = Pool | PoolClient;

export interface AlbumRow {
  key: string;
  name: string;
  /** YYYY-MM-DD. */
  event_date: string;
  images: string[];
  image_meta: ImageMeta[];
  image_hashes: string[];
  updated_at: Date;
  version: number;
  /** The Tamil name; NULL is none (migration 011). */
  name_ta: string | null;
}

/** What an album's create or update writes. */
export interface AlbumWrite {
  name: string;
  date: string;
  nameTa: string | null;
}

/** One photo as stored: its meta (with the alt text) and the hash of its source picture (its id). */
export interface AlbumPhoto {
  hash: string;
  meta: ImageMeta;
}

const COLUMNS = "key, name, to_char(event_date, 'YYYY-MM-DD') AS event_date, images, image_meta, image_hashes, updated_at, version, name_ta";

/** Newest first, as the public gallery lists them. */
export async function allAlbums(db: Db): Promise<AlbumRow[]> {
  const { rows } = await db.query<AlbumRow>(`SELECT ${COLUMNS} FROM gallery_events ORDER BY event_date DESC, name, key`);
  return rows;
}

/** The album with this key; `forUpdate` locks its row until the transaction ends. */
export async function album(db: Db, key: string, forUpdate = false): Promise<AlbumRow | undefined> {
  const { rows } = await db.query<AlbumRow>(`SELECT ${COLUMNS} FROM gallery_events WHERE key = $1${forUpdate ? ' FOR UPDATE' : ''}`, [key]);
  return rows[0];
}

/** Keys already taken among `base`, `base-2`, `base-3`, … */
export async function albumKeysLike(db: Db, base: string): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM gallery_events WHERE key = $1 OR key ~ ('^' || $1 || '-[0-9]+$')`, [base]);
  return rows.map((row) => row.key);
}

/** Inserts an empty album; undefined when the key is taken meanwhile. fingerprint NULL: an import always rewrites it. */
export async function insertAlbum(db: Db, key: string, fields: AlbumWrite): Promise<AlbumRow | undefined> {
  const { rows } = await db.query<AlbumRow>(
    `INSERT INTO gallery_events (key, name, event_date, name_ta) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING RETURNING ${COLUMNS}`,
    [key, fields.name, fields.date, fields.nameTa],
  );
  return rows[0];
}

function only(rows: AlbumRow[], what: string, key: string): AlbumRow {
  const row = rows[0];
  if (!row) throw new Error(`${what}: no album ${key}`);
  return row;
}

export async function updateAlbum(db: Db, key: string, fields: AlbumWrite): Promise<AlbumRow> {
  const { rows } = await db.query<AlbumRow>(`UPDATE gallery_events SET name = $2, event_date = $3, name_ta = $4, fingerprint = NULL WHERE key = $1 RETURNING ${COLUMNS}`, [
    key,
    fields.name,
    fields.date,
    fields.nameTa,
  ]);
  return only(rows, 'updateAlbum', key);
}

/** Replaces the album's photos (added, removed, reordered or with new alt text) in the order given. */
export async function setAlbumPhotos(db: Db, key: string, photos: readonly AlbumPhoto[]): Promise<AlbumRow> {
  const { rows } = await db.query<AlbumRow>(
    `UPDATE gallery_events SET images = $2, image_meta = $3, image_hashes = $4, fingerprint = NULL WHERE key = $1 RETURNING ${COLUMNS}`,
    [key, photos.map((photo) => photo.meta.file), JSON.stringify(photos.map((photo) => photo.meta)), photos.map((photo) => photo.hash)],
  );
  return only(rows, 'setAlbumPhotos', key);
}

export async function deleteAlbum(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM gallery_events WHERE key = $1', [key]);
}
