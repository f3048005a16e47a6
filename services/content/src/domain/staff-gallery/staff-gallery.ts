import { ALBUM_PHOTOS_MAX, uploadUrl, type ContentAuditAction, type CreateAlbumRequest, type StaffAlbum, type StaffAlbumSummary, type StaffPhoto } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';
import { deleteUnusedImageSources } from '../../data-access/content-import-repository.js';
import {
  album,
  albumKeysLike,
  allAlbums,
  deleteAlbum,
  insertAlbum,
  setAlbumPhotos,
  updateAlbum,
  type AlbumPhoto,
  type AlbumRow,
  type AlbumWrite,
} from '../../data-access/staff-gallery-repository.js';
import { insertAudit } from '../../data-access/staff-posts-repository.js';
import { imageMetaOf, sha256 } from '../image-variants.js';
import { tamilChanges, tamilDifferences, tamilOf, tamilToStore } from '../tamil-texts.js';
import { inChange, keyBase, processUpload, quote, storeProcessedImage, type Actor } from '../staff-posts/staff-posts.js';

/**
 * Gallery albums edited by staff (issue 14). Like the blog posts: every change runs in one transaction that
 * holds the import lock, writes an audit entry to content's audit log and bumps the content revision (the
 * public /gallery shows it at once); the album's version (migration 008's trigger) detects a rename,
 * reorder or delete made on a stale copy. Photos are added one per call, at the end, without a version, so
 * several uploads can be in flight; alt text and removal name the photo by id (last write wins per photo).
 */

export class AlbumNotFoundError extends Error {
  override readonly name = 'AlbumNotFoundError';
}

export class PhotoNotFoundError extends Error {
  override readonly name = 'PhotoNotFoundError';
}

/** The same picture is in the album already (photos are identified by their picture's hash). */
export class DuplicatePhotoError extends Error {
  override readonly name = 'DuplicatePhotoError';
}

/** The album holds ALBUM_PHOTOS_MAX photos. */
export class AlbumFullError extends Error {
  override readonly name = 'AlbumFullError';
}

/** The order request does not list exactly the album's photos. */
export class PhotoOrderMismatchError extends Error {
  override readonly name = 'PhotoOrderMismatchError';
}

/** The request was made from an older version: the album as it is now, and what differs from the request. */
export class StaleAlbumError extends Error {
  override readonly name = 'StaleAlbumError';
  constructor(
    readonly current: StaffAlbum,
    readonly changed: string[],
  ) {
    super('stale version');
  }
}

export type AlbumFields = CreateAlbumRequest;

function photosOf(row: AlbumRow): AlbumPhoto[] {
  return row.image_hashes.flatMap((hash, index) => {
    const meta = row.image_meta[index];
    return meta ? [{ hash, meta }] : [];
  });
}

function photoOf({ hash, meta }: AlbumPhoto): StaffPhoto {
  const smallest = meta.variants?.[0]?.file ?? meta.file;
  return { id: hash, url: uploadUrl(meta.file), thumbUrl: uploadUrl(smallest), alt: meta.alt, width: meta.width, height: meta.height };
}

export function albumSummaryOf(row: AlbumRow): StaffAlbumSummary {
  const first = photosOf(row)[0];
  return {
    key: row.key,
    name: row.name,
    date: row.event_date,
    photoCount: row.image_hashes.length,
    thumbUrl: first ? photoOf(first).thumbUrl : null,
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
    ta: tamilOf({ name: row.name_ta }),
  };
}

/** What to store for the fields; `stored` (the album before an update) gives the Tamil name a request without `ta` keeps. */
function writeOf(fields: AlbumFields, stored?: AlbumRow): AlbumWrite {
  const ta = tamilToStore(['name'], fields.ta, stored ? tamilOf({ name: stored.name_ta }) : {});
  return { name: fields.name, date: fields.date, nameTa: ta.name };
}

export function albumOf(row: AlbumRow): StaffAlbum {
  return { ...albumSummaryOf(row), photos: photosOf(row).map(photoOf) };
}

