import {
  ENDS_WITHIN_DAYS_MAX,
  MEMBER_SEARCH_SHORT_MESSAGE,
  MEMBER_SEARCH_MIN,
  MEMBERSHIP_LEVEL_NAMES,
  MEMBERSHIP_STATUSES,
  membersQuerySchema,
  type MemberMembership,
  type MembersAnswer,
  type MembershipHistoryEntry,
} from '@tca/contracts';

/**
 * The members desk (issue 15): what the search form holds, the query it sends, and every text the desk
 * and the member's page show, in one place.
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

export const LEVEL_CHOICES: ReadonlyArray<{ value: string; label: string }> = [{ value: '', label: 'Every level' }, ...MEMBERSHIP_LEVEL_NAMES.map((l) => ({ value: l, label: l }))];
export const STATUS_CHOICES: ReadonlyArray<{ value: string; label: string }> = [{ value: '', label: 'Every status' }, ...MEMBERSHIP_STATUSES.map((s) => ({ value: s, label: s }))];

export type FilterErrors = Partial<Record<'q' | 'endsWithinDays', string>>;

export const ENDS_WITHIN_MESSAGE = `Ends within: a whole number of days from 1 to ${ENDS_WITHIN_DAYS_MAX}`;

/** The filter's problems before asking (the server checks the same schema), by field. */
export function filterErrors(filter: MembersFilter): FilterErrors {
  const errors: FilterErrors = {};
  const q = filter.q.trim();
  const search = q === '' ? null : membersQuerySchema.shape.q.safeParse(q);
  if (search && !search.success) errors.q = search.error.issues[0]?.message ?? MEMBER_SEARCH_SHORT_MESSAGE;
  if (filter.endsWithinDays.trim() !== '' && !membersQuerySchema.shape.endsWithinDays.safeParse(filter.endsWithinDays.trim()).success) errors.endsWithinDays = ENDS_WITHIN_MESSAGE;
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
  if (answer.total === 0 || answer.members.length === 0) return 'No membership matches.';
  const first = (answer.page - 1) * answer.pageSize + 1;
  return `Memberships ${first}–${first + answer.members.length - 1} of ${answer.total}`;
}

/** The counts of one facet, every choice listed (0 when none), in the choices' order. */
export function facetCounts(counts: Record<string, number>, names: readonly string[]): Array<{ name: string; count: number }> {
  return names.map((name) => ({ name, count: counts[name] ?? 0 }));
}

const DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Adelaide' });

/** A calendar day ('YYYY-MM-DD') as "8 Mar 2027". */
export function dayText(day: string | null): string {
  if (!day) return '—';
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : DAY.format(at);
}

/** An instant in Adelaide's time. */
export function momentText(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : MOMENT.format(at);
}

/** The period: "8 Mar 2026 – 8 Mar 2027" (the end is the day it has ended), or "Life-time". */
export function periodText(m: { term: string; startsOn: string | null; endsOn: string | null }): string {
  if (m.term !== 'annual') return 'Life-time';
  return `${dayText(m.startsOn)} – ${dayText(m.endsOn)}`;
}

/** One status change: "Pending → Rejected, by officer@… : reason". */
export function historyText(entry: MembershipHistoryEntry): string {
  if (entry.fromStatus === null) return `Requested (${entry.toStatus})`;
  const by = entry.by ? ` by ${entry.by}` : '';
  const reason = entry.reason ? `: ${entry.reason}` : '';
  return `${entry.fromStatus} → ${entry.toStatus} (${entry.event}${by})${reason}`;
}

/** "$10.00 AUD", or a dash when the amount was not recorded. */
export function amountText(m: Pick<MemberMembership, 'amountTotal' | 'currency'>): string {
  if (m.amountTotal === null) return '—';
  return `$${(m.amountTotal / 100).toFixed(2)}${m.currency ? ` ${m.currency.toUpperCase()}` : ''}`;
}

/** An order's state for the member's page: "Paid 28 Nov 2026, 11:01 am.", "Refunded (paid 28 Nov …).", "Open since 28 Nov …". */
export function orderStateText(order: { status: string; paidAt: string | null; createdAt: string }): string {
  const status = `${order.status.charAt(0).toUpperCase()}${order.status.slice(1)}`;
  if (order.status === 'paid' && order.paidAt) return `Paid ${momentText(order.paidAt)}.`;
  if (order.paidAt) return `${status} (paid ${momentText(order.paidAt)}).`;
  return `${status} since ${momentText(order.createdAt)}.`;
}

/** A file size: "12 KB", "1.4 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const DESK_TEXTS = {
  title: 'Members desk',
  lead: 'Find members by name or e-mail, see their memberships, decide membership requests and export the roll of Active members.',
  findTab: 'Find members',
  requestsTab: 'Requests to decide',
  searchTitle: 'Find members',
  searchLabel: 'Name or e-mail',
  searchHint: `At least ${MEMBER_SEARCH_MIN} characters; any part of the name or e-mail.`,
  levelLabel: 'Level',
  statusLabel: 'Status',
  endsLabel: 'Ends within (days)',
  endsHint: 'Active memberships whose end is that close, soonest first.',
  searchButton: 'Search',
  clearButton: 'Clear',
  exportButton: 'Export CSV of Active members',
  exporting: 'Exporting...',
  exported: (name: string) => `The roll was downloaded as ${name}.`,
  exportFailed: 'The roll could not be exported.',
  loading: 'Loading the members...',
  loadFailed: 'The members could not be loaded.',
  countsTitle: 'Counts',
  listTitle: 'Memberships found',
  levelsCaption: 'Memberships per level',
  statusesCaption: 'Memberships per status',
  pagesLabel: 'Pages of members',
  member: {
    back: 'Back to the members desk',
    loading: "Loading the member's page...",
    loadFailed: 'The member could not be loaded.',
    account: 'Account',
    memberships: 'Memberships',
    noMemberships: 'This member has no membership.',
    history: 'Status history',
    dependants: 'Dependants',
    noDependants: 'No dependants.',
    orders: 'Orders',
    noOrders: 'No orders.',
    ordersFailed: 'The orders could not be loaded.',
    documents: 'Uploaded documents',
    noDocuments: 'No uploaded documents.',
    documentsFailed: 'The documents could not be loaded.',
    documentOpenFailed: 'The document could not be opened.',
    documentNote: 'Opening a document is recorded in the audit log.',
  },
} as const;

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
