import { uploadUrl, type EventFields, type EventUpdate, type StaffEvent, type StaffEventSummary } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';
import { deleteUnusedImageSources } from '../../data-access/content-import-repository.js';
import { insertAudit } from '../../data-access/staff-posts-repository.js';
import {
  allStaffEvents,
  deleteEvent,
  eventKeysLike,
  insertEvent,
  setEventImages,
  staffEvent,
  updateEvent,
  type EventImagesWrite,
  type EventWrite,
  type StaffEventRow,
} from '../../data-access/staff-events-repository.js';
import { imageMetaOf } from '../image-variants.js';
import { tamilChanges, tamilDifferences, tamilOf, tamilToStore, type TamilTexts } from '../tamil-texts.js';
import { inChange, keyBase, processUpload, quote, storeProcessedImage, type Actor } from '../staff-posts/staff-posts.js';

/**
 * Events edited by staff (issue 14). Like blog posts: every change runs in one transaction holding the import
 * lock, writes content's audit log and bumps the content revision (public /events and the calendar feeds show
 * it at once); the version (the table's trigger) refuses an edit made on a stale copy. Cancelling is a status:
 * the event stays public, marked Cancelled, and calendars get STATUS:CANCELLED. Drafts are not public.
 */

/** The event the request names does not exist (any more). */
export class EventNotFoundError extends Error {
  override readonly name = 'EventNotFoundError';
}

/** The request was made from an older version: the event as it is now, and the fields that differ from the request. */
export class StaleEventError extends Error {
  override readonly name = 'StaleEventError';
  constructor(
    readonly current: StaffEvent,
    readonly changed: string[],
  ) {
    super('stale version');
  }
}

/** The update names a picture the event does not have (index in the request's list). */
export class UnknownEventImageError extends Error {
  override readonly name = 'UnknownEventImageError';
  constructor(readonly index: number) {
    super(`images.${index}: not one of the event's pictures`);
  }
}

/** The event has as many pictures as it may keep. */
export class EventImagesFullError extends Error {
  override readonly name = 'EventImagesFullError';
}

export function summaryOf(row: StaffEventRow): StaffEventSummary {
  return {
    key: row.key,
    name: row.name,
    date: row.starts_on,
    endDate: row.ends_on,
    time: row.time,
    location: row.location,
    status: row.status,
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
    imageCount: row.image_meta.length,
    ta: tamilOf({ name: row.name_ta }),
  };
}

const TAMIL_KEYS = ['name', 'description', 'location'] as const;

function tamilOfEvent(row: StaffEventRow): TamilTexts<(typeof TAMIL_KEYS)[number]> {
  return tamilOf({ name: row.name_ta, description: row.description_ta, location: row.location_ta });
}

export function eventOf(row: StaffEventRow): StaffEvent {
  return {
    ...summaryOf(row),
    description: row.description,
    eventLink: row.event_link,
    images: row.image_meta.map((meta) => ({ url: uploadUrl(meta.file), file: meta.file, alt: meta.alt, width: meta.width, height: meta.height })),
    ta: tamilOfEvent(row),
  };
}

/** What to store for the fields; `stored` (the event before an update) gives the Tamil a request without `ta` keeps. */
function writeOf(fields: EventFields, stored?: StaffEventRow): EventWrite {
  const ta = tamilToStore(TAMIL_KEYS, fields.ta, stored ? tamilOfEvent(stored) : {});
  return {
    name: fields.name,
    description: fields.description,
    startsOn: fields.date,
    // One day written as its own end is one day (the importer's and the public page's reading).
    endsOn: fields.endDate === fields.date ? null : fields.endDate,
    time: fields.time,
    location: fields.location,
    eventLink: fields.eventLink,
    status: fields.status,
    nameTa: ta.name,
    descriptionTa: ta.description,
    locationTa: ta.location,
  };
}

/** The stored pictures the update keeps, in its order with its alt texts; a file the event does not have is refused. */
function imagesOf(row: StaffEventRow, wanted: ReadonlyArray<{ file: string; alt: string }>): EventImagesWrite {
  const write: EventImagesWrite = { images: [], imageMeta: [], imageHashes: [] };
  wanted.forEach((image, index) => {
    const at = row.image_meta.findIndex((meta) => meta.file === image.file);
    const meta = row.image_meta[at];
    const hash = row.image_hashes[at];
    if (!meta || hash === undefined || write.images.includes(image.file)) throw new UnknownEventImageError(index);
    write.images.push(meta.file);
    write.imageMeta.push({ ...meta, alt: image.alt });
    write.imageHashes.push(hash);
  });
  return write;
}

/** Which of the request's fields the stored event has differently. */
function differences(row: StaffEventRow, update: EventUpdate | undefined): string[] {
  if (!update) return [];
  const now = eventOf(row);
  const wanted = writeOf(update);
  const changed: string[] = [];
  if (now.name !== wanted.name) changed.push('name');
  if (now.description !== wanted.description) changed.push('description');
  if (now.date !== wanted.startsOn) changed.push('date');
  if (now.endDate !== wanted.endsOn) changed.push('endDate');
  if (now.time !== wanted.time) changed.push('time');
  if (now.location !== wanted.location) changed.push('location');
  if (now.eventLink !== wanted.eventLink) changed.push('eventLink');
  if (now.status !== wanted.status) changed.push('status');
  const images = (list: ReadonlyArray<{ file: string; alt: string }>) => JSON.stringify(list.map(({ file, alt }) => [file, alt]));
  if (images(now.images) !== images(update.images)) changed.push('images');
  changed.push(...tamilDifferences(TAMIL_KEYS, tamilOfEvent(row), update.ta));
  return changed;
}