/** A key from the name (`album` when the name has no Latin letters or digits, e.g. only Tamil). */
export function albumKeyBase(name: string): string {
  const base = keyBase(name);
  return base === 'post' && !/post/i.test(name) ? 'album' : base;
}

/** What the stored album has differently from a request made on an older copy. */
function differences(row: AlbumRow, wanted: { fields?: AlbumFields; photoIds?: readonly string[] }): string[] {
  const changed: string[] = [];
  if (wanted.fields && row.name !== wanted.fields.name) changed.push('name');
  if (wanted.fields && row.event_date !== wanted.fields.date) changed.push('date');
  if (wanted.fields) changed.push(...tamilDifferences(['name'], tamilOf({ name: row.name_ta }), wanted.fields.ta));
  if (wanted.photoIds && [...row.image_hashes].sort().join() !== [...wanted.photoIds].sort().join()) changed.push('photos');
  return changed;
}

async function audit(client: PoolClient, actor: Actor, action: ContentAuditAction, key: string, summary: string): Promise<void> {
  await insertAudit(client, { actorUserId: actor.userId, actorEmail: actor.email, action, target: `album:${key}`, summary, ip: actor.ip });
}

async function locked(client: PoolClient, key: string): Promise<AlbumRow> {
  const row = await album(client, key, true);
  if (!row) throw new AlbumNotFoundError(key);
  return row;
}

/** Locks the album and checks the version the request was made from. */
async function lockedAtVersion(client: PoolClient, key: string, version: number, wanted: { fields?: AlbumFields; photoIds?: readonly string[] } = {}): Promise<AlbumRow> {
  const row = await locked(client, key);
  if (row.version !== version) throw new StaleAlbumError(albumOf(row), differences(row, wanted));
  return row;
}

function photoIndex(row: AlbumRow, photoId: string): number {
  const index = row.image_hashes.indexOf(photoId);
  if (index < 0) throw new PhotoNotFoundError(photoId);
  return index;
}

/** "photo 3 (file.webp)" for the audit log. */
function photoLabel(row: AlbumRow, index: number): string {
  return `photo ${index + 1} (${row.images[index] ?? '?'})`;
}

export class StaffGallery {
  constructor(private readonly pool: Pool) {}

  async list(): Promise<StaffAlbumSummary[]> {
    return (await allAlbums(this.pool)).map(albumSummaryOf);
  }

  async get(key: string): Promise<StaffAlbum | undefined> {
    const row = await album(this.pool, key);
    return row ? albumOf(row) : undefined;
  }

