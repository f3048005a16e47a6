import {
  formatTicketReference,
  QUEUES,
  type ContactMessage,
  type MyContactMessage,
  type MySupportTicket,
  type SupportTicket,
  type SupportTicketJob,
} from '@tca/contracts';
import { addToOutbox, withTransaction, type EmailBrand, type Pool, type PoolClient } from '@tca/service-kit';
import { ADELAIDE_TIME_ZONE, contactAcknowledgementEmail, contactInboxEmail, type StoredContactMessage, type StoredSupportTicket } from './form-emails.js';

export interface ContactMailSettings {
  inbox: string;
  brand: EmailBrand;
}

/**
 * Stores a contact message and, in the same transaction, its two e-mails in the outbox: the message to
 * the association's inbox (Reply-To the sender) and an acknowledgement to the sender. Redis being down
 * does not matter here: the outbox relay sends them when it is back. `userId`: the member whose session
 * sent it (null: sent without one).
 */
export async function saveContactMessage(
  pool: Pool,
  input: ContactMessage,
  mail: ContactMailSettings,
  userId: string | null = null,
): Promise<StoredContactMessage & { id: number }> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number; uid: string; created_at: Date }>(
      `INSERT INTO contact_messages (name, sender_email, phone_number, subject, message, user_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, uid, created_at`,
      [input.name, input.senderEmail, input.phoneNumber, input.subject, input.message, userId],
    );
    const row = rows[0];
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    const stored: StoredContactMessage & { id: number } = {
      id: row.id,
      uid: row.uid,
      name: input.name,
      senderEmail: input.senderEmail,
      phoneNumber: input.phoneNumber,
      subject: input.subject,
      message: input.message,
      createdAt: row.created_at,
    };
    for (const [name, email] of [
      ['contact-inbox', contactInboxEmail(stored, mail.inbox, mail.brand)],
      ['contact-ack', contactAcknowledgementEmail(stored, mail.inbox, mail.brand)],
    ] as const) {
      await addToOutbox(client, { queue: QUEUES.email, name, jobId: email.key, payload: email });
    }
    return stored;
  });
}

interface TicketRow {
  id: number;
  uid: string;
  reference: string;
  name: string;
  email: string;
  country_code: string;
  phone: string;
  issue_type: string;
  issue_description: string;
  created_at: Date;
}

const TICKET_COLUMNS = 'id, uid, reference, name, email, country_code, phone, issue_type, issue_description, created_at';

function ticketFromRow(row: TicketRow): StoredSupportTicket & { id: number } {
  return {
    id: row.id,
    uid: row.uid,
    reference: row.reference,
    name: row.name,
    email: row.email,
    countryCode: row.country_code,
    phone: row.phone,
    issueType: row.issue_type,
    issueDescription: row.issue_description,
    createdAt: row.created_at,
  };
}

/** The calendar year in Adelaide at `date` (on 31 December after 13:30 UTC it is already next year there). */
export function yearInAdelaide(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-AU', { timeZone: ADELAIDE_TIME_ZONE, year: 'numeric' }).format(date));
}

/**
 * Stores a ticket with its reference (`TCA-<year of submission in Adelaide>-<next value of the reference
 * sequence>`) and, in the same transaction, a `support-tickets` job in the outbox for the tickets worker.
 * `userId`: the member whose session sent it (null: sent without one).
 */
export async function saveSupportTicket(pool: Pool, input: SupportTicket, userId: string | null = null): Promise<StoredSupportTicket & { id: number }> {
  return withTransaction(pool, async (client) => {
    // now() is the transaction's start: the same instant as the row's created_at.
    const { rows: [numbering] } = await client.query<{ seq: number; now: Date }>(`SELECT nextval('support_ticket_reference_seq') AS seq, now() AS now`);
    if (!numbering) throw new Error('no reference number');
    const reference = formatTicketReference(yearInAdelaide(numbering.now), numbering.seq);
    const { rows } = await client.query<TicketRow>(
      `INSERT INTO support_tickets (reference, name, email, country_code, phone, issue_type, issue_description, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${TICKET_COLUMNS}`,
      [reference, input.name, input.email, input.countryCode, input.phone, input.issueType, input.issueDescription, userId],
    );
    const row = rows[0];
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    const ticket = ticketFromRow(row);
    const job: SupportTicketJob = { ticketUid: ticket.uid, reference };
    await addToOutbox(client, { queue: QUEUES.supportTickets, name: 'ticket-submitted', jobId: `ticket-${ticket.uid}`, payload: job });
    return ticket;
  });
}

/** The ticket with this uid, its row locked until the transaction ends (so two runs of one job take turns). */
export async function lockTicket(client: PoolClient, uid: string): Promise<(StoredSupportTicket & { id: number; notifiedAt: Date | null }) | undefined> {
  const { rows } = await client.query<TicketRow & { notified_at: Date | null }>(`SELECT ${TICKET_COLUMNS}, notified_at FROM support_tickets WHERE uid = $1 FOR UPDATE`, [uid]);
  const row = rows[0];
  return row ? { ...ticketFromRow(row), notifiedAt: row.notified_at } : undefined;
}

/** The contact messages sent with this member's session, newest first (GET /email/mine). */
export async function listContactMessagesOf(pool: Pool, userId: string): Promise<MyContactMessage[]> {
  const { rows } = await pool.query<{ id: number; subject: string; message: string; name: string; sender_email: string; phone_number: string; created_at: Date }>(
    `SELECT id, subject, message, name, sender_email, phone_number, created_at
       FROM contact_messages WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    subject: row.subject,
    message: row.message,
    name: row.name,
    email: row.sender_email,
    phone: row.phone_number,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The support tickets raised with this member's session, newest first (GET /supportdesk/mine). */
export async function listSupportTicketsOf(pool: Pool, userId: string): Promise<MySupportTicket[]> {
  const { rows } = await pool.query<TicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
  return rows.map((row) => ({
    reference: row.reference,
    issueType: row.issue_type,
    issueDescription: row.issue_description,
    name: row.name,
    email: row.email,
    countryCode: row.country_code,
    phone: row.phone,
    createdAt: row.created_at.toISOString(),
  }));
}
