import { ISSUE_TYPES, TICKET_STATUS_LABELS, ticketMessageRequestSchema, type MyTicket, type TicketMessage } from '@tca/contracts';

/** "My tickets" on the profile (issue 15): its texts and rules in one place. */
export const MY_TICKETS_TEXT = {
  title: 'My tickets',
  lead: 'Support tickets you raised while logged in, with the support team’s replies.',
  loading: 'Loading your tickets…',
  none: 'You have not raised a support ticket while logged in.',
  failed: 'Your tickets could not be loaded.',
  replyLabel: 'Your reply',
  replyHint: 'The support team is told at once.',
  replyButton: 'Send reply',
  reopen: 'Reopen ticket',
  closedTooLong: 'This ticket is closed. To ask about it again, please raise a new ticket.',
  replySent: 'Your reply is sent.',
  reopened: 'The ticket is open again.',
} as const;

const WHEN = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Adelaide' });
const DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Adelaide' });

export function myTicketWhen(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : WHEN.format(at);
}

export function myTicketHeading(ticket: MyTicket): string {
  const issue = ISSUE_TYPES.find((type) => type.value === ticket.issueType)?.label ?? ticket.issueType;
  return `${ticket.reference}: ${issue}`;
}

export function myTicketStatus(ticket: MyTicket): string {
  return TICKET_STATUS_LABELS[ticket.status];
}

/** Who wrote an entry, as the member reads it (staff are the support team). */
export function myTicketAuthor(message: TicketMessage): string {
  return message.kind === 'staff_reply' ? 'Support team' : 'You';
}

/** A closed ticket the member may still reopen (until reopenUntil). */
export function canReopen(ticket: MyTicket, now: Date = new Date()): boolean {
  return ticket.status === 'closed' && ticket.reopenUntil !== null && now.getTime() <= Date.parse(ticket.reopenUntil);
}

/** "You can reopen it until 12 December 2026." */
export function reopenHint(ticket: MyTicket): string {
  return ticket.reopenUntil ? `This ticket is closed. You can reopen it until ${DAY.format(new Date(ticket.reopenUntil))}.` : '';
}

/** The reply's problem before sending (the server's rule), or null. */
export function myReplyError(body: string): string | null {
  const parsed = ticketMessageRequestSchema.safeParse({ body });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check your reply.');
}
