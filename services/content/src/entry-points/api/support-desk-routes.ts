import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  assignTicketRequestSchema,
  CONTACT_MESSAGE_NOT_FOUND_MESSAGE,
  CONTACT_MESSAGES_API_PATH,
  contactInboxQuerySchema,
  isTicketReference,
  MY_TICKET_REPLY_SENT_MESSAGE,
  MY_TICKETS_API_PATH,
  SUPPORT_API_PREFIX,
  SUPPORT_ASSIGNEES_API_PATH,
  SUPPORT_STAFF_UNAVAILABLE_MESSAGE,
  SUPPORT_TICKETS_API_PATH,
  TICKET_ALREADY_CLOSED_MESSAGE,
  TICKET_ASSIGNED_MESSAGE,
  TICKET_ASSIGNEE_UNKNOWN_MESSAGE,
  TICKET_CLOSED_DONE_MESSAGE,
  TICKET_CLOSED_MESSAGE,
  TICKET_NOT_CLOSED_MESSAGE,
  TICKET_NOT_FOUND_MESSAGE,
  TICKET_NOTE_ADDED_MESSAGE,
  TICKET_REOPEN_TOO_LATE_MESSAGE,
  TICKET_REOPENED_MESSAGE,
  TICKET_REPLY_SENT_MESSAGE,
  ticketListQuerySchema,
  ticketMessageRequestSchema,
  type Assignee,
  type AssigneesAnswer,
  type ContactMessageAnswer,
  type MyTicketAnswer,
  type MyTicketsAnswer,
  type StaffTicketAnswer,
} from '@tca/contracts';
import { actorOf, ConflictError, createIdentityClient, createStaffGuard, NotFoundError, parseBody, ServiceUnavailableError, UnauthorizedError, ValidationError, type IdentityClient } from '@tca/service-kit';
import { brandFor } from '../../domain/forms/form-emails.js';
import { ContactMessageNotFoundError, SupportDesk, TicketNotFoundError, TicketStateError, UnknownAssigneeError } from '../../domain/support-desk/support-desk.js';
import type { ContentDeps } from './api-deps.js';
import { createMemberLookup } from './member-lookup.js';
import { parseQuery } from './staff-http.js';

const STATE_MESSAGES: Readonly<Record<TicketStateError['reason'], string>> = {
  closed: TICKET_CLOSED_MESSAGE,
  already_closed: TICKET_ALREADY_CLOSED_MESSAGE,
  not_closed: TICKET_NOT_CLOSED_MESSAGE,
  reopen_too_late: TICKET_REOPEN_TOO_LATE_MESSAGE,
};

function referenceOf(req: Request): string {
  const reference = String(req.params.reference ?? '');
  if (!isTicketReference(reference)) throw new NotFoundError(TICKET_NOT_FOUND_MESSAGE);
  return reference;
}

/** A contact message's id from the path: a positive 32-bit integer, else 404. */
function messageIdOf(req: Request): number {
  const raw = String(req.params.id ?? '');
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw new NotFoundError(CONTACT_MESSAGE_NOT_FOUND_MESSAGE);
  return id;
}

/** Runs a desk change; the domain's refusals become 404, 409 (with the rule's message) or 400. */
async function answerChange<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (err instanceof TicketNotFoundError) throw new NotFoundError(TICKET_NOT_FOUND_MESSAGE);
    if (err instanceof ContactMessageNotFoundError) throw new NotFoundError(CONTACT_MESSAGE_NOT_FOUND_MESSAGE);
    if (err instanceof TicketStateError) throw new ConflictError(STATE_MESSAGES[err.reason], err.reason === 'reopen_too_late' ? 'reopen_too_late' : 'ticket_state');
    if (err instanceof UnknownAssigneeError) throw new ValidationError({ assignee: TICKET_ASSIGNEE_UNKNOWN_MESSAGE }, TICKET_ASSIGNEE_UNKNOWN_MESSAGE);
    throw err;
  }
}

/**
 * Who works the desk now, as identity says (its support staff and owners), asked with the caller's own session:
 * 401 when identity no longer takes it, 503 (Retry-After) while identity cannot say.
 */
async function deskStaffOf(identity: IdentityClient, req: Request, res: Response): Promise<Assignee[]> {
  const found = await identity.colleagues(req.headers.authorization, 'support');
  if (found.kind === 'colleagues') return found.colleagues.map(({ userId, email, displayName }) => ({ userId, email, ...(displayName !== undefined ? { displayName } : {}) }));
  if (found.kind === 'none') {
    res.setHeader('WWW-Authenticate', 'Bearer');
    throw new UnauthorizedError('Please log in to the staff area.');
  }
  req.log.warn({ reason: found.reason }, 'identity is unavailable; cannot list the support staff');
  res.setHeader('Retry-After', '5');
  throw new ServiceUnavailableError(SUPPORT_STAFF_UNAVAILABLE_MESSAGE, 'identity_unavailable');
}

/**
 * The support desk (issue 15). Staff, under /staff-api/content/support (support role or owner, second factor
 * done): tickets (list, one with its conversation, reply, note, assign, close, reopen), the people a ticket
 * may be assigned to (identity's support staff and owners, asked with the caller's session, and the current assignees), and the contact inbox (list, mark handled, unmark). Members (Bearer session), under
 * /supportdesk/mine/tickets: their tickets with the conversation (no notes), reply, reopen. Every answer
 * `Cache-Control: no-store`.
 */
