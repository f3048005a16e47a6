import type { GalleryEvent } from '@tca/contracts';
import type { Lang } from '@tca/ui/i18n';
import { formatDate } from '@tca/ui/i18n/format';
import { formatDay } from '../../shared/adelaide-date.js';

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

// Tamil's day names are short in full ('short' cuts ஞாயிறு to ஞாயி.).
const TAMIL_DAY: Intl.DateTimeFormatOptions = { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };

/** An album's day (YYYY-MM-DD, already Adelaide's) for people: "Sat 14 June 2025", in Tamil "சனி, 14 ஜூன், 2025". */
export function albumDay(day: string, lang: Lang): string {
  return lang === 'en' ? formatDay(day) : formatDate(`${day}T00:00:00Z`, lang, TAMIL_DAY);
}
