/** Calendar dates as the association sees them: days in Adelaide (spec: "today" is the day in Australia/Adelaide). */
export const SITE_TIME_ZONE = 'Australia/Adelaide';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RELATIVE_RE = /^today(?:([+-])(\d{1,4}))?$/;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** `YYYY-MM-DD` of `now` in Adelaide. */
export function siteToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** True for a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A date of the import format: `YYYY-MM-DD`, or relative to `today` (`today`, `today+14`, `today-3`).
 * Returns undefined when the text is neither.
 */
export function resolveDate(value: string, today: string): string | undefined {
  const text = value.trim();
  if (isCalendarDate(text)) return text;
  const match = RELATIVE_RE.exec(text);
  if (!match) return undefined;
  const days = match[2] === undefined ? 0 : Number(match[2]) * (match[1] === '-' ? -1 : 1);
  return addDays(today, days);
}

/** Milliseconds the Adelaide wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which Adelaide clocks show `date` `time` (HH:MM). */
export function siteTimeToInstant(date: string, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const guess = new Date(`${date}T00:00:00Z`).getTime() + (hours * 60 + minutes) * 60_000;
  const first = guess - offsetAt(guess);
  const second = guess - offsetAt(first);
  return new Date(second);
}

/** `YYYY-MM-DD` and `HH:MM:SS` of an instant on Adelaide clocks. */
export function instantToSite(instant: Date): { date: string; time: string } {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime()));
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}
