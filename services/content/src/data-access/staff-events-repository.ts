/**
 * The staff editor's reads and writes of events (every status). Versions and updated_at are set by the
 * events trigger (migration 007) on every change, whoever makes it.
 */
import type { EventStatus, ImageMeta } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

type Db = Pool | PoolClient;

export interface StaffEventRow {
  key: string;
  name: string;
  description: string;
  starts_on: string;
  ends_on: string | null;
  time: string | null;
  location: string;
  event_link: string | null;
  status: EventStatus;
  /** The largest variant of each picture, in slideshow order (the public API's `images`). */
  images: string[];
  image_meta: ImageMeta[];
  /** The source picture of each, same order (exports write them back). */
  image_hashes: string[];
  updated_at: Date;
  version: number;
  /** The Tamil name, description and place; NULL is none (migration 011). */
  name_ta: string | null;
  description_ta: string | null;
  location_ta: string | null;
}

const COLUMNS = 'key, name, description, starts_on, ends_on, time, location, event_link, status, images, image_meta, image_hashes, updated_at, version, name_ta, description_ta, location_ta';

/** Every event, the latest first day first. */
export async function allStaffEvents(db: Db): Promise<StaffEventRow[]> {
  const { rows } = await db.query<StaffEventRow>(`SELECT ${COLUMNS} FROM events ORDER BY starts_on DESC, time DESC NULLS LAST, key`);
  return rows;
}

/** The event with this key; `forUpdate` locks its row until the transaction ends. */
export async function staffEvent(db: Db, key: string, forUpdate = false): Promise<StaffEventRow | undefined> {
  const { rows } = await db.query<StaffEventRow>(`SELECT ${COLUMNS} FROM events WHERE key = $1${forUpdate ? ' FOR UPDATE' : ''}`, [key]);
  return rows[0];
}

/** Keys already taken among `base`, `base-2`, `base-3`, … */
export async function eventKeysLike(db: Db, base: string): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM events WHERE key = $1 OR key ~ ('^' || $1 || '-[0-9]+$')`, [base]);
  return rows.map((row) => row.key);
}

export interface EventWrite {
  name: string;
  description: string;
  startsOn: string;
  endsOn: string | null;
  time: string | null;
  location: string;
  eventLink: string | null;
  status: EventStatus;
  nameTa: string | null;
  descriptionTa: string | null;
  locationTa: string | null;
}

export interface EventImagesWrite {
  images: string[];
  imageMeta: ImageMeta[];
  imageHashes: string[];
}

/** Inserts an event without pictures; undefined when the key is taken meanwhile. fingerprint NULL: an import always rewrites it. */
export async function insertEvent(db: Db, key: string, event: EventWrite): Promise<StaffEventRow | undefined> {
  const { rows } = await db.query<StaffEventRow>(
    `INSERT INTO events (key, name, description, starts_on, ends_on, time, location, event_link, status, name_ta, description_ta, location_ta)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (key) DO NOTHING RETURNING ${COLUMNS}`,
    [key, event.name, event.description, event.startsOn, event.endsOn, event.time, event.location, event.eventLink, event.status, event.nameTa, event.descriptionTa, event.locationTa],
  );
  return rows[0];
}

/** Rewrites the event's fields and its pictures (kept, reordered, alt texts). */
export async function updateEvent(db: Db, key: string, event: EventWrite, images: EventImagesWrite): Promise<StaffEventRow> {
  const { rows } = await db.query<StaffEventRow>(
    `UPDATE events SET name = $2, description = $3, starts_on = $4, ends_on = $5, time = $6, location = $7, event_link = $8, status = $9,
       images = $10, image_meta = $11, image_hashes = $12, name_ta = $13, description_ta = $14, location_ta = $15, fingerprint = NULL
     WHERE key = $1 RETURNING ${COLUMNS}`,
    [
      key, event.name, event.description, event.startsOn, event.endsOn, event.time, event.location, event.eventLink, event.status,
      images.images, JSON.stringify(images.imageMeta), images.imageHashes, event.nameTa, event.descriptionTa, event.locationTa,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`updateEvent: no event ${key}`);
  return row;
}

/** Sets the event's pictures only. */
export async function setEventImages(db: Db, key: string, images: EventImagesWrite): Promise<StaffEventRow> {
  const { rows } = await db.query<StaffEventRow>(
    `UPDATE events SET images = $2, image_meta = $3, image_hashes = $4, fingerprint = NULL WHERE key = $1 RETURNING ${COLUMNS}`,
    [key, images.images, JSON.stringify(images.imageMeta), images.imageHashes],
  );
  const row = rows[0];
  if (!row) throw new Error(`setEventImages: no event ${key}`);
  return row;
}

export async function deleteEvent(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM events WHERE key = $1', [key]);
}
