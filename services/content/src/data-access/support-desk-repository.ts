import { type TicketListQuery, type TicketMessageKind, type TicketStatus } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';
import type { TicketRow } from './support-ticket-repository.js';

type Db = Pool | PoolClient;

/** A ticket as the desk reads it (support_tickets with migration 010's columns). */
export interface DeskTicketRow extends TicketRow {
  user_id: string | null;
  status: TicketStatus;
  closed_at: Date | null;
  assignee_user_id: string | null;
  assignee_email: string | null;
  last_activity_at: Date;
}

export interface TicketMessageRow {
  id: string;
  uid: string;
  kind: Exclude<TicketMessageKind, 'submission'>;
  author_user_id: string | null;
  author_email: string;
  body: string;
  created_at: Date;
}

const TICKET_COLUMNS = `id, uid, reference, name, email, country_code, phone, issue_type, issue_description, created_at, language, user_id,
  status, closed_at, assignee_user_id, assignee_email, last_activity_at`;

/** One page of the desk's list and the total matching, with the counts per status (all issue types). */
export async function ticketPage(db: Db, query: TicketListQuery, pageSize: number): Promise<{ rows: DeskTicketRow[]; total: number; counts: Record<TicketStatus, number> }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.status !== 'all') where.push(`status = $${params.push(query.status)}`);
  if (query.issueType) where.push(`issue_type = $${params.push(query.issueType)}`);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const order = query.order === 'oldest' ? 'last_activity_at ASC, id ASC' : 'last_activity_at DESC, id DESC';
  const limit = `$${params.push(pageSize)}`;
  const offset = `$${params.push((query.page - 1) * pageSize)}`;
  const { rows } = await db.query<DeskTicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets ${filter} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params);
  const { rows: totals } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets ${filter}`, params.slice(0, -2));
  const { rows: byStatus } = await db.query<{ status: TicketStatus; n: number }>('SELECT status, count(*)::int AS n FROM support_tickets GROUP BY status');
  const counts: Record<TicketStatus, number> = { open: 0, waiting_on_member: 0, closed: 0 };
  for (const row of byStatus) counts[row.status] = row.n;
  return { rows, total: totals[0]?.n ?? 0, counts };
}

/** The ticket with this reference (locked until the transaction ends when `lock`). */
export async function ticketByReference(db: Db, reference: string, lock = false): Promise<DeskTicketRow | undefined> {
  const { rows } = await db.query<DeskTicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets WHERE reference = $1${lock ? ' FOR UPDATE' : ''}`, [reference]);
  return rows[0];
}

/** The tickets a member raised while logged in, newest first. */
export async function ticketsOfUser(db: Db, userId: string): Promise<DeskTicketRow[]> {
  const { rows } = await db.query<DeskTicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
  return rows;
}

/** The conversations of these tickets, oldest first (notes included: callers leave them out for members). */
export async function messagesOfTickets(db: Db, ticketIds: readonly number[]): Promise<Map<number, TicketMessageRow[]>> {
  const byTicket = new Map<number, TicketMessageRow[]>();
  if (ticketIds.length === 0) return byTicket;
  const { rows } = await db.query<TicketMessageRow & { ticket_id: number }>(
    `SELECT id::text AS id, ticket_id, uid, kind, author_user_id, author_email, body, created_at
       FROM ticket_messages WHERE ticket_id = ANY($1::int[]) ORDER BY ticket_id, id`,
    [ticketIds],
  );
  for (const { ticket_id: ticketId, ...message } of rows) {
    const list = byTicket.get(ticketId) ?? [];
    list.push(message);
    byTicket.set(ticketId, list);
  }
  return byTicket;
}

export interface TicketMessageInsert {
  ticketId: number;
  kind: TicketMessageRow['kind'];
  authorUserId: string | null;
  authorEmail: string;
  body: string;
}

