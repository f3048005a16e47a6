import { ISSUE_TYPES, ticketMessageRequestSchema, type MyTicket, type TicketMessage } from '@tca/contracts';
import { currentLang, translator, type Translate } from '@tca/ui/i18n';
import { formatDate } from '@tca/ui/i18n/format';
import { shownText } from '../../shared/messages.js';
import { profileCatalog } from './messages.js';

/** "My tickets" on the profile (issue 15): its rules; its texts (account.profile `tickets.*`) are made during render in the language shown. */
const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
function t(...args: Parameters<Translate<typeof profileCatalog.english>>): string {
  return translator(profileCatalog)(...args);
}

export function myTicketWhen(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatDate(at, currentLang(), WHEN);
}

export function myTicketHeading(ticket: MyTicket): string {
  const known = ISSUE_TYPES.find((type) => type.value === ticket.issueType);
  return `${ticket.reference}: ${known ? t(`issue.${known.value}`) : ticket.issueType}`;
}

export function myTicketStatus(ticket: MyTicket): string {
  return t(`ticketStatus.${ticket.status}`);
}

/** Who wrote an entry, as the member reads it (staff are the support team). */
export function myTicketAuthor(message: TicketMessage): string {
  return message.kind === 'staff_reply' ? t('tickets.team') : t('tickets.you');
}

/** A closed ticket the member may still reopen (until reopenUntil). */
export function canReopen(ticket: MyTicket, now: Date = new Date()): boolean {
  return ticket.status === 'closed' && ticket.reopenUntil !== null && now.getTime() <= Date.parse(ticket.reopenUntil);
}

/** "You can reopen it until 12 December 2026." */
export function reopenHint(ticket: MyTicket): string {
  return ticket.reopenUntil ? t('tickets.reopenUntil', { date: formatDate(ticket.reopenUntil, currentLang(), DAY) }) : '';
}

/** The reply's problem before sending (the server's rule), or null. */
export function myReplyError(body: string): string | null {
  const parsed = ticketMessageRequestSchema.safeParse({ body });
  return parsed.success ? null : shownText(parsed.error.issues[0]?.message ?? 'Check your reply.');
}
