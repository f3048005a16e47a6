import { z } from 'zod';
import { type Lang } from '@tca/ui/i18n';
import { formatDate } from '@tca/ui/i18n/format';
import { MEMBERSHIP_LEVELS, membershipRecordSchema, type MembershipTerm } from '@tca/contracts';

/**
 * The profile's membership rules (spec §2.3, §4): status colours, validity, and reading the
 * answer of POST /membership/get (one record or a list; the profile uses the first).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** §9: the Gold levels last for life; the Silver ones a year. Used when a record lacks `term`. */
const LIFE_TIME_LEVELS: readonly string[] = MEMBERSHIP_LEVELS.filter((level) => level.term === 'life-time').map((level) => level.name);

const displayRecordSchema = membershipRecordSchema.extend({
  term: membershipRecordSchema.shape.term.optional(),
  doB: z.string().nullable().optional(),
  requestId: z.union([z.string(), z.number()]).transform(String),
  firstname: z.string().optional().default(''),
  lastname: z.string().optional().default(''),
  email: z.string().optional().default(''),
  phone: z.union([z.string(), z.number()]).transform(String).optional().default(''),
  address: z.string().optional().default(''),
  profession: z.string().optional().default(''),
});

export interface ProfileMembership {
  membershipName: string;
  status: string;
  requestId: string;
  createdAt: string;
  doB: string | null;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  address: string;
  profession: string;
  term: MembershipTerm;
  /** The period identity answers (Adelaide dates; endsOn exclusive); null when the answer has none. */
  startsOn: string | null;
  endsOn: string | null;
}

/** What the profile shows: the first record of the answer, or null for none; throws on an unreadable answer. */
export function firstMembership(answer: unknown): ProfileMembership | null {
  const list = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer];
  const first: unknown = list[0];
  if (first === undefined) return null;
  const parsed = displayRecordSchema.safeParse(first);
  if (!parsed.success) throw new Error('The membership details from the server could not be read.');
  const record = parsed.data;
  return {
    ...record,
    doB: record.doB ?? null,
    startsOn: record.startsOn ?? null,
    endsOn: record.endsOn ?? null,
    term: record.term ?? (LIFE_TIME_LEVELS.includes(record.membershipName) ? 'life-time' : 'annual'),
  };
}

export type StatusTone = 'active' | 'pending' | 'other';

/** Spec §2.3: green for Active, yellow for Pending, red for anything else (Rejected, Expired, Cancelled by a refund). */
export function statusTone(status: string): StatusTone {
  const normalised = status.trim().toLowerCase();
  if (normalised === 'active') return 'active';
  if (normalised === 'pending') return 'pending';
  return 'other';
}

export function isPending(status: string): boolean {
  return statusTone(status) === 'pending';
}

/** One year after `createdAt` (same calendar day), or null for a missing or unreadable date: for answers without a period. */
export function membershipEnd(createdAt: string | null | undefined): Date | null {
  if (!createdAt) return null;
  const start = new Date(createdAt);
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(start.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/** §9 beyond the spec: a life-time level shows this instead of a countdown. */
export const LIFE_TIME_TEXT = 'Life-time';
/** Issue 15: a refunded (Cancelled) membership has no days remaining. */
export const CANCELLED_TEXT = 'Cancelled';

const ADELAIDE = 'Australia/Adelaide';
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ADELAIDE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: ADELAIDE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Days since 1970-01-01 of a calendar date (YYYY-MM-DD), or null for anything else. */
function dayNumber(date: string): number | null {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS);
}

/** Today's date in Adelaide as a day number (the membership's period is in Adelaide dates). */
function adelaideDayNumber(now: number): number {
  return dayNumber(ADELAIDE_DAY.format(new Date(now))) ?? Math.floor(now / DAY_MS);
}

/** What the validity line needs of a membership. */
export type ValidityOf = Pick<ProfileMembership, 'status' | 'createdAt' | 'term' | 'endsOn'>;

/**
 * Spec §4, with the period identity answers (issue 15): N/A with no end, Expired once it has passed,
 * otherwise the whole days remaining (rounded up, minus one: 0 on the last day) followed by "days remaining".
 * The end is `endsOn` (exclusive, an Adelaide date), so a renewal that starts when the previous year ends
 * counts from its own start; an answer without a period counts a year from createdAt as the spec says.
 * Cancelled shows Cancelled (no days remaining); life-time levels (Gold) show Life-time.
 */
export function membershipValidity(membership: ValidityOf, now = Date.now()): string {
  const validity = validityOf(membership, now);
  switch (validity.kind) {
    case 'cancelled':
      return CANCELLED_TEXT;
    case 'lifeTime':
      return LIFE_TIME_TEXT;
    case 'expired':
      return 'Expired';
    case 'none':
      return 'N/A';
    default:
      return `${validity.days} days remaining`;
  }
}

export type Validity = { kind: 'cancelled' | 'lifeTime' | 'expired' | 'none' } | { kind: 'days'; days: number };

/** What membershipValidity says, as data, for the page to say it in the language shown. */
export function validityOf(membership: ValidityOf, now = Date.now()): Validity {
  if (membership.status.trim().toLowerCase() === 'cancelled') return { kind: 'cancelled' };
  if (membership.term === 'life-time') return { kind: 'lifeTime' };
  const endDay = membership.endsOn ? dayNumber(membership.endsOn) : null;
  if (endDay !== null) {
    const days = endDay - adelaideDayNumber(now);
    return days <= 0 ? { kind: 'expired' } : { kind: 'days', days: days - 1 };
  }
  const end = membershipEnd(membership.createdAt);
  if (!end) return { kind: 'none' };
  const left = end.getTime() - now;
  if (left <= 0) return { kind: 'expired' };
  return { kind: 'days', days: Math.ceil(left / DAY_MS) - 1 };
}

/** `1 March 2026 – 28 February 2027`: the first and the last valid day of the period, or null without one. */
export function membershipPeriod(membership: Pick<ProfileMembership, 'startsOn' | 'endsOn'>, lang: Lang = 'en'): string | null {
  const endDay = membership.endsOn ? dayNumber(membership.endsOn) : null;
  if (!membership.startsOn || dayNumber(membership.startsOn) === null || endDay === null) return null;
  const lastDay = new Date((endDay - 1) * DAY_MS).toISOString().slice(0, 10);
  return `${displayDate(membership.startsOn, lang)} – ${displayDate(lastDay, lang)}`;
}

/**
 * A date for people (e.g. 3 March 2026). A plain calendar date (YYYY-MM-DD) is shown as that day;
 * a timestamp as its day in Adelaide, in `lang`. Unreadable text is shown as it came; nothing as `none`.
 */
export function displayDate(value: string | null | undefined, lang: Lang = 'en', none = 'N/A'): string {
  if (!value) return none;
  const dateOnly = CALENDAR_DATE.exec(value.trim());
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    return Number.isNaN(date.getTime()) ? value : formatDate(date, lang, { ...options, timeZone: 'UTC' });
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date, lang, options);
}
