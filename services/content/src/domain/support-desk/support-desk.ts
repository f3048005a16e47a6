import {
  CONTACT_MESSAGES_PAGE_SIZE,
  QUEUES,
  reopenDeadline,
  TICKETS_PAGE_SIZE,
  type Assignee,
  type ContactInboxAnswer,
  type ContactInboxMessage,
  type ContactInboxQuery,
  type MyTicket,
  type StaffPerson,
  type StaffTicket,
  type SupportAuditAction,
  type TicketListAnswer,
  type TicketListQuery,
  type TicketMessage,
  type TicketStatus,
  type TicketSummary,
} from '@tca/contracts';
import { addToOutbox, withTransaction, type EmailBrand, type Pool, type PoolClient } from '@tca/service-kit';
import { insertAudit } from '../../data-access/staff-posts-repository.js';
import {
  currentAssignees,
  inboxPage,
  insertTicketMessage,
  messagesOfTickets,
  setMessageHandled,
  setTicketAssignee,
  setTicketStatus,
  ticketByReference,
  ticketPage,
  ticketsOfUser,
  type DeskTicketRow,
  type InboxMessageRow,
  type TicketMessageRow,
} from '../../data-access/support-desk-repository.js';
import { ticketFromRow } from '../../data-access/support-ticket-repository.js';
import { ticketMemberReplyAlertEmail, ticketReplyEmail } from '../forms/form-emails.js';
import { quote, type Actor } from '../staff-posts/staff-posts.js';

/**
 * The support desk (issue 15). Staff (support or owner) list and read tickets, reply (the submitter is e-mailed
 * through the outbox, the ticket waits on the member), write internal notes (never shown to members), assign,
 * close and reopen; members answer their own tickets while they are not closed (the ticket is Open again and
 * the support inbox is alerted) and reopen them within TICKET_REOPEN_DAYS of closing. Every change locks the
 * ticket's row; every staff change writes content's audit log in the same transaction.
 */

export class TicketNotFoundError extends Error {
  override readonly name = 'TicketNotFoundError';
}

/** The change does not fit the ticket's status (`reason` says which rule). */
export class TicketStateError extends Error {
  override readonly name = 'TicketStateError';
  constructor(readonly reason: 'closed' | 'already_closed' | 'not_closed' | 'reopen_too_late') {
    super(reason);
  }
}

/** The assignee is not someone who works the desk. */
export class UnknownAssigneeError extends Error {
  override readonly name = 'UnknownAssigneeError';
}

export class ContactMessageNotFoundError extends Error {
  override readonly name = 'ContactMessageNotFoundError';
}

export interface SupportMailSettings {
  supportInbox: string;
  brand: EmailBrand;
}

/** A member of the association answering their own ticket. */
export interface Member {
  userId: string;
  email: string;
}

function summaryOf(row: DeskTicketRow): TicketSummary {
  return {
    reference: row.reference,
    issueType: row.issue_type,
    status: row.status,
    name: row.name,
    email: row.email,
    createdAt: row.created_at.toISOString(),
    lastActivityAt: row.last_activity_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    assignee: row.assignee_user_id !== null && row.assignee_email !== null ? { userId: row.assignee_user_id, email: row.assignee_email } : null,
    hasAccount: row.user_id !== null,
  };
}

/** The conversation: the submitter's description first, then the entries; a member's view has no notes and no staff e-mails. */
function conversationOf(row: DeskTicketRow, messages: readonly TicketMessageRow[], view: 'staff' | 'member'): TicketMessage[] {
  const first: TicketMessage = { id: `ticket-${row.id}`, kind: 'submission', authorEmail: row.email, body: row.issue_description, createdAt: row.created_at.toISOString() };
  const entries = messages
    .filter((message) => view === 'staff' || message.kind !== 'note')
    .map((message): TicketMessage => ({
      id: message.id,
      kind: message.kind,
      authorEmail: view === 'member' && message.kind === 'staff_reply' ? null : message.author_email,
      body: message.body,
      createdAt: message.created_at.toISOString(),
    }));
  return [first, ...entries];
}

function staffTicketOf(row: DeskTicketRow, messages: readonly TicketMessageRow[]): StaffTicket {
  return { ...summaryOf(row), countryCode: row.country_code, phone: row.phone, language: ticketFromRow(row).language, messages: conversationOf(row, messages, 'staff') };
}

function myTicketOf(row: DeskTicketRow, messages: readonly TicketMessageRow[]): MyTicket {
  return {
    reference: row.reference,
    issueType: row.issue_type,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    reopenUntil: row.closed_at ? reopenDeadline(row.closed_at).toISOString() : null,
    messages: conversationOf(row, messages, 'member'),
  };
}

