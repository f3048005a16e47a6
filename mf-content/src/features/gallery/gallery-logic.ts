import type { GalleryEvent } from '@tca/contracts';

export interface GalleryYear<T> {
  year: number;
  events: T[];
}

/** Spec §2.3, §9: gallery events grouped by year, years and the events in each newest first. */
export function groupByYear<T extends Pick<GalleryEvent, '_id' | 'date'>>(events: readonly T[]): Array<GalleryYear<T>> {
  const years = new Map<number, T[]>();
  for (const event of events) {
    const year = Number(event.date.slice(0, 4));
    if (!Number.isInteger(year)) continue;
    const list = years.get(year) ?? [];
    list.push(event);
    years.set(year, list);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, list]) => ({ year, events: list.sort((a, b) => b.date.localeCompare(a.date) || a._id.localeCompare(b._id)) }));
}
