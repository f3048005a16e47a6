import type { SupportTicket } from '@tca/contracts';
import { isSiteLang, type Pool, type PoolClient, type SiteLang } from '@tca/service-kit';

type Db = Pool | PoolClient;

/** A support ticket as stored (what its e-mails and the member's list show). */
export interface StoredSupportTicket {
  uid: string;
  reference: string;
  name: string;
  email: string;
  countryCode: string;
  phone: string;
  issueType: string;
  issueDescription: string;
  createdAt: Date;
  /** The language of the page it was raised from: the submitter's e-mails' (migration 012). */
  language: SiteLang;
}

/** A support_tickets row's columns that StoredSupportTicket reads. */
export interface TicketRow {
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
  language: string;
}

const TICKET_COLUMNS = 'id, uid, reference, name, email, country_code, phone, issue_type, issue_description, created_at, language';

export function ticketFromRow(row: TicketRow): StoredSupportTicket & { id: number } {
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
    language: isSiteLang(row.language) ? row.language : 'en',
  };
}

/**
 * The next value of the ticket reference sequence, and now(): the transaction's start, so (inside the
 * transaction that inserts the ticket) the same instant as the row's created_at.
 */
export async function nextTicketNumber(client: PoolClient): Promise<{ seq: number; now: Date }> {
  const { rows: [numbering] } = await client.query<{ seq: number; now: Date }>(`SELECT nextval('support_ticket_reference_seq') AS seq, now() AS now`);
  if (!numbering) throw new Error('no reference number');
  return numbering;
}

/** Stores a ticket under `reference`; `userId`: the member whose session sent it (null: sent without one). */
export async function insertSupportTicket(db: Db, reference: string, input: SupportTicket, userId: string | null, language: SiteLang): Promise<StoredSupportTicket & { id: number }> {
  const { rows } = await db.query<TicketRow>(
    `INSERT INTO support_tickets (reference, name, email, country_code, phone, issue_type, issue_description, user_id, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${TICKET_COLUMNS}`,
    [reference, input.name, input.email, input.countryCode, input.phone, input.issueType, input.issueDescription, userId, language],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return ticketFromRow(row);
}

/** The ticket with this uid, its row locked until the transaction ends (so two runs of one job take turns). */
export async function lockTicket(client: PoolClient, uid: string): Promise<(StoredSupportTicket & { id: number; notifiedAt: Date | null }) | undefined> {
  const { rows } = await client.query<TicketRow & { notified_at: Date | null }>(`SELECT ${TICKET_COLUMNS}, notified_at FROM support_tickets WHERE uid = $1 FOR UPDATE`, [uid]);
  const row = rows[0];
  return row ? { ...ticketFromRow(row), notifiedAt: row.notified_at } : undefined;
}

/** Records that the ticket's e-mails are queued (the first time only). */
export async function markTicketNotified(db: Db, id: number): Promise<void> {
  await db.query('UPDATE support_tickets SET notified_at = now() WHERE id = $1 AND notified_at IS NULL', [id]);
}

/** The support tickets raised with this member's session, newest first. */
export async function supportTicketsOfUser(db: Db, userId: string): Promise<Array<StoredSupportTicket & { id: number }>> {
  const { rows } = await db.query<TicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
  return rows.map(ticketFromRow);
}

/** Deletes the support tickets older than `days`; how many went. */
export async function deleteSupportTicketsOlderThan(db: Db, days: number): Promise<number> {
  const deleted = await db.query(`DELETE FROM support_tickets WHERE created_at < now() - make_interval(days => $1::int)`, [String(days)]);
  return deleted.rowCount ?? 0;
}
