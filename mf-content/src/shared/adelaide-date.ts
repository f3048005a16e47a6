import type { Lang } from '@tca/ui/i18n';
import { ADELAIDE, formatDate } from '@tca/ui/i18n/format';

// "Today" and a post's month are calendar days in Adelaide (spec §4).
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ADELAIDE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Adelaide at instant `now`, written YYYY-MM-DD. */
export function adelaideDay(now: Date): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whole days from calendar day `from` to calendar day `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((isoDayToUtc(to) - isoDayToUtc(from)) / 86_400_000);
}

function isoDayToUtc(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const LONG_DAY: Intl.DateTimeFormatOptions = { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' };
// Tamil's day names are short in full ('short' cuts ஞாயிறு to ஞாயி.).
const TAMIL_DAY: Intl.DateTimeFormatOptions = { ...LONG_DAY, weekday: 'long' };

/**
 * A calendar day for people: "Sat 14 June 2025"; in Tamil "சனி, 14 ஜூன், 2025" (the day as written,
 * whatever the time zone: it is already Adelaide's).
 */
export function formatDay(day: string, lang: Lang = 'en'): string {
  return formatDate(isoDayToUtc(day), lang, lang === 'en' ? LONG_DAY : TAMIL_DAY);
}

/** "18:30" → "6:30 pm"; in Tamil the 24-hour "18:30", as the association's Tamil e-mails write it. */
export function formatTime(time: string, lang: Lang = 'en'): string {
  if (lang !== 'en') return time;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
