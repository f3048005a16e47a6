import type { BlogPost, GalleryEvent, ImageMeta, SiteEvent, Sponsor, TeamMember } from '@tca/contracts';
import { uploadUrl } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import { renderMarkdown } from './markdown.js';

/** The five public lists (spec §7), read straight from the tables in their published order. */
export const LIST_NAMES = ['blog', 'gallery', 'team', 'events', 'sponsors'] as const;
export type ListName = (typeof LIST_NAMES)[number];

export async function blogList(pool: Pool): Promise<BlogPost[]> {
  const { rows } = await pool.query<{ key: string; name: string; description: string; image: string | null; image_meta: ImageMeta | null; published_at: Date }>(
    'SELECT key, name, description, image, image_meta, published_at FROM blog_posts ORDER BY published_at DESC, key',
  );
  return rows.map((row) => ({
    _id: row.key,
    name: row.name,
    desc: row.description,
    html: renderMarkdown(row.description),
    image: row.image,
    imageMeta: row.image_meta,
    date: row.published_at.toISOString(),
  }));
}

export async function galleryList(pool: Pool): Promise<GalleryEvent[]> {
  const { rows } = await pool.query<{ key: string; name: string; event_date: string; images: string[]; image_meta: ImageMeta[] }>(
    'SELECT key, name, event_date, images, image_meta FROM gallery_events ORDER BY event_date DESC, name, key',
  );
  return rows.map((row) => ({ _id: row.key, name: row.name, date: row.event_date, images: row.images, imageMeta: row.image_meta }));
}

export async function teamList(pool: Pool): Promise<TeamMember[]> {
  const { rows } = await pool.query<{ key: string; name: string; designation: string; description: string; image: string | null; image_meta: ImageMeta | null }>(
    'SELECT key, name, designation, description, image, image_meta FROM team_members ORDER BY sort_order, name, key',
  );
  return rows.map((row) => ({ _id: row.key, name: row.name, designation: row.designation, description: row.description, image: row.image, imageMeta: row.image_meta }));
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
}

export const EVENT_COLUMNS = 'key, name, description, starts_on, ends_on, time, location, images, image_meta, event_link, status, updated_at';

export function toSiteEvent(row: EventRow): SiteEvent {
  return {
    _id: row.key,
    name: row.name,
    description: row.description,
    date: row.starts_on,
    endDate: row.ends_on,
    time: row.time,
    location: row.location,
    images: row.images.map(uploadUrl),
    imageMeta: row.image_meta,
    eventLink: row.event_link,
    status: row.status,
  };
}

/** Every event but drafts, by date (then time; all-day first). */
export async function eventList(pool: Pool): Promise<SiteEvent[]> {
  const { rows } = await pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE status <> 'Draft' ORDER BY starts_on, time NULLS FIRST, name, key`);
  return rows.map(toSiteEvent);
}

export async function sponsorList(pool: Pool): Promise<Sponsor[]> {
  const { rows } = await pool.query<{ key: string; name: string; image: string | null; image_meta: ImageMeta | null; link: string | null }>(
    'SELECT key, name, image, image_meta, link FROM sponsors ORDER BY sort_order, name, key',
  );
  return rows.map((row) => ({ _id: row.key, name: row.name, image: row.image, imageMeta: row.image_meta, link: row.link }));
}

export const LIST_BUILDERS: Record<ListName, (pool: Pool) => Promise<unknown[]>> = {
  blog: blogList,
  gallery: galleryList,
  team: teamList,
  events: eventList,
  sponsors: sponsorList,
};