const when = (row: StaffEventRow) => `${row.starts_on}${row.ends_on ? ` to ${row.ends_on}` : ''}${row.time ? ` ${row.time}` : ''}`;

/** A short before/after summary of an update. */
function describeUpdate(before: StaffEventRow, after: StaffEventRow): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`name ${quote(before.name)} -> ${quote(after.name)}`);
  if (when(before) !== when(after)) parts.push(`when ${when(before)} -> ${when(after)}`);
  if (before.location !== after.location) parts.push(`location ${quote(before.location)} -> ${quote(after.location)}`);
  if (before.description !== after.description) parts.push(`description ${before.description.length} -> ${after.description.length} characters`);
  if (before.event_link !== after.event_link) parts.push(`ticket link ${before.event_link ?? 'none'} -> ${after.event_link ?? 'none'}`);
  if (before.status !== after.status) parts.push(`status ${before.status} -> ${after.status}`);
  if (JSON.stringify(before.image_meta) !== JSON.stringify(after.image_meta)) parts.push(`pictures ${before.image_meta.length} -> ${after.image_meta.length}`);
  parts.push(...tamilChanges({ name: 'Tamil name', description: 'Tamil description', location: 'Tamil location' }, tamilOfEvent(before), tamilOfEvent(after)));
  return parts.length > 0 ? parts.join('; ') : 'saved without changes';
}

async function audit(client: PoolClient, actor: Actor, action: 'event_created' | 'event_updated' | 'event_cancelled' | 'event_deleted' | 'event_image_added', key: string, summary: string): Promise<void> {
  await insertAudit(client, { actorUserId: actor.userId, actorEmail: actor.email, action, target: `event:${key}`, summary, ip: actor.ip });
}

/** Locks the event and checks the version the request was made from. */
async function lockedAtVersion(client: PoolClient, key: string, version: number, update?: EventUpdate): Promise<StaffEventRow> {
  const row = await staffEvent(client, key, true);
  if (!row) throw new EventNotFoundError(key);
  if (row.version !== version) throw new StaleEventError(eventOf(row), differences(row, update));
  return row;
}

export class StaffEvents {
  constructor(private readonly pool: Pool) {}

  async list(): Promise<StaffEventSummary[]> {
    return (await allStaffEvents(this.pool)).map(summaryOf);
  }

  async get(key: string): Promise<StaffEvent | undefined> {
    const row = await staffEvent(this.pool, key);
    return row ? eventOf(row) : undefined;
  }

  async create(fields: EventFields, actor: Actor): Promise<StaffEvent> {
    const base = keyBase(fields.name, 'event');
    return inChange(this.pool, async (client) => {
      // The import lock serialises editors too: the free key found here is still free at the insert.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const taken = new Set(await eventKeysLike(client, base));
        let key = base;
        for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
        const row = await insertEvent(client, key, writeOf(fields));
        if (!row) continue;
        await audit(client, actor, 'event_created', key, `${quote(row.name)}, ${when(row)}, ${row.status}`);
        return { result: eventOf(row), changed: true };
      }
      throw new Error(`no free key for ${base}`);
    });
  }

  async update(key: string, version: number, update: EventUpdate, actor: Actor): Promise<StaffEvent> {
    return inChange(this.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version, update);
      const after = await updateEvent(client, key, writeOf(update, before), imagesOf(before, update.images));
      if (after.image_meta.length < before.image_meta.length) await deleteUnusedImageSources(client);
      const action = before.status !== 'Cancelled' && after.status === 'Cancelled' ? 'event_cancelled' : 'event_updated';
      await audit(client, actor, action, key, describeUpdate(before, after));
      return { result: eventOf(after), changed: true };
    });
  }

  /** Adds a picture at the end of the slideshow, through the sharp pipeline; `alt` empty means the event's name (as the importer does). */
  async addImage(key: string, version: number, upload: { fileName: string; bytes: Buffer; alt: string }, maxImages: number, actor: Actor): Promise<StaffEvent> {
    // Fails early, without the slow processing, when the event is gone, the copy stale or the list full.
    const current = await staffEvent(this.pool, key);
    if (!current) throw new EventNotFoundError(key);
    if (current.version !== version) throw new StaleEventError(eventOf(current), []);
    if (current.image_meta.length >= maxImages) throw new EventImagesFullError(key);
    const processed = await processUpload(upload);
    return inChange(this.pool, async (client) => {
      const before = await lockedAtVersion(client, key, version);
      if (before.image_meta.length >= maxImages) throw new EventImagesFullError(key);
      await storeProcessedImage(client, processed);
      const meta = imageMetaOf(processed.variants, upload.alt || before.name);
      if (before.images.includes(meta.file)) return { result: eventOf(before), changed: false };
      const after = await setEventImages(client, key, {
        images: [...before.images, meta.file],
        imageMeta: [...before.image_meta, meta],
        imageHashes: [...before.image_hashes, processed.hash],
      });
      await audit(client, actor, 'event_image_added', key, `picture ${after.image_meta.length}: ${meta.file} (${meta.width}x${meta.height}), alt ${quote(meta.alt)}`);
      return { result: eventOf(after), changed: true };
    });
  }

  /** Deletes the event (its pictures too, when no other item uses them). */
  async remove(key: string, version: number, actor: Actor): Promise<void> {
    await inChange(this.pool, async (client) => {
      const gone = await lockedAtVersion(client, key, version);
      await audit(client, actor, 'event_deleted', key, `${quote(gone.name)}, ${when(gone)}, was ${gone.status}`);
      await deleteEvent(client, key);
      await deleteUnusedImageSources(client);
      return { result: undefined, changed: true };
    });
  }
}