  async create(fields: AlbumFields, actor: Actor): Promise<StaffAlbum> {
    const base = albumKeyBase(fields.name);
    return inChange(this.pool, async (client) => {
      // The import lock serialises editors too: the free key found here is still free at the insert.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const taken = new Set(await albumKeysLike(client, base));
        let key = base;
        for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
        const row = await insertAlbum(client, key, writeOf(fields));
        if (!row) continue;
        await audit(client, actor, 'album_created', key, `${quote(row.name)}, ${row.event_date}`);
        return { result: albumOf(row), changed: true };
      }
      throw new Error(`no free key for ${base}`);
    });
  }

  async update(key: string, version: number, fields: AlbumFields, actor: Actor): Promise<StaffAlbum> {
    return inChange(this.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version, { fields });
      const after = await updateAlbum(client, key, writeOf(fields, before));
      const parts: string[] = [];
      if (before.name !== after.name) parts.push(`name ${quote(before.name)} -> ${quote(after.name)}`);
      if (before.event_date !== after.event_date) parts.push(`date ${before.event_date} -> ${after.event_date}`);
      parts.push(...tamilChanges({ name: 'Tamil name' }, tamilOf({ name: before.name_ta }), tamilOf({ name: after.name_ta })));
      await audit(client, actor, 'album_updated', key, parts.length > 0 ? parts.join('; ') : 'saved without changes');
      return { result: albumOf(after), changed: true };
    });
  }

  async remove(key: string, version: number, actor: Actor): Promise<void> {
    await inChange(this.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version);
      await deleteAlbum(client, key);
      await deleteUnusedImageSources(client);
      await audit(client, actor, 'album_deleted', key, `${quote(before.name)}, ${before.event_date}, ${before.image_hashes.length} photos`);
      return { result: undefined, changed: true };
    });
  }

  /** Adds a photo at the end through the sharp pipeline (variants stored like an import's); `fileName` gives its kind. */
  async addPhoto(key: string, upload: { fileName: string; bytes: Buffer }, actor: Actor): Promise<StaffAlbum> {
    // Fails early, before the slow processing, when the album is gone or full.
    const current = await album(this.pool, key);
    if (!current) throw new AlbumNotFoundError(key);
    if (current.image_hashes.length >= ALBUM_PHOTOS_MAX) throw new AlbumFullError(key);
    if (current.image_hashes.includes(sha256(upload.bytes))) throw new DuplicatePhotoError(key);
    const processed = await processUpload(upload);
    return inChange(this.pool, async (client) => {
      const before = await locked(client, key);
      if (before.image_hashes.includes(processed.hash)) throw new DuplicatePhotoError(processed.hash);
      if (before.image_hashes.length >= ALBUM_PHOTOS_MAX) throw new AlbumFullError(key);
      await storeProcessedImage(client, processed);
      const meta = imageMetaOf(processed.variants, '');
      const after = await setAlbumPhotos(client, key, [...photosOf(before), { hash: processed.hash, meta }]);
      await audit(client, actor, 'album_photo_added', key, `${photoLabel(after, after.image_hashes.length - 1)} from ${quote(upload.fileName)}, ${meta.width}x${meta.height}`);
      return { result: albumOf(after), changed: true };
    });
  }

  async setPhotoAlt(key: string, photoId: string, alt: string, actor: Actor): Promise<StaffAlbum> {
    return inChange(this.pool, async (client) => {
      const before = await locked(client, key);
      const index = photoIndex(before, photoId);
      const photos = photosOf(before);
      const photo = photos[index];
      if (!photo || photo.meta.alt === alt) return { result: albumOf(before), changed: false };
      photos[index] = { ...photo, meta: { ...photo.meta, alt } };
      const after = await setAlbumPhotos(client, key, photos);
      await audit(client, actor, 'album_photo_alt_changed', key, `${photoLabel(before, index)} alt ${quote(photo.meta.alt)} -> ${quote(alt)}`);
      return { result: albumOf(after), changed: true };
    });
  }

  /** The album's photos in the order of `photoIds`, which must list each of them once. */
  async reorder(key: string, version: number, photoIds: readonly string[], actor: Actor): Promise<StaffAlbum> {
    return inChange(this.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version, { photoIds });
      const byId = new Map(photosOf(before).map((photo) => [photo.hash, photo]));
      if (photoIds.length !== byId.size || photoIds.some((id) => !byId.has(id))) throw new PhotoOrderMismatchError(key);
      const photos = photoIds.flatMap((id) => {
        const photo = byId.get(id);
        return photo ? [photo] : [];
      });
      const moved = photoIds.filter((id, index) => before.image_hashes[index] !== id).length;
      if (moved === 0) return { result: albumOf(before), changed: false };
      const after = await setAlbumPhotos(client, key, photos);
      const order = photoIds.map((id) => before.image_hashes.indexOf(id) + 1).join(', ');
      await audit(client, actor, 'album_photos_reordered', key, `${moved} of ${photoIds.length} photos moved; new order (old positions): ${order.length > 200 ? `${order.slice(0, 197)}...` : order}`);
      return { result: albumOf(after), changed: true };
    });
  }

  async removePhoto(key: string, photoId: string, actor: Actor): Promise<StaffAlbum> {
    return inChange(this.pool, async (client) => {
      const before = await locked(client, key);
      const index = photoIndex(before, photoId);
      const after = await setAlbumPhotos(client, key, photosOf(before).filter((_, i) => i !== index));
      await deleteUnusedImageSources(client);
      await audit(client, actor, 'album_photo_removed', key, `${photoLabel(before, index)}; ${after.image_hashes.length} photos left`);
      return { result: albumOf(after), changed: true };
    });
  }
}
