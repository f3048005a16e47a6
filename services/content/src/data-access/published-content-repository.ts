/**
 * Reads of the published content: the tables the content import writes, as rows, in the order the public
 * lists show them (spec §7). Draft events are never read here.
 */
import type { ImageMeta, SiteEvent } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

type Db = Pool | PoolClient;

export interface BlogPostRow {
  key: string;
  name: string;
  description: string;
  image: string | null;
  image_meta: ImageMeta | null;
  published_at: Date;
  /** The Tamil title and body (Markdown), NULL when none (migration 011). */
  name_ta: string | null;
  description_ta: string | null;
}

/**
 * The posts the public sees: published ones, and scheduled ones whose time has come (the scheduled publisher
 * turns those into published ones and bumps the revision, so cached lists are rebuilt at that moment).
 */
const PUBLIC_POST = "(status = 'published' OR (status = 'scheduled' AND publish_at <= now()))";

/** Every public blog post, newest first (by the database's order; ties by key). */
export async function blogPostsNewestFirst(db: Db): Promise<BlogPostRow[]> {
  const { rows } = await db.query<BlogPostRow>(`SELECT key, name, description, image, image_meta, published_at, name_ta, description_ta FROM blog_posts WHERE ${PUBLIC_POST} ORDER BY published_at DESC, key`);
  return rows;
}

/** Every public blog post, in no particular order (the caller sorts). */
export async function blogPostsUnordered(db: Db): Promise<BlogPostRow[]> {
  const { rows } = await db.query<BlogPostRow>(`SELECT key, name, description, image, image_meta, published_at, name_ta, description_ta FROM blog_posts WHERE ${PUBLIC_POST}`);
  return rows;
}

export interface GalleryEventRow {
  key: string;
  name: string;
  event_date: string;
  images: string[];
  image_meta: ImageMeta[];
  name_ta: string | null;
}

/** Every gallery album, newest first. */
export async function galleryEvents(db: Db): Promise<GalleryEventRow[]> {
  const { rows } = await db.query<GalleryEventRow>('SELECT key, name, event_date, images, image_meta, name_ta FROM gallery_events ORDER BY event_date DESC, name, key');
  return rows;
}

export interface TeamMemberRow {
  key: string;
  name: string;
  designation: string;
  description: string;
  image: string | null;
  image_meta: ImageMeta | null;
  name_ta: string | null;
  designation_ta: string | null;
  description_ta: string | null;
}

/** Every committee member, in their order. */
export async function teamMembers(db: Db): Promise<TeamMemberRow[]> {
  const { rows } = await db.query<TeamMemberRow>('SELECT key, name, designation, description, image, image_meta, name_ta, designation_ta, description_ta FROM team_members ORDER BY sort_order, name, key');
  return rows;
}

export interface EventRow {
  key: string;
  name: string;
  description: string;
  starts_on: string;
  ends_on: string | null;
  time: string | null;
  location: string;
  images: string[];
  image_meta: ImageMeta[];
  event_link: string | null;
  status: SiteEvent['status'];
  updated_at: Date;
  name_ta: string | null;
  description_ta: string | null;
  location_ta: string | null;
}

const EVENT_COLUMNS = 'key, name, description, starts_on, ends_on, time, location, images, image_meta, event_link, status, updated_at, name_ta, description_ta, location_ta';

/** Every event but drafts, by date (then time; all-day first). */
export async function publishedEvents(db: Db): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE status <> 'Draft' ORDER BY starts_on, time NULLS FIRST, name, key`);
  return rows;
}

/**
 * The calendar feed's events: every Active or Cancelled one (not drafts) that has not ended before `today`
 * (YYYY-MM-DD), by date (then time; all-day first). Cancelled ones stay so that subscribed calendars mark
 * them STATUS:CANCELLED instead of silently keeping an event that will not happen.
 */
export async function calendarEventsFrom(db: Db, today: string): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE status <> 'Draft' AND coalesce(ends_on, starts_on) >= $1 ORDER BY starts_on, time NULLS FIRST, name, key`,
    [today],
  );
  return rows;
}

/** The event with this key unless it is a draft. */
export async function publishedEvent(db: Db, key: string): Promise<EventRow | undefined> {
  const { rows } = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE key = $1 AND status <> 'Draft'`, [key]);
  return rows[0];
}

export interface SponsorRow {
  key: string;
  name: string;
  image: string | null;
  image_meta: ImageMeta | null;
  link: string | null;
  name_ta: string | null;
}

/** Every sponsor, in their order. */
export async function sponsors(db: Db): Promise<SponsorRow[]> {
  const { rows } = await db.query<SponsorRow>('SELECT key, name, image, image_meta, link, name_ta FROM sponsors ORDER BY sort_order, name, key');
  return rows;
}

/** A stored picture variant (WebP) by its file name. */
export async function imageVariant(db: Db, file: string): Promise<{ bytes: Buffer; content_type: string } | undefined> {
  const { rows } = await db.query<{ bytes: Buffer; content_type: string }>('SELECT bytes, content_type FROM image_variants WHERE file = $1', [file]);
  return rows[0];
}