function inboxMessageOf(row: InboxMessageRow): ContactInboxMessage {
  return {
    id: String(row.id),
    name: row.name,
    email: row.sender_email,
    phone: row.phone_number,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at.toISOString(),
    handledAt: row.handled_at?.toISOString() ?? null,
    handledBy: row.handled_by,
  };
}

async function audit(client: PoolClient, actor: Actor, action: SupportAuditAction, target: string, summary: string): Promise<void> {
  await insertAudit(client, { actorUserId: actor.userId, actorEmail: actor.email, action, target, summary, ip: actor.ip });
}

async function ticketMessages(db: Pool | PoolClient, row: DeskTicketRow): Promise<TicketMessageRow[]> {
  return (await messagesOfTickets(db, [row.id])).get(row.id) ?? [];
}

export class SupportDesk {
  constructor(
    private readonly pool: Pool,
    private readonly mail: SupportMailSettings,
  ) {}

  async list(query: TicketListQuery): Promise<TicketListAnswer> {
    const { rows, total, counts } = await ticketPage(this.pool, query, TICKETS_PAGE_SIZE);
    return { tickets: rows.map(summaryOf), total, page: query.page, pageSize: TICKETS_PAGE_SIZE, counts };
  }

  async get(reference: string): Promise<StaffTicket | undefined> {
    const row = await ticketByReference(this.pool, reference);
    return row ? staffTicketOf(row, await ticketMessages(this.pool, row)) : undefined;
  }

  /**
   * The people a ticket may be assigned to: `deskStaff` (who works the desk as identity says now: support staff
   * and owners, asked by the caller) and whoever is assigned a ticket that is not closed, each once, by e-mail.
   */
  async assignees(deskStaff: readonly Assignee[], db: Pool | PoolClient = this.pool): Promise<Assignee[]> {
    const people = new Map<string, Assignee>(deskStaff.map((person) => [person.userId, person]));
    for (const person of await currentAssignees(db)) if (!people.has(person.userId)) people.set(person.userId, person);
    return [...people.values()].sort((a, b) => a.email.localeCompare(b.email));
  }

  /** The desk's reply: stored, e-mailed to the submitter (outbox, the reference in the subject); the ticket then waits on the member. */
  reply(reference: string, body: string, actor: Actor): Promise<StaffTicket> {
    return this.change(reference, async (client, row) => {
      if (row.status === 'closed') throw new TicketStateError('closed');
      const message = await insertTicketMessage(client, { ticketId: row.id, kind: 'staff_reply', authorUserId: actor.userId, authorEmail: actor.email, body });
      const email = ticketReplyEmail(ticketFromRow(row), { uid: message.uid, body, createdAt: message.created_at }, row.user_id !== null, this.mail.supportInbox, this.mail.brand);
      await addToOutbox(client, { queue: QUEUES.email, name: 'ticket-reply', jobId: email.key, payload: email });
      if (row.status !== 'waiting_on_member') await setTicketStatus(client, row.id, 'waiting_on_member');
      await audit(client, actor, 'ticket_replied', `ticket:${row.reference}`, `reply of ${body.length} characters e-mailed to the submitter; status ${row.status} -> waiting_on_member`);
    });
  }

  /** An internal note: staff only, no e-mail, the status stays. */
  note(reference: string, body: string, actor: Actor): Promise<StaffTicket> {
    return this.change(reference, async (client, row) => {
      await insertTicketMessage(client, { ticketId: row.id, kind: 'note', authorUserId: actor.userId, authorEmail: actor.email, body });
      await audit(client, actor, 'ticket_note_added', `ticket:${row.reference}`, `note of ${body.length} characters`);
    });
  }

  /**
   * Assigns the ticket to one of `assignees(deskStaff)` (or keeps its current assignee), or to nobody; anyone
   * else is an UnknownAssigneeError.
   */
  assign(reference: string, assignee: StaffPerson | null, actor: Actor, deskStaff: readonly Assignee[]): Promise<StaffTicket> {
    return this.change(reference, async (client, row) => {
      if (assignee !== null) {
        const same = (person: StaffPerson) => person.userId === assignee.userId && person.email === assignee.email;
        const unchanged = row.assignee_user_id !== null && row.assignee_email !== null && same({ userId: row.assignee_user_id, email: row.assignee_email });
        if (!unchanged && !(await this.assignees(deskStaff, client)).some(same)) throw new UnknownAssigneeError(assignee.email);
      }
      await setTicketAssignee(client, row.id, assignee);
      await audit(client, actor, 'ticket_assigned', `ticket:${row.reference}`, `assignee ${row.assignee_email ?? 'nobody'} -> ${assignee?.email ?? 'nobody'}`);
    });
  }

