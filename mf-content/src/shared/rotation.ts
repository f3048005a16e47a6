/** Timings and page sizes of the rotating parts of the pages (spec §9). */
export const HERO_ROTATION_MS = 5000;
export const SPONSORS_PER_PAGE = 4;
export const SPONSOR_ROTATION_MS = 3000;
export const EVENTS_PER_SLIDE = 3;
export const EVENTS_ROTATION_MS = 3000;
export const SLIDESHOW_MS = 3000;

/** How many pages `total` items fill, at least one (an empty list still has one, empty, page). */
export function pageCount(total: number, perPage: number): number {
  if (perPage < 1) throw new RangeError('perPage must be at least 1');
  return Math.max(1, Math.ceil(total / perPage));
}

/** The items on page `page` (0-based); a page index outside the range wraps around. */
export function pageSlice<T>(items: readonly T[], page: number, perPage: number): T[] {
  const current = wrapIndex(page, pageCount(items.length, perPage));
  return items.slice(current * perPage, current * perPage + perPage);
}

/** `index` brought into 0 … count-1, going round in both directions. */
export function wrapIndex(index: number, count: number): number {
  if (count < 1) return 0;
  return ((index % count) + count) % count;
}

/** A strip rotates only when it holds more items than fit on one page (sponsors: more than 4). */
export function rotates(total: number, perPage: number): boolean {
  return total > perPage;
}
