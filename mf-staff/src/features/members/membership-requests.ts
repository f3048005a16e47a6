import { MEMBERSHIP_STATUSES, rejectMembershipRequestSchema, type MembershipRequest, type MembershipRequestsAnswer, type MembershipStatusFilter } from '@tca/contracts';

/** What the desk shows: every status (Pending first) or one, and which page. */
export interface RequestsFilter {
  status: MembershipStatusFilter | '';
  page: number;
}

export const FIRST_PAGE: RequestsFilter = { status: '', page: 1 };

/** The status filter's choices: "Every status" (Pending first), then each status. */
export const STATUS_CHOICES: ReadonlyArray<{ value: MembershipStatusFilter | ''; label: string }> = [
  { value: '', label: 'Every status (Pending first)' },
  ...MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: status })),
];

export function isStatusChoice(value: string): value is MembershipStatusFilter | '' {
  return STATUS_CHOICES.some((choice) => choice.value === value);
}

/** `?status=…&page=…` for GET /staff-api/memberships (empty for the first page of every status). */
export function requestsQueryString(filter: RequestsFilter): string {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.page > 1) query.set('page', String(filter.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Pages the answer spans (at least 1). */
export function pageCount(answer: Pick<MembershipRequestsAnswer, 'total' | 'pageSize'>): number {
  return Math.max(1, Math.ceil(answer.total / answer.pageSize));
}

/** "Requests 26–50 of 61", or that there are none. */
export function rangeText(answer: Pick<MembershipRequestsAnswer, 'total' | 'page' | 'pageSize' | 'memberships'>): string {
  if (answer.total === 0 || answer.memberships.length === 0) return 'No requests on this page.';
  const first = (answer.page - 1) * answer.pageSize + 1;
  const last = first + answer.memberships.length - 1;
  return `Requests ${first}–${last} of ${answer.total}`;
}

/** The desk's headline: how many wait for a decision. */
export function pendingText(pending: number): string {
  if (pending === 0) return 'No request is waiting for a decision.';
  return pending === 1 ? '1 request is waiting for a decision.' : `${pending} requests are waiting for a decision.`;
}

const REQUESTED = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Adelaide' });

/** When a request was made, in Adelaide's time (the association's). */
export function requestedText(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : REQUESTED.format(at);
}

/** "Family, annual, 2 dependants". */
export function levelText(request: Pick<MembershipRequest, 'membershipName' | 'term' | 'dependants'>): string {
  const term = request.term === 'annual' ? 'annual' : 'life-time';
  const dependants = request.dependants === 0 ? '' : request.dependants === 1 ? ', 1 dependant' : `, ${request.dependants} dependants`;
  return `${request.membershipName}, ${term}${dependants}`;
}

/** The reason field's message before sending (the server checks the same schema), or null when it will do. */
export function reasonError(reason: string): string | null {
  const parsed = rejectMembershipRequestSchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the reason.');
}
