import {
  ISSUE_TYPES,
  TICKET_STATUSES,
  ticketMessageRequestSchema,
  type Assignee,
  type ContactInboxQuery,
  type IssueType,
  type TicketListAnswer,
  type TicketListQuery,
  type TicketMessage,
  type TicketStatus,
} from '@tca/contracts';
import { translator, type Translate } from '@tca/ui/i18n';
import { knownText } from '../../shared/known-text.js';
import { keyedText, supportCatalog, type SupportKey } from './messages.js';
import { choiceOf } from '../../shared/choices.js';
import { adelaideMoment } from '../../shared/paging.js';

/**
 * The support desk's rules (issue 15): the ticket list's tabs and filters, ages and times in Adelaide, how
 * the conversation names who wrote each entry, and the inbox's filter. The texts are catalog
 * `staff.support` (messages.ts), in the language shown.
 */

type T = Translate<typeof supportCatalog.english>;

/** The status tabs: each status, then every ticket. */
export type StatusTab = TicketStatus | 'all';
export const STATUS_TABS: ReadonlyArray<{ value: StatusTab; label: SupportKey }> = [...TICKET_STATUSES.map((status) => ({ value: status, label: `status.${status}` as const })), { value: 'all', label: 'tab.all' }];

/** What the ticket list shows. */
export type TicketsFilter = Pick<TicketListQuery, 'status' | 'order' | 'page'> & { issueType: IssueType | '' };
export const FIRST_TICKETS: TicketsFilter = { status: 'open', issueType: '', order: 'activity', page: 1 };

export function issueTypeChoices(t: T): ReadonlyArray<{ value: IssueType | ''; label: string }> {
  return [{ value: '', label: t('issue.all') }, ...ISSUE_TYPES.map((type) => ({ value: type.value, label: issueTypeText(type.value) }))];
}

const ORDERS = ['activity', 'oldest'] as const satisfies ReadonlyArray<TicketsFilter['order']>;
export function orderChoices(t: T): ReadonlyArray<{ value: TicketsFilter['order']; label: string }> {
  return ORDERS.map((value) => ({ value, label: t(`order.${value}`) }));
}

export const isIssueTypeChoice = choiceOf([{ value: '' as const }, ...ISSUE_TYPES]);

export const isOrderChoice = choiceOf(ORDERS.map((value) => ({ value })));

/** `?status=…&issueType=…&order=…&page=…` for GET …/support/tickets (defaults left out). */
export function ticketsQueryString(filter: TicketsFilter): string {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.issueType) query.set('issueType', filter.issueType);
  if (filter.order !== 'activity') query.set('order', filter.order);
  if (filter.page > 1) query.set('page', String(filter.page));
  return `?${query.toString()}`;
}

/** What the contact inbox shows. */
export type InboxFilter = Pick<ContactInboxQuery, 'handled' | 'page'>;
export const FIRST_INBOX: InboxFilter = { handled: 'no', page: 1 };
const HANDLED = ['no', 'yes', 'all'] as const satisfies ReadonlyArray<InboxFilter['handled']>;
export function handledChoices(t: T): ReadonlyArray<{ value: InboxFilter['handled']; label: string }> {
  return HANDLED.map((value) => ({ value, label: t(`handled.${value}`) }));
}

export const isHandledChoice = choiceOf(HANDLED.map((value) => ({ value })));

export function inboxQueryString(filter: InboxFilter): string {
  const query = new URLSearchParams({ handled: filter.handled });
  if (filter.page > 1) query.set('page', String(filter.page));
  return `?${query.toString()}`;
}

/** Paging of the lists (shared with the treasurer's desk). */
export { pageCount } from '../../shared/paging.js';

/** "Tickets 26–50 of 61" / "Messages …", or that this page has none. */
export function deskRangeText(answer: { total: number; page: number; pageSize: number }, shown: number, what: 'tickets' | 'contact'): string {
  const t = translator(supportCatalog);
  if (answer.total === 0 || shown === 0) return t(`${what}.noneHere`);
  const first = (answer.page - 1) * answer.pageSize + 1;
  return t(`${what}.range`, { first, last: first + shown - 1, total: answer.total });
}

/** The inbox's headline: how many messages wait to be handled. */
export function unhandledText(unhandled: number): string {
  const t = translator(supportCatalog);
  return unhandled === 0 ? t('contact.allHandled') : t('contact.unhandled', { n: unhandled });
}

/** A tab's label with its count: "Open (3)". */
export function tabText(tab: StatusTab, counts: TicketListAnswer['counts']): string {
  const t = translator(supportCatalog);
  const label = t(tab === 'all' ? 'tab.all' : `status.${tab}`);
  const count = tab === 'all' ? counts.open + counts.waiting_on_member + counts.closed : counts[tab];
  return t('tab.count', { label, count });
}

/** A person in the assignee picker: their name and e-mail, or the e-mail alone when identity has no name. */
export function assigneeText(person: Assignee): string {
  const name = person.displayName?.trim();
  return name ? `${name} (${person.email})` : person.email;
}

export function statusText(status: TicketStatus): string {
  return keyedText(`status.${status}`, status);
}

export function issueTypeText(value: string): string {
  return keyedText(`issue.${value}`, ISSUE_TYPES.find((type) => type.value === value)?.label ?? value);
}

/** How long ago: "just now", "45 minutes ago", "3 hours ago", "2 days ago". */
export function ageText(iso: string, now: Date = new Date()): string {
  const t = translator(supportCatalog);
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return t('age.now');
  const hours = Math.floor(minutes / 60);
  if (minutes < 60) return t('age.minutes', { n: minutes });
  return hours < 24 ? t('age.hours', { n: hours }) : t('age.days', { n: Math.floor(hours / 24) });
}

/** A time in Adelaide's time (the association's). */
export const whenText = adelaideMoment;

/** Who wrote a conversation entry, as the desk names it. */
export function authorText(message: TicketMessage, submitter: string): string {
  const t = translator(supportCatalog);
  switch (message.kind) {
    case 'submission':
      return t('author.submission', { name: submitter });
    case 'member_reply':
      return t('author.memberReply', { name: submitter });
    case 'staff_reply':
      return t('author.staffReply', { who: message.authorEmail ?? t('author.team') });
    case 'note':
      return t('author.note', { who: message.authorEmail ?? t('author.staff') });
  }
}

/** The message box's problem before sending (the server checks the same schema), or null. */
export function messageError(body: string): string | null {
  const parsed = ticketMessageRequestSchema.safeParse({ body });
  return parsed.success ? null : knownText(parsed.error.issues[0]?.message ?? 'Check the message.', supportCatalog);
}