  close(reference: string, actor: Actor): Promise<StaffTicket> {
    return this.change(reference, async (client, row) => {
      if (row.status === 'closed') throw new TicketStateError('already_closed');
      await setTicketStatus(client, row.id, 'closed');
      await audit(client, actor, 'ticket_closed', `ticket:${row.reference}`, `status ${row.status} -> closed`);
    });
  }

  reopen(reference: string, actor: Actor): Promise<StaffTicket> {
    return this.change(reference, async (client, row) => {
      if (row.status !== 'closed') throw new TicketStateError('not_closed');
      await setTicketStatus(client, row.id, 'open');
      await audit(client, actor, 'ticket_reopened', `ticket:${row.reference}`, 'status closed -> open');
    });
  }

  /** The member's tickets (raised while logged in), newest first, without internal notes. */
  async ticketsOf(userId: string): Promise<MyTicket[]> {
    const rows = await ticketsOfUser(this.pool, userId);
    const messages = await messagesOfTickets(this.pool, rows.map((row) => row.id));
    return rows.map((row) => myTicketOf(row, messages.get(row.id) ?? []));
  }

  /** The member answers their ticket (not while closed): Open again, the support inbox alerted. */
  memberReply(reference: string, body: string, member: Member): Promise<MyTicket> {
    return this.memberChange(reference, member, async (client, row) => {
      if (row.status === 'closed') throw new TicketStateError('closed');
      const message = await insertTicketMessage(client, { ticketId: row.id, kind: 'member_reply', authorUserId: member.userId, authorEmail: member.email, body });
      const email = ticketMemberReplyAlertEmail(ticketFromRow(row), { uid: message.uid, body, createdAt: message.created_at }, this.mail.supportInbox, this.mail.brand);
      await addToOutbox(client, { queue: QUEUES.email, name: 'ticket-member-reply', jobId: email.key, payload: email });
      if (row.status !== 'open') await setTicketStatus(client, row.id, 'open');
    });
  }

  /** The member reopens their closed ticket, up to TICKET_REOPEN_DAYS after it was closed. */
  memberReopen(reference: string, member: Member, now = new Date()): Promise<MyTicket> {
    return this.memberChange(reference, member, async (client, row) => {
      if (row.status !== 'closed' || !row.closed_at) throw new TicketStateError('not_closed');
      if (now.getTime() > reopenDeadline(row.closed_at).getTime()) throw new TicketStateError('reopen_too_late');
      await setTicketStatus(client, row.id, 'open');
    });
  }

  async inbox(query: ContactInboxQuery): Promise<ContactInboxAnswer> {
    const { rows, total, unhandled } = await inboxPage(this.pool, query.handled, query.page, CONTACT_MESSAGES_PAGE_SIZE);
    return { messages: rows.map(inboxMessageOf), total, page: query.page, pageSize: CONTACT_MESSAGES_PAGE_SIZE, unhandled };
  }

  /** Marks a contact message handled by the actor (kept as first marked when it already is), or not handled. */
  markHandled(id: number, handled: boolean, actor: Actor): Promise<ContactInboxMessage> {
    return withTransaction(this.pool, async (client) => {
      const changed = await setMessageHandled(client, id, handled ? actor.email : null);
      if (!changed) throw new ContactMessageNotFoundError(String(id));
      const { before, after } = changed;
      if ((before.handled_at !== null) !== handled) {
        await audit(client, actor, handled ? 'contact_message_handled' : 'contact_message_unhandled', `contact_message:${id}`, `${quote(before.subject)} from ${before.sender_email}`);
      }
      return inboxMessageOf(after);
    });
  }

  /** Runs a staff change on the locked ticket, then answers the ticket as it is after. */
  private change(reference: string, work: (client: PoolClient, row: DeskTicketRow) => Promise<void>): Promise<StaffTicket> {
    return withTransaction(this.pool, async (client) => {
      const row = await ticketByReference(client, reference, true);
      if (!row) throw new TicketNotFoundError(reference);
      await work(client, row);
      const after = await ticketByReference(client, reference);
      if (!after) throw new TicketNotFoundError(reference);
      return staffTicketOf(after, await ticketMessages(client, after));
    });
  }

  /** Runs a member's change on their own locked ticket (someone else's is not found), then answers it. */
  private memberChange(reference: string, member: Member, work: (client: PoolClient, row: DeskTicketRow) => Promise<void>): Promise<MyTicket> {
    return withTransaction(this.pool, async (client) => {
      const row = await ticketByReference(client, reference, true);
      if (!row || row.user_id !== member.userId) throw new TicketNotFoundError(reference);
      await work(client, row);
      const after = await ticketByReference(client, reference);
      if (!after) throw new TicketNotFoundError(reference);
      return myTicketOf(after, await ticketMessages(client, after));
    });
  }
}

export type { TicketStatus };
