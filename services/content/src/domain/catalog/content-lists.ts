import type { BlogPost, BlogSummary, GalleryEvent, SiteEvent, Sponsor, TeamMember } from '@tca/contracts';
import { BLOG_EXCERPT_MAX, excerpt, LATEST_POSTS_COUNT, newestFirst, uploadUrl } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import {
  blogPostsNewestFirst,
  blogPostsUnordered,
  galleryEvents,
  publishedEvents,
  sponsors,
  teamMembers,
  type EventRow,
} from '../../data-access/published-content-repository.js';
import { publicTamil } from '../tamil-texts.js';
import { renderMarkdown } from './post-markdown.js';

/** The five public lists (spec §7) and the home page's latest posts, read straight from the tables in their published order. */
export const LIST_NAMES = ['blog', 'latest', 'gallery', 'team', 'events', 'sponsors'] as const;
export type ListName = (typeof LIST_NAMES)[number];

export async function blogList(pool: Pool): Promise<BlogPost[]> {
  const rows = await blogPostsNewestFirst(pool);
  return rows.map((row) => ({
    _id: row.key,
    name: row.name,
    desc: row.description,
    html: renderMarkdown(row.description),
    image: row.image,
    imageMeta: row.image_meta,
    date: row.published_at.toISOString(),
    // The Tamil body is rendered and sanitised exactly as the English one.
    ...publicTamil({ name: row.name_ta, desc: row.description_ta, html: row.description_ta === null ? null : renderMarkdown(row.description_ta) }),
  }));
}

/** GET /blog/latest: the LATEST_POSTS_COUNT newest posts as cards show them, a plain-text excerpt instead of the body. */
export async function latestPostsList(pool: Pool): Promise<BlogSummary[]> {
  // Every post's columns but the rendered HTML: built once per content revision, and posts number in the hundreds at most.
  const rows = await blogPostsUnordered(pool);
  const posts = rows.map((row) => ({ _id: row.key, date: row.published_at.toISOString(), row }));
  return newestFirst(posts)
    .slice(0, LATEST_POSTS_COUNT)
    .map(({ _id, date, row }) => ({
      _id,
      name: row.name,
      excerpt: excerpt(row.description, BLOG_EXCERPT_MAX),
      image: row.image,
      imageMeta: row.image_meta,
      date,
      ...publicTamil({ name: row.name_ta, excerpt: row.description_ta === null ? null : excerpt(row.description_ta, BLOG_EXCERPT_MAX) }),
    }));
}

export async function galleryList(pool: Pool): Promise<GalleryEvent[]> {
  const rows = await galleryEvents(pool);
  return rows.map((row) => ({ _id: row.key, name: row.name, date: row.event_date, images: row.images, imageMeta: row.image_meta, ...publicTamil({ name: row.name_ta }) }));
}

export async function teamList(pool: Pool): Promise<TeamMember[]> {
  const rows = await teamMembers(pool);
  return rows.map((row) => ({
    _id: row.key,
    name: row.name,
    designation: row.designation,
    description: row.description,
    image: row.image,
    imageMeta: row.image_meta,
    ...publicTamil({ name: row.name_ta, designation: row.designation_ta, description: row.description_ta }),
  }));
}

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
    ...publicTamil({ name: row.name_ta, description: row.description_ta, location: row.location_ta }),
  };
}

/** Every event but drafts, by date (then time; all-day first). */
export async function eventList(pool: Pool): Promise<SiteEvent[]> {
  const rows = await publishedEvents(pool);
  return rows.map(toSiteEvent);
}

export async function sponsorList(pool: Pool): Promise<Sponsor[]> {
  const rows = await sponsors(pool);
  return rows.map((row) => ({ _id: row.key, name: row.name, image: row.image, imageMeta: row.image_meta, link: row.link, ...publicTamil({ name: row.name_ta }) }));
}

export const LIST_BUILDERS: Record<ListName, (pool: Pool) => Promise<unknown[]>> = {
  blog: blogList,
  latest: latestPostsList,
  gallery: galleryList,
  team: teamList,
  events: eventList,
  sponsors: sponsorList,
};