/** Adds an entry to a ticket's conversation; a reply (not a note) also moves the ticket's last activity. */
export async function insertTicketMessage(db: Db, message: TicketMessageInsert): Promise<TicketMessageRow> {
  const { rows } = await db.query<TicketMessageRow>(
    `INSERT INTO ticket_messages (ticket_id, kind, author_user_id, author_email, body) VALUES ($1, $2, $3, $4, $5)
     RETURNING id::text AS id, uid, kind, author_user_id, author_email, body, created_at`,
    [message.ticketId, message.kind, message.authorUserId, message.authorEmail, message.body],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  if (message.kind !== 'note') await db.query('UPDATE support_tickets SET last_activity_at = now() WHERE id = $1', [message.ticketId]);
  return row;
}

/** Sets the status (closed_at follows: now when closing, cleared otherwise) and moves the last activity. */
export async function setTicketStatus(db: Db, ticketId: number, status: TicketStatus): Promise<void> {
  await db.query(
    `UPDATE support_tickets SET status = $2, closed_at = CASE WHEN $2 = 'closed' THEN now() END, last_activity_at = now() WHERE id = $1`,
    [ticketId, status],
  );
}

export async function setTicketAssignee(db: Db, ticketId: number, assignee: { userId: string; email: string } | null): Promise<void> {
  await db.query('UPDATE support_tickets SET assignee_user_id = $2, assignee_email = $3 WHERE id = $1', [ticketId, assignee?.userId ?? null, assignee?.email ?? null]);
}

/**
 * The people assigned a ticket that is not closed (each once, with the e-mail of their latest such ticket), by
 * e-mail: they stay on the desk's assignee list even when identity no longer counts them as support staff.
 */
export async function currentAssignees(db: Db): Promise<Array<{ userId: string; email: string }>> {
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `SELECT DISTINCT ON (assignee_user_id) assignee_user_id AS user_id, assignee_email AS email
       FROM support_tickets WHERE assignee_user_id IS NOT NULL AND assignee_email IS NOT NULL AND status <> 'closed'
      ORDER BY assignee_user_id, last_activity_at DESC, id DESC`,
  );
  return rows.map((row) => ({ userId: row.user_id, email: row.email })).sort((a, b) => a.email.localeCompare(b.email));
}

// -------------------------------------------------------------------------------------------------
// Contact messages
// -------------------------------------------------------------------------------------------------

export interface InboxMessageRow {
  id: number;
  name: string;
  sender_email: string;
  phone_number: string;
  subject: string;
  message: string;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
}

const INBOX_COLUMNS = 'id, name, sender_email, phone_number, subject, message, created_at, handled_at, handled_by';

/** One page of the contact inbox, newest first; the total matching and how many are not handled. */
export async function inboxPage(db: Db, handled: 'no' | 'yes' | 'all', page: number, pageSize: number): Promise<{ rows: InboxMessageRow[]; total: number; unhandled: number }> {
  const filter = handled === 'all' ? '' : `WHERE handled_at IS ${handled === 'no' ? '' : 'NOT '}NULL`;
  const { rows } = await db.query<InboxMessageRow>(`SELECT ${INBOX_COLUMNS} FROM contact_messages ${filter} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]);
  const { rows: counts } = await db.query<{ total: number; unhandled: number }>(
    `SELECT (SELECT count(*)::int FROM contact_messages ${filter}) AS total, (SELECT count(*)::int FROM contact_messages WHERE handled_at IS NULL) AS unhandled`,
  );
  return { rows, total: counts[0]?.total ?? 0, unhandled: counts[0]?.unhandled ?? 0 };
}

/** Marks a message handled by `by` now (or not handled: `by` null), with its state before; undefined when there is no such message. */
export async function setMessageHandled(client: PoolClient, id: number, by: string | null): Promise<{ before: InboxMessageRow; after: InboxMessageRow } | undefined> {
  const { rows: [before] } = await client.query<InboxMessageRow>(`SELECT ${INBOX_COLUMNS} FROM contact_messages WHERE id = $1 FOR UPDATE`, [id]);
  if (!before) return undefined;
  const { rows: [after] } = await client.query<InboxMessageRow>(
    `UPDATE contact_messages SET handled_at = CASE WHEN $2::text IS NULL THEN NULL ELSE COALESCE(handled_at, now()) END,
            handled_by = CASE WHEN $2::text IS NULL THEN NULL ELSE COALESCE(handled_by, $2) END
      WHERE id = $1 RETURNING ${INBOX_COLUMNS}`,
    [id, by],
  );
  if (!after) throw new Error('UPDATE … RETURNING gave no row');
  return { before, after };
}
