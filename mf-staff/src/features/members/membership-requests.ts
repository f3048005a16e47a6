import { MEMBERSHIP_STATUSES, rejectMembershipRequestSchema, type MembershipRequest, type MembershipRequestsAnswer, type MembershipStatusFilter } from '@tca/contracts';
import { translator, type Translate } from '@tca/ui/i18n';
import { knownText } from '../../shared/known-text.js';
import { membersCatalog, membershipStatusText } from './messages.js';
import { momentText } from './members-desk.js';

/** What the desk shows: every status (Pending first) or one, and which page. */
export interface RequestsFilter {
  status: MembershipStatusFilter | '';
  page: number;
}

export const FIRST_PAGE: RequestsFilter = { status: '', page: 1 };

const STATUS_VALUES: ReadonlyArray<MembershipStatusFilter | ''> = ['', ...MEMBERSHIP_STATUSES];

/** The status filter's choices: "Every status" (Pending first), then each status. */
export function requestStatusChoices(t: Translate<typeof membersCatalog.english>): ReadonlyArray<{ value: MembershipStatusFilter | ''; label: string }> {
  return STATUS_VALUES.map((value) => ({ value, label: value === '' ? t('requests.everyStatus') : membershipStatusText(value) }));
}

export function isStatusChoice(value: string): value is MembershipStatusFilter | '' {
  return STATUS_VALUES.some((choice) => choice === value);
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
  const t = translator(membersCatalog);
  if (answer.total === 0 || answer.memberships.length === 0) return t('requests.noneHere');
  const first = (answer.page - 1) * answer.pageSize + 1;
  return t('requests.range', { first, last: first + answer.memberships.length - 1, total: answer.total });
}

/** The desk's headline: how many wait for a decision. */
export function pendingText(pending: number): string {
  const t = translator(membersCatalog);
  return pending === 0 ? t('requests.noPending') : t('requests.pending', { n: pending });
}

/** When a request was made, in Adelaide's time (the association's). */
export const requestedText = momentText;

/** "Family, annual, 2 dependants". */
export function levelText(request: Pick<MembershipRequest, 'membershipName' | 'term' | 'dependants'>): string {
  const t = translator(membersCatalog);
  const level = t(request.term === 'annual' ? 'requests.annual' : 'requests.life', { level: request.membershipName });
  return request.dependants === 0 ? level : `${level}, ${t('requests.dependants', { n: request.dependants })}`;
}

/** The reason field's message before sending (the server checks the same schema), or null when it will do. */
export function reasonError(reason: string): string | null {
  const parsed = rejectMembershipRequestSchema.safeParse({ reason });
  return parsed.success ? null : knownText(parsed.error.issues[0]?.message ?? 'Check the reason.', membersCatalog);
}
