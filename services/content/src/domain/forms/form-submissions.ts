import { formatTicketReference, QUEUES, type ContactMessage, type MyContactMessage, type MySupportTicket, type SupportTicket, type SupportTicketJob } from '@tca/contracts';
import { addToOutbox, withTransaction, type EmailBrand, type Pool, type SiteLang } from '@tca/service-kit';
import { contactMessagesOfUser, insertContactMessage, type StoredContactMessage } from '../../data-access/contact-message-repository.js';
import { insertSupportTicket, nextTicketNumber, supportTicketsOfUser, type StoredSupportTicket } from '../../data-access/support-ticket-repository.js';
import { ADELAIDE_TIME_ZONE, contactAcknowledgementEmail, contactInboxEmail } from './form-emails.js';

export interface ContactMailSettings {
  inbox: string;
  brand: EmailBrand;
}

/**
 * Stores a contact message and, in the same transaction, its two e-mails in the outbox: the message to
 * the association's inbox (Reply-To the sender) and an acknowledgement to the sender. Redis being down
 * does not matter here: the outbox relay sends them when it is back. `userId`: the member whose session
 * sent it (null: sent without one); `language`: the page's, the acknowledgement's.
 */
export async function saveContactMessage(
  pool: Pool,
  input: ContactMessage,
  mail: ContactMailSettings,
  userId: string | null = null,
  language: SiteLang = 'en',
): Promise<StoredContactMessage & { id: number }> {
  return withTransaction(pool, async (client) => {
    const stored = await insertContactMessage(client, input, userId, language);
    for (const [name, email] of [
      ['contact-inbox', contactInboxEmail(stored, mail.inbox, mail.brand)],
      ['contact-ack', contactAcknowledgementEmail(stored, mail.inbox, mail.brand)],
    ] as const) {
      await addToOutbox(client, { queue: QUEUES.email, name, jobId: email.key, payload: email });
    }
    return stored;
  });
}

/** The calendar year in Adelaide at `date` (on 31 December after 13:30 UTC it is already next year there). */
export function yearInAdelaide(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-AU', { timeZone: ADELAIDE_TIME_ZONE, year: 'numeric' }).format(date));
}

/**
 * Stores a ticket with its reference (`TCA-<year of submission in Adelaide>-<next value of the reference
 * sequence>`) and, in the same transaction, a `support-tickets` job in the outbox for the tickets worker.
 * `userId`: the member whose session sent it (null: sent without one); `language`: the page's, the submitter's e-mails'.
 */
export async function saveSupportTicket(pool: Pool, input: SupportTicket, userId: string | null = null, language: SiteLang = 'en'): Promise<StoredSupportTicket & { id: number }> {
  return withTransaction(pool, async (client) => {
    const numbering = await nextTicketNumber(client);
    const reference = formatTicketReference(yearInAdelaide(numbering.now), numbering.seq);
    const ticket = await insertSupportTicket(client, reference, input, userId, language);
    const job: SupportTicketJob = { ticketUid: ticket.uid, reference };
    await addToOutbox(client, { queue: QUEUES.supportTickets, name: 'ticket-submitted', jobId: `ticket-${ticket.uid}`, payload: job });
    return ticket;
  });
}

/** The contact messages sent with this member's session, newest first (GET /email/mine). */
export async function listContactMessagesOf(pool: Pool, userId: string): Promise<MyContactMessage[]> {
  const messages = await contactMessagesOfUser(pool, userId);
  return messages.map((message) => ({
    id: String(message.id),
    subject: message.subject,
    message: message.message,
    name: message.name,
    email: message.senderEmail,
    phone: message.phoneNumber,
    createdAt: message.createdAt.toISOString(),
  }));
}

/** The support tickets raised with this member's session, newest first (GET /supportdesk/mine). */
export async function listSupportTicketsOf(pool: Pool, userId: string): Promise<MySupportTicket[]> {
  const tickets = await supportTicketsOfUser(pool, userId);
  return tickets.map((ticket) => ({
    reference: ticket.reference,
    issueType: ticket.issueType,
    issueDescription: ticket.issueDescription,
    name: ticket.name,
    email: ticket.email,
    countryCode: ticket.countryCode,
    phone: ticket.phone,
    createdAt: ticket.createdAt.toISOString(),
  }));
}