export function createSupportDeskRouter(deps: ContentDeps): Router {
  const { config, pool, relay } = deps;
  const router = Router();
  const desk = new SupportDesk(pool, { supportInbox: config.SUPPORT_INBOX, brand: brandFor(config.PUBLIC_URL) });
  const support = createStaffGuard({ identityUrl: config.IDENTITY_URL, timeoutMs: config.IDENTITY_TIMEOUT_MS })(['support']);
  const members = createMemberLookup({ identityUrl: config.IDENTITY_URL, timeoutMs: config.IDENTITY_TIMEOUT_MS });
  const identity = createIdentityClient({ baseUrl: config.IDENTITY_URL, timeoutMs: config.IDENTITY_TIMEOUT_MS });
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  router.use(SUPPORT_API_PREFIX, noStore);
  router.use(MY_TICKETS_API_PATH, noStore);

  const ticketAnswer = (ticket: StaffTicketAnswer['ticket'], message?: string): StaffTicketAnswer => ({ ticket, ...(message !== undefined ? { message } : {}) });

  router.get(SUPPORT_TICKETS_API_PATH, support, async (req, res) => {
    res.json(await desk.list(parseQuery(ticketListQuerySchema, req.query)));
  });

  router.get(`${SUPPORT_TICKETS_API_PATH}/:reference`, support, async (req, res) => {
    const ticket = await desk.get(referenceOf(req));
    if (!ticket) throw new NotFoundError(TICKET_NOT_FOUND_MESSAGE);
    res.json(ticketAnswer(ticket));
  });

  router.post(`${SUPPORT_TICKETS_API_PATH}/:reference/replies`, support, async (req, res) => {
    const reference = referenceOf(req);
    const { body } = parseBody(ticketMessageRequestSchema, req.body);
    const ticket = await answerChange(() => desk.reply(reference, body, actorOf(req)));
    relay.nudge();
    res.status(201).json(ticketAnswer(ticket, TICKET_REPLY_SENT_MESSAGE));
  });

  router.post(`${SUPPORT_TICKETS_API_PATH}/:reference/notes`, support, async (req, res) => {
    const reference = referenceOf(req);
    const { body } = parseBody(ticketMessageRequestSchema, req.body);
    res.status(201).json(ticketAnswer(await answerChange(() => desk.note(reference, body, actorOf(req))), TICKET_NOTE_ADDED_MESSAGE));
  });

  router.put(`${SUPPORT_TICKETS_API_PATH}/:reference/assignee`, support, async (req, res) => {
    const reference = referenceOf(req);
    const { assignee } = parseBody(assignTicketRequestSchema, req.body);
    // Nobody needs no list: unassigning works while identity cannot say who works the desk.
    const deskStaff = assignee === null ? [] : await deskStaffOf(identity, req, res);
    res.json(ticketAnswer(await answerChange(() => desk.assign(reference, assignee, actorOf(req), deskStaff)), TICKET_ASSIGNED_MESSAGE));
  });

  router.post(`${SUPPORT_TICKETS_API_PATH}/:reference/close`, support, async (req, res) => {
    const reference = referenceOf(req);
    res.json(ticketAnswer(await answerChange(() => desk.close(reference, actorOf(req))), TICKET_CLOSED_DONE_MESSAGE));
  });

  router.post(`${SUPPORT_TICKETS_API_PATH}/:reference/reopen`, support, async (req, res) => {
    const reference = referenceOf(req);
    res.json(ticketAnswer(await answerChange(() => desk.reopen(reference, actorOf(req))), TICKET_REOPENED_MESSAGE));
  });

  router.get(SUPPORT_ASSIGNEES_API_PATH, support, async (req, res) => {
    const answer: AssigneesAnswer = { assignees: await desk.assignees(await deskStaffOf(identity, req, res)) };
    res.json(answer);
  });

  router.get(CONTACT_MESSAGES_API_PATH, support, async (req, res) => {
    res.json(await desk.inbox(parseQuery(contactInboxQuerySchema, req.query)));
  });

  for (const [method, handled] of [['put', true], ['delete', false]] as const) {
    router[method](`${CONTACT_MESSAGES_API_PATH}/:id/handled`, support, async (req, res) => {
      const id = messageIdOf(req);
      const answer: ContactMessageAnswer = { message: await answerChange(() => desk.markHandled(id, handled, actorOf(req))) };
      res.json(answer);
    });
  }

  router.get(MY_TICKETS_API_PATH, async (req, res) => {
    const { userId } = await members.accountOf(req, res);
    const answer: MyTicketsAnswer = { tickets: await desk.ticketsOf(userId) };
    res.json(answer);
  });

  router.post(`${MY_TICKETS_API_PATH}/:reference/replies`, async (req, res) => {
    const member = await members.accountOf(req, res);
    const reference = referenceOf(req);
    const { body } = parseBody(ticketMessageRequestSchema, req.body);
    const answer: MyTicketAnswer = { ticket: await answerChange(() => desk.memberReply(reference, body, member)), message: MY_TICKET_REPLY_SENT_MESSAGE };
    relay.nudge();
    res.status(201).json(answer);
  });

  router.post(`${MY_TICKETS_API_PATH}/:reference/reopen`, async (req, res) => {
    const member = await members.accountOf(req, res);
    const reference = referenceOf(req);
    const answer: MyTicketAnswer = { ticket: await answerChange(() => desk.memberReopen(reference, member)), message: TICKET_REOPENED_MESSAGE };
    res.json(answer);
  });

  return router;
}
