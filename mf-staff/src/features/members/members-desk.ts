import {
  ENDS_WITHIN_DAYS_MAX,
  MEMBER_SEARCH_SHORT_MESSAGE,
  MEMBERSHIP_LEVEL_NAMES,
  MEMBERSHIP_STATUSES,
  membersQuerySchema,
  type MemberMembership,
  type MembersAnswer,
  type MembershipHistoryEntry,
} from '@tca/contracts';
import { currentLang, translator, type Translate } from '@tca/ui/i18n';
import { formatAud, formatDate } from '@tca/ui/i18n/format';
import { knownText } from '../../shared/known-text.js';
import { membersCatalog, membershipStatusText, orderStatusName } from './messages.js';

/**
 * The members desk (issue 15): what the search form holds, the query it sends, and the texts the desk and
 * the member's page make from values (catalog `staff.members`, in the language shown).
 */

export interface MembersFilter {
  /** As typed (sent trimmed; empty for no search). */
  q: string;
  level: string;
  status: string;
  /** Whole days as typed; empty for no limit. */
  endsWithinDays: string;
  page: number;
}

export const NO_FILTER: MembersFilter = { q: '', level: '', status: '', endsWithinDays: '', page: 1 };

type Choices = ReadonlyArray<{ value: string; label: string }>;

/** The level filter's choices (the levels keep their names: they are the products' names). */
export function levelChoices(t: Translate<typeof membersCatalog.english>): Choices {
  return [{ value: '', label: t('search.everyLevel') }, ...MEMBERSHIP_LEVEL_NAMES.map((l) => ({ value: l, label: l }))];
}

export function statusChoices(t: Translate<typeof membersCatalog.english>): Choices {
  return [{ value: '', label: t('search.everyStatus') }, ...MEMBERSHIP_STATUSES.map((s) => ({ value: s, label: membershipStatusText(s) }))];
}

export type FilterErrors = Partial<Record<'q' | 'endsWithinDays', string>>;

/** The filter's problems before asking (the server checks the same schema), by field. */
export function filterErrors(filter: MembersFilter): FilterErrors {
  const errors: FilterErrors = {};
  const q = filter.q.trim();
  const search = q === '' ? null : membersQuerySchema.shape.q.safeParse(q);
  if (search && !search.success) errors.q = knownText(search.error.issues[0]?.message ?? MEMBER_SEARCH_SHORT_MESSAGE, membersCatalog);
  if (filter.endsWithinDays.trim() !== '' && !membersQuerySchema.shape.endsWithinDays.safeParse(filter.endsWithinDays.trim()).success) {
    errors.endsWithinDays = translator(membersCatalog)('search.endsError', { max: ENDS_WITHIN_DAYS_MAX });
  }
  return errors;
}

