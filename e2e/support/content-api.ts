import type { APIRequestContext } from '@playwright/test';
import {
  blogListSchema,
  eventListSchema,
  galleryListSchema,
  sponsorListSchema,
  teamListSchema,
  type BlogPost,
  type GalleryEvent,
  type SiteEvent,
  type Sponsor,
  type TeamMember,
} from '@tca/contracts';
import { expect, siteUrl } from './fixtures.js';

/** What the content API serves right now (through the gateway, as the pages read it), parsed by the shared contract. */
async function read<T>(request: APIRequestContext, path: string, schema: { parse(value: unknown): T }): Promise<T> {
  const response = await request.get(`${siteUrl()}${path}`);
  expect(response.status(), `GET ${path}`).toBe(200);
  return schema.parse(await response.json());
}

export const apiBlogPosts = (request: APIRequestContext): Promise<BlogPost[]> => read(request, '/blog/get', blogListSchema);
export const apiGallery = (request: APIRequestContext): Promise<GalleryEvent[]> => read(request, '/gallery/get', galleryListSchema);
export const apiTeam = (request: APIRequestContext): Promise<TeamMember[]> => read(request, '/teammanagement/get', teamListSchema);
export const apiEvents = (request: APIRequestContext): Promise<SiteEvent[]> => read(request, '/events/get', eventListSchema);
export const apiSponsors = (request: APIRequestContext): Promise<Sponsor[]> => read(request, '/sponsorship/get', sponsorListSchema);

/** Newest first, as the blog and the home page list posts (spec §9); equal dates in `_id` order, so the order is stable. */
export const newestFirst = <T extends { date: string; _id: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || a._id.localeCompare(b._id));

/** Today in Adelaide as `YYYY-MM-DD` (event dates are Adelaide calendar dates). */
export function adelaideToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * Spec §4: ongoing when started on or before today and not yet ended. An event without an end date is
 * a one-day event, over after its day (the project's documented reading; literally the spec would keep
 * last month's one-day events "ongoing" for ever).
 */
export const isOngoing = (event: SiteEvent, today = adelaideToday()) => event.date <= today && !hasEnded(event, today);
/** Spec §4: upcoming when it starts after today. */
export const isUpcoming = (event: SiteEvent, today = adelaideToday()) => event.date > today;

/** Whole days from `today` to `date` (both `YYYY-MM-DD`). */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Spec §4: "Tomorrow" or "in N days". */
export const daysUntilText = (days: number) => (days === 1 ? 'Tomorrow' : `in ${days} days`);

/** Ended when its last day (the end date, else the start date) is before today. */
export const hasEnded = (event: SiteEvent, today = adelaideToday()) => (event.endDate ?? event.date) < today;

/** Soonest first: by day, then time of day, then name. */
export const soonestFirst = (events: readonly SiteEvent[]): SiteEvent[] =>
  [...events].sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '') || a.name.localeCompare(b.name));

/** Spec §4: the home carousel shows events that have not ended (and, as on /events, only Active ones). */
export const homeCarouselEvents = (events: readonly SiteEvent[], today = adelaideToday()) =>
  soonestFirst(events.filter((e) => e.status === 'Active' && !hasEnded(e, today)));

/** Spec §4: /events lists Active events only, as Ongoing and Upcoming. */
export function eventSections(events: readonly SiteEvent[], today = adelaideToday()) {
  const active = events.filter((e) => e.status === 'Active');
  return { ongoing: soonestFirst(active.filter((e) => isOngoing(e, today))), upcoming: soonestFirst(active.filter((e) => isUpcoming(e, today))) };
}

/** `items` in pages of `size`. */
export function pages<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide', year: 'numeric', month: '2-digit' });
/** The Adelaide calendar month of an instant, as year × 12 + month. */
function adelaideMonth(isoDateTime: string): number {
  const [year = '0', month = '0'] = monthFormat.format(new Date(isoDateTime)).split('-');
  return Number(year) * 12 + Number(month);
}

/** Spec §9: up to 3 other posts from the post's month or the month before it, newest first. */
export function similarPostsOf(posts: readonly BlogPost[], current: BlogPost): BlogPost[] {
  const month = adelaideMonth(current.date);
  return newestFirst(posts.filter((p) => p._id !== current._id && [month, month - 1].includes(adelaideMonth(p.date)))).slice(0, 3);
}

/** Spec §5: a case-insensitive match on name or desc. */
export const searchPosts = (posts: readonly BlogPost[], query: string) =>
  posts.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()) || p.desc.toLowerCase().includes(query.toLowerCase()));
