import { z } from 'zod';
import { ISSUE_TYPES, TICKET_REFERENCE_PATTERN, type IssueType } from './content.js';
import { textField } from './text-field.js';

/**
 * The support desk (issue 15): support tickets with a conversation and a status, and the contact messages'
 * inbox. Staff (support role, or owner) call the content service under SUPPORT_API_PREFIX; a logged-in
 * member reads and answers their own tickets under MY_TICKETS_API_PATH. Visitors who raised a ticket
 * without an account get the desk's replies by e-mail only.
 */

export const SUPPORT_API_PREFIX = '/staff-api/content/support';
export const SUPPORT_TICKETS_API_PATH = `${SUPPORT_API_PREFIX}/tickets`;
export const SUPPORT_ASSIGNEES_API_PATH = `${SUPPORT_API_PREFIX}/assignees`;
export const CONTACT_MESSAGES_API_PATH = `${SUPPORT_API_PREFIX}/contact-messages`;
/** GET: the member's tickets with their conversations; POST …/:reference/replies and …/:reference/reopen. */
export const MY_TICKETS_API_PATH = '/supportdesk/mine/tickets';

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

export const TICKET_STATUSES = ['open', 'waiting_on_member', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = { open: 'Open', waiting_on_member: 'Waiting on member', closed: 'Closed' };

/** A member may reopen a closed ticket for this many days after it was closed (then: a new ticket). */
export const TICKET_REOPEN_DAYS = 14;
export const TICKET_MESSAGE_MAX = 5_000;
export const TICKETS_PAGE_SIZE = 25;
export const CONTACT_MESSAGES_PAGE_SIZE = 25;

/** Who wrote an entry of a conversation; `submission` is the ticket's own description (the first entry). */
export const TICKET_MESSAGE_KINDS = ['submission', 'staff_reply', 'member_reply', 'note'] as const;
export type TicketMessageKind = (typeof TICKET_MESSAGE_KINDS)[number];

export const TICKET_MESSAGE_REQUIRED = 'Write a message first';
export const TICKET_NOT_FOUND_MESSAGE = 'There is no such ticket.';
export const TICKET_CLOSED_MESSAGE = 'This ticket is closed. Reopen it to reply.';
export const TICKET_ALREADY_CLOSED_MESSAGE = 'This ticket is already closed.';
export const TICKET_NOT_CLOSED_MESSAGE = 'This ticket is not closed.';
export const TICKET_REOPEN_TOO_LATE_MESSAGE = `This ticket was closed more than ${TICKET_REOPEN_DAYS} days ago. Please raise a new ticket.`;
export const TICKET_ASSIGNEE_UNKNOWN_MESSAGE = 'Choose someone from the list of people who work the support desk.';
/** The desk cannot ask identity who works the desk (503): assigning and the picker wait for it. */
export const SUPPORT_STAFF_UNAVAILABLE_MESSAGE = 'We cannot load the list of support staff right now. Please try again shortly.';
export const CONTACT_MESSAGE_NOT_FOUND_MESSAGE = 'There is no such message.';

export const TICKET_REPLY_SENT_MESSAGE = 'Reply sent. The member is e-mailed.';
export const TICKET_NOTE_ADDED_MESSAGE = 'Note added (staff only).';
export const TICKET_ASSIGNED_MESSAGE = 'Assignee saved.';
export const TICKET_CLOSED_DONE_MESSAGE = 'Ticket closed.';
export const TICKET_REOPENED_MESSAGE = 'Ticket reopened.';
export const MY_TICKET_REPLY_SENT_MESSAGE = 'Your reply is sent. The support team will get back to you.';

/** A message body (reply, note): required, at most TICKET_MESSAGE_MAX characters. */
const messageBody = textField('Message').trim().min(1, TICKET_MESSAGE_REQUIRED).max(TICKET_MESSAGE_MAX, `Message must be at most ${TICKET_MESSAGE_MAX} characters`);

export function isTicketReference(value: string): boolean {
  return TICKET_REFERENCE_PATTERN.test(value);
}

/** The staff page of one ticket (paths.staffTicket with its reference). */
export function staffTicketPath(reference: string): string {
  return `/staff/support/${encodeURIComponent(reference)}`;
}

/** The last day (instant) a ticket closed at `closedAt` may be reopened by its member. */
export function reopenDeadline(closedAt: Date): Date {
  return new Date(closedAt.getTime() + TICKET_REOPEN_DAYS * 24 * 60 * 60 * 1000);
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const issueTypeValues = ISSUE_TYPES.map((t) => t.value) as [IssueType, ...IssueType[]];
const pageSchema = z.coerce.number('Page must be a whole number from 1').int('Page must be a whole number from 1').min(1, 'Page must be a whole number from 1').max(10_000, 'Page must be at most 10000').default(1);

/**
 * GET /staff-api/content/support/tickets?status=&issueType=&order=&page=: `status` one status or `all`
 * (default open); `order` `activity` (newest activity first, the default) or `oldest` (oldest first: the
 * queue to work through).
 */
export const ticketListQuerySchema = z
  .object({
    status: z.enum([...TICKET_STATUSES, 'all'], `Status must be one of ${TICKET_STATUSES.join(', ')}, all`).default('open'),
    issueType: z.enum(issueTypeValues, `Issue type must be one of ${issueTypeValues.join(', ')}`).optional(),
    order: z.enum(['activity', 'oldest'], 'Order must be activity or oldest').default('activity'),
    page: pageSchema,
  })
  .strict();
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** POST …/tickets/:reference/replies and …/notes (staff), POST /supportdesk/mine/tickets/:reference/replies (member). */
export const ticketMessageRequestSchema = z.object({ body: messageBody }).strict();
export type TicketMessageRequest = z.infer<typeof ticketMessageRequestSchema>;

export const staffPersonSchema = z.object({
  userId: textField('Assignee').min(1, TICKET_ASSIGNEE_UNKNOWN_MESSAGE).max(200, TICKET_ASSIGNEE_UNKNOWN_MESSAGE),
  email: z.email(TICKET_ASSIGNEE_UNKNOWN_MESSAGE).max(320, TICKET_ASSIGNEE_UNKNOWN_MESSAGE),
});
export type StaffPerson = z.infer<typeof staffPersonSchema>;

/** PUT …/tickets/:reference/assignee: one of GET …/assignees, or null (nobody). */
export const assignTicketRequestSchema = z.object({ assignee: staffPersonSchema.strict().nullable() }).strict();
export type AssignTicketRequest = z.infer<typeof assignTicketRequestSchema>;

/** GET …/contact-messages?handled=no|yes|all&page= (default: not handled yet). */
export const contactInboxQuerySchema = z
  .object({
    handled: z.enum(['no', 'yes', 'all'], 'Handled must be no, yes or all').default('no'),
    page: pageSchema,
  })
  .strict();
export type ContactInboxQuery = z.infer<typeof contactInboxQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const ticketMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(TICKET_MESSAGE_KINDS),
  /** Staff see who wrote it; a member's answer names staff as the support team (null). */
  authorEmail: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  reference: z.string(),
  issueType: z.string(),
  status: z.enum(TICKET_STATUSES),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  closedAt: z.string().nullable(),
  assignee: staffPersonSchema.nullable(),
  /** Raised by a logged-in member (they can answer from their profile); false: e-mail only. */
  hasAccount: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const staffTicketSchema = ticketSummarySchema.extend({
  countryCode: z.string(),
  phone: z.string(),
  /** The language of the page it was raised from: the desk's replies are e-mailed in it (issue 17). */
  language: z.enum(['en', 'ta']),
  messages: z.array(ticketMessageSchema),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const ticketListAnswerSchema = z.object({
  tickets: z.array(ticketSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Tickets per status (all issue types), for the tabs. */
  counts: z.object({ open: z.number().int(), waiting_on_member: z.number().int(), closed: z.number().int() }),
});
export type TicketListAnswer = z.infer<typeof ticketListAnswerSchema>;

export const staffTicketAnswerSchema = z.object({ ticket: staffTicketSchema, message: z.string().optional() });
export type StaffTicketAnswer = z.infer<typeof staffTicketAnswerSchema>;

/** Someone a ticket may be assigned to; `displayName` (their name, when identity knows it) is for the picker only. */
export const assigneeSchema = staffPersonSchema.extend({ displayName: z.string().optional() });
export type Assignee = z.infer<typeof assigneeSchema>;

/**
 * GET …/assignees: the staff who work the desk (support or owner, as identity says now) and whoever is assigned
 * a ticket at the moment (so the current assignee still shows), by e-mail.
 */
export const assigneesAnswerSchema = z.object({ assignees: z.array(assigneeSchema) });
export type AssigneesAnswer = z.infer<typeof assigneesAnswerSchema>;

export const contactInboxMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type ContactInboxMessage = z.infer<typeof contactInboxMessageSchema>;

export const contactInboxAnswerSchema = z.object({
  messages: z.array(contactInboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unhandled: z.number().int(),
});
export type ContactInboxAnswer = z.infer<typeof contactInboxAnswerSchema>;

export const contactMessageAnswerSchema = z.object({ message: contactInboxMessageSchema });
export type ContactMessageAnswer = z.infer<typeof contactMessageAnswerSchema>;

/** A member's own ticket: no internal notes, staff named only as the support team. */
export const myTicketSchema = z.object({
  reference: z.string(),
  issueType: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Until when Reopen is offered (closed tickets only). */
  reopenUntil: z.string().nullable(),
  messages: z.array(ticketMessageSchema),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

export const myTicketsAnswerSchema = z.object({ tickets: z.array(myTicketSchema) });
export type MyTicketsAnswer = z.infer<typeof myTicketsAnswerSchema>;
export const myTicketAnswerSchema = z.object({ ticket: myTicketSchema, message: z.string().optional() });
export type MyTicketAnswer = z.infer<typeof myTicketAnswerSchema>;

/** What the support desk writes to content's audit log. */
export const SUPPORT_AUDIT_ACTIONS = [
  'ticket_replied', 'ticket_note_added', 'ticket_assigned', 'ticket_closed', 'ticket_reopened',
  'contact_message_handled', 'contact_message_unhandled',
] as const;
export type SupportAuditAction = (typeof SUPPORT_AUDIT_ACTIONS)[number];