/** `?q=…&level=…` for GET /staff-api/members (empty for the first page of everyone). */
export function membersQueryString(filter: MembersFilter): string {
  const query = new URLSearchParams();
  const q = filter.q.trim();
  if (q) query.set('q', q);
  if (filter.level) query.set('level', filter.level);
  if (filter.status) query.set('status', filter.status);
  if (filter.endsWithinDays.trim()) query.set('endsWithinDays', filter.endsWithinDays.trim());
  if (filter.page > 1) query.set('page', String(filter.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** "Memberships 26–50 of 61", or that there are none. */
export function membersRangeText(answer: Pick<MembersAnswer, 'total' | 'page' | 'pageSize' | 'members'>): string {
  const t = translator(membersCatalog);
  if (answer.total === 0 || answer.members.length === 0) return t('list.none');
  const first = (answer.page - 1) * answer.pageSize + 1;
  return t('list.range', { first, last: first + answer.members.length - 1, total: answer.total });
}

/** The counts of one facet, every choice listed (0 when none), in the choices' order. */
export function facetCounts(counts: Record<string, number>, names: readonly string[]): Array<{ name: string; count: number }> {
  return names.map((name) => ({ name, count: counts[name] ?? 0 }));
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const MOMENT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };

/** A calendar day ('YYYY-MM-DD') as "8 Mar 2027" (in the language shown). */
export function dayText(day: string | null): string {
  if (!day) return '—';
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : formatDate(at, currentLang(), DAY);
}

/** An instant in Adelaide's time (in the language shown). */
export function momentText(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatDate(at, currentLang(), MOMENT);
}

/** The period: "8 Mar 2026 – 8 Mar 2027" (the end is the day it has ended), or "Life-time". */
export function periodText(m: { term: string; startsOn: string | null; endsOn: string | null }): string {
  if (m.term !== 'annual') return translator(membersCatalog)('period.life');
  return `${dayText(m.startsOn)} – ${dayText(m.endsOn)}`;
}

/** One status change: "Pending → Rejected (rejected by officer@…): reason" (without the reason when `withReason` is false). */
export function historyText(entry: MembershipHistoryEntry, withReason = true): string {
  const t = translator(membersCatalog);
  const to = membershipStatusText(entry.toStatus);
  if (entry.fromStatus === null) return t('history.requested', { status: to });
  const how = `event.${entry.event}` in membersCatalog.english ? t(`event.${entry.event}` as 'event.requested') : entry.event;
  const change = { from: membershipStatusText(entry.fromStatus), to, how };
  const reason = entry.reason && withReason ? `: ${entry.reason}` : '';
  return `${entry.by ? t('history.changeBy', { ...change, by: entry.by }) : t('history.change', change)}${reason}`;
}

/** "$10.00 AUD", or a dash when the amount was not recorded. */
export function amountText(m: Pick<MemberMembership, 'amountTotal' | 'currency'>): string {
  if (m.amountTotal === null) return '—';
  const lang = currentLang();
  const amount = lang === 'en' ? `$${(m.amountTotal / 100).toFixed(2)}` : formatAud(m.amountTotal / 100, lang);
  return `${amount}${m.currency ? ` ${m.currency.toUpperCase()}` : ''}`;
}

/** An order's state for the member's page: "Paid 28 Nov 2026, 11:01 am.", "Refunded (paid 28 Nov …).", "Open since 28 Nov …". */
export function orderStateText(order: { status: string; paidAt: string | null; createdAt: string }): string {
  const t = translator(membersCatalog);
  // English names the state as stored; Tamil as the treasurer's desk does.
  const status = currentLang() === 'en' ? `${order.status.charAt(0).toUpperCase()}${order.status.slice(1)}` : orderStatusName(order.status);
  if (order.status === 'paid' && order.paidAt) return t('order.paid', { when: momentText(order.paidAt) });
  if (order.paidAt) return t('order.paidThen', { status, when: momentText(order.paidAt) });
  return t('order.since', { status, when: momentText(order.createdAt) });
}

/** A file size: "12 KB", "1.4 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return translator(membersCatalog)('size.bytes', { n: bytes });
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The desk's two views: the search (default) and the membership requests to decide. */
export type DeskView = 'find' | 'requests';

/** The view and the search an address holds (`?view=requests`, `?q=…&level=…&page=…`). */
export function deskStateOf(params: URLSearchParams): { view: DeskView; filter: MembersFilter } {
  const page = Number(params.get('page') ?? '1');
  return {
    view: params.get('view') === 'requests' ? 'requests' : 'find',
    filter: {
      q: params.get('q') ?? '',
      level: params.get('level') ?? '',
      status: params.get('status') ?? '',
      endsWithinDays: params.get('endsWithinDays') ?? '',
      page: Number.isInteger(page) && page >= 1 ? page : 1,
    },
  };
}

/** The address's query for a view and search (what deskStateOf reads back). */
export function deskSearchOf(view: DeskView, filter: MembersFilter): string {
  if (view === 'requests') return 'view=requests';
  return membersQueryString(filter).replace(/^\?/, '');
}
