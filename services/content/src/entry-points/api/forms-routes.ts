import { Router } from 'express';
import { contactMessageSchema, supportTicketSchema, type ContactAnswer, type MyContactMessage, type MySupportTicket, type TicketAnswer } from '@tca/contracts';
import { formRateLimit, parseBody, requestLang } from '@tca/service-kit';
import type { ContentDeps } from './api-deps.js';
import { brandFor } from '../../domain/forms/form-emails.js';
import { createMemberLookup } from './member-lookup.js';
import { listContactMessagesOf, listSupportTicketsOf, saveContactMessage, saveSupportTicket } from '../../domain/forms/form-submissions.js';

/** Redis key prefixes of the forms' per-address counters. */
export const RATE_LIMIT_PREFIXES = { contact: 'rl:content:contact:', ticket: 'rl:content:ticket:' } as const;

/**
 * POST /email/send and /supportdesk/add (spec §7). Each is limited per address, validates with the
 * schema the page uses (the honeypot field included: filled in → 400, nothing stored), stores the
 * message or ticket and its jobs in one transaction (transactional outbox), and answers 201 at once;
 * the e-mails go out through the queues, also when Redis comes back later. Sent with a member's Bearer
 * session, the message or ticket records the member's user id (asked of identity, time-boxed; never a
 * reason to refuse the form).
 *
 * Beyond the spec, GET /email/mine and /supportdesk/mine (Bearer): what the session's member sent,
 * newest first, for "Download my data".
 */
export function createFormsRouter(deps: ContentDeps): Router {
  const { config, pool, relay, redis, logger } = deps;
  const router = Router();
  const brand = brandFor(config.PUBLIC_URL);
  const limits = { windowMs: config.RATE_LIMIT_WINDOW_MS, redis, logger };
  const members = createMemberLookup({ identityUrl: config.IDENTITY_URL, timeoutMs: config.IDENTITY_TIMEOUT_MS });

  router.post(
    '/email/send',
    formRateLimit({ ...limits, limit: config.CONTACT_RATE_LIMIT, prefix: RATE_LIMIT_PREFIXES.contact }),
    async (req, res) => {
      const input = parseBody(contactMessageSchema, req.body);
      const userId = await members.senderOf(req);
      const stored = await saveContactMessage(pool, input, { inbox: config.CONTACT_INBOX, brand }, userId, requestLang(req.get('accept-language'), req.query.lang));
      relay.nudge();
      req.log.info({ contactMessageId: stored.id, linked: userId !== null }, 'contact message stored');
      const answer: ContactAnswer = { message: 'Message Sent', id: String(stored.id) };
      res.status(201).json(answer);
    },
  );

  router.post(
    '/supportdesk/add',
    formRateLimit({ ...limits, limit: config.TICKET_RATE_LIMIT, prefix: RATE_LIMIT_PREFIXES.ticket }),
    async (req, res) => {
      const input = parseBody(supportTicketSchema, req.body);
      const userId = await members.senderOf(req);
      const ticket = await saveSupportTicket(pool, input, userId, requestLang(req.get('accept-language'), req.query.lang));
      relay.nudge();
      req.log.info({ ticketId: ticket.id, reference: ticket.reference, linked: userId !== null }, 'support ticket stored');
      const answer: TicketAnswer = { message: 'Ticket submitted successfully!', reference: ticket.reference };
      res.status(201).json(answer);
    },
  );

  router.get('/email/mine', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const answer: MyContactMessage[] = await listContactMessagesOf(pool, await members.memberOf(req, res));
    res.json(answer);
  });

  router.get('/supportdesk/mine', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const answer: MySupportTicket[] = await listSupportTicketsOf(pool, await members.memberOf(req, res));
    res.json(answer);
  });

  return router;
}
