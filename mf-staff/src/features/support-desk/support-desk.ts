import {
  ISSUE_TYPES,
  TICKET_STATUS_LABELS,
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
import { choiceOf } from '../../shared/choices.js';
import { adelaideMoment } from '../../shared/paging.js';

/**
 * The support desk's rules and texts (issue 15): the ticket list's tabs and filters, ages and times in
 * Adelaide, how the conversation names who wrote each entry, and the inbox's filter. Every text the desk
 * shows is here.
 */

export const SUPPORT_TEXTS = {
  ticketsTitle: 'Support tickets',
  ticketsLead: 'Tickets raised on the website. Reply (the member is e-mailed with the ticket reference), write internal notes, assign, close and reopen.',
  contactTitle: 'Contact messages',
  contactLead: 'Messages sent through the contact form. Answer them by e-mail, then mark them handled so everyone knows.',
  back: 'Back to the staff area',
  backToTickets: 'Back to the tickets',
  replyLabel: 'Reply to the member',
  replyHint: 'E-mailed to the member with the ticket reference; the ticket then waits on the member.',
  replyButton: 'Send reply',
  noteLabel: 'Internal note',
  noteHint: 'Seen by staff only. Nobody is e-mailed.',
  noteButton: 'Add note',
  closedNoReply: 'This ticket is closed. Reopen it to reply.',
  assignLabel: 'Assigned to',
  assignButton: 'Save assignee',
  nobody: 'Nobody',
  assigneesFailed: 'The list of support staff could not be loaded, so only the current assignee can be chosen.',
  close: 'Close ticket',
  reopen: 'Reopen ticket',
  noAccount: 'Raised without an account: replies reach them by e-mail only.',
  withAccount: 'Raised while logged in: they also see the conversation under "My tickets" on their profile.',
} as const;

/** The status tabs: each status, then every ticket. */
export type StatusTab = TicketStatus | 'all';
export const STATUS_TABS: ReadonlyArray<{ value: StatusTab; label: string }> = [...TICKET_STATUSES.map((status) => ({ value: status, label: TICKET_STATUS_LABELS[status] })), { value: 'all', label: 'All' }];

/** What the ticket list shows. */
export type TicketsFilter = Pick<TicketListQuery, 'status' | 'order' | 'page'> & { issueType: IssueType | '' };
export const FIRST_TICKETS: TicketsFilter = { status: 'open', issueType: '', order: 'activity', page: 1 };

export const ISSUE_TYPE_CHOICES: ReadonlyArray<{ value: IssueType | ''; label: string }> = [{ value: '', label: 'Every issue type' }, ...ISSUE_TYPES];
export const ORDER_CHOICES: ReadonlyArray<{ value: TicketsFilter['order']; label: string }> = [
  { value: 'activity', label: 'Newest activity first' },
  { value: 'oldest', label: 'Oldest first (work through the queue)' },
];

export const isIssueTypeChoice = choiceOf(ISSUE_TYPE_CHOICES);

export const isOrderChoice = choiceOf(ORDER_CHOICES);

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
export const HANDLED_CHOICES: ReadonlyArray<{ value: InboxFilter['handled']; label: string }> = [
  { value: 'no', label: 'Not handled yet' },
  { value: 'yes', label: 'Handled' },
  { value: 'all', label: 'All messages' },
];

export const isHandledChoice = choiceOf(HANDLED_CHOICES);

export function inboxQueryString(filter: InboxFilter): string {
  const query = new URLSearchParams({ handled: filter.handled });
  if (filter.page > 1) query.set('page', String(filter.page));
  return `?${query.toString()}`;
}

/** Paging of the lists (shared with the treasurer's desk). */
export { pageCount, rangeText } from '../../shared/paging.js';

/** The inbox's headline: how many messages wait to be handled. */
export function unhandledText(unhandled: number): string {
  if (unhandled === 0) return 'Every message is handled';
  return unhandled === 1 ? '1 message is not handled yet' : `${unhandled} messages are not handled yet`;
}

/** A tab's label with its count: "Open (3)". */
export function tabText(tab: StatusTab, counts: TicketListAnswer['counts']): string {
  const label = STATUS_TABS.find((choice) => choice.value === tab)?.label ?? tab;
  const count = tab === 'all' ? counts.open + counts.waiting_on_member + counts.closed : counts[tab];
  return `${label} (${count})`;
}

/** A person in the assignee picker: their name and e-mail, or the e-mail alone when identity has no name. */
export function assigneeText(person: Assignee): string {
  const name = person.displayName?.trim();
  return name ? `${name} (${person.email})` : person.email;
}

export function statusText(status: TicketStatus): string {
  return TICKET_STATUS_LABELS[status];
}

export function issueTypeText(value: string): string {
  return ISSUE_TYPES.find((type) => type.value === value)?.label ?? value;
}

/** How long ago: "just now", "45 minutes ago", "3 hours ago", "2 days ago". */
export function ageText(iso: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const [count, unit] = minutes < 60 ? [minutes, 'minute'] : hours < 24 ? [hours, 'hour'] : [days, 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** A time in Adelaide's time (the association's). */
export const whenText = adelaideMoment;

/** Who wrote a conversation entry, as the desk names it. */
export function authorText(message: TicketMessage, submitter: string): string {
  switch (message.kind) {
    case 'submission':
      return `${submitter} raised the ticket`;
    case 'member_reply':
      return `${submitter} replied`;
    case 'staff_reply':
      return `Reply by ${message.authorEmail ?? 'the support team'}`;
    case 'note':
      return `Internal note by ${message.authorEmail ?? 'staff'}`;
  }
}

/** The message box's problem before sending (the server checks the same schema), or null. */
export function messageError(body: string): string | null {
  const parsed = ticketMessageRequestSchema.safeParse({ body });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the message.');
}
