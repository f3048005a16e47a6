import { z } from 'zod';
import { TICKET_REFERENCE_PATTERN } from './content.js';

/** BullMQ queue names. No ':' (BullMQ uses it as its key separator). */
export const QUEUES = {
  email: 'email',
  supportTickets: 'support-tickets',
  paymentFulfilment: 'payment-fulfilment',
  membershipRenewals: 'membership-renewals',
  /** What became of an e-mail job that asked for it (`reportOutcome`): the mailer reports, the producer's worker records it (issue 15, announcements). */
  emailOutcomes: 'email-outcomes',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const emailJobSchema = z
  .object({
    /** Stable id of what caused the mail (e.g. `contact-42`): the job id, so a relay never sends twice. */
    key: z.string().min(1).regex(/^[^:]+$/, 'no ":" in job keys'),
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string().min(1),
    html: z.string().optional(),
    replyTo: z.string().email().optional(),
    /**
     * RFC 8058 one-click unsubscribe (bulk mail only: announcements); no other header may be set. The
     * mailer passes them to nodemailer as they are. Transactional mail carries none.
     */
    headers: z
      .object({
        // RFC 8058 wants HTTPS (PUBLIC_URL is https in production); http is accepted for a local site.
        'List-Unsubscribe': z.string().regex(/^<https?:\/\/[^<>\s]+>(, *<mailto:[^<>\s]+>)?$/, 'List-Unsubscribe must be <https://…> (optionally followed by , <mailto:…>)'),
        'List-Unsubscribe-Post': z.literal('List-Unsubscribe=One-Click'),
      })
      .strict()
      .optional(),
    /** When true, the mailer adds an `email-outcomes` job (emailOutcomeJobSchema) once the mail is sent or given up. */
    reportOutcome: z.literal(true).optional(),
  })
  .strict();
export type EmailJob = z.infer<typeof emailJobSchema>;

/**
 * An `email-outcomes` job: what became of the e-mail job `key` (sent, or given up with the reason). Job id
 * `outcome-<key>`; reported at least once (again when a re-run finds the mail sent already), so whoever
 * records it must do so idempotently.
 */
export const emailOutcomeJobSchema = z
  .object({
    key: emailJobSchema.shape.key,
    outcome: z.enum(['delivered', 'failed']),
    error: z.string().max(1000).optional(),
  })
  .strict();
export type EmailOutcomeJob = z.infer<typeof emailOutcomeJobSchema>;

/**
 * The mailer's "sent" marker of an e-mail key (a Redis string holding the Message-ID, kept 7 days): written
 * once the message is handed to SMTP, so a re-run or re-queued job never sends it twice. Identity's
 * announcement sweep reads it to tell a sent e-mail from a lost one when the job itself is gone.
 */
export function emailSentMarkerKey(bullmqPrefix: string, key: string): string {
  return `${bullmqPrefix}:mailer:sent:${key}`;
}

/**
 * A `support-tickets` job: a ticket was stored (its row is the source of truth; the worker reads it).
 * Job id `ticket-<ticketUid>`, so a relay that sends the row again does not queue it twice, and a new
 * database with an old Redis never meets an old job id.
 */
export const supportTicketJobSchema = z
  .object({
    /** The ticket row's random uid. */
    ticketUid: z.uuid(),
    /** The ticket's human reference (`TCA-2026-000123`), for logs and queue dashboards. */
    reference: z.string().regex(TICKET_REFERENCE_PATTERN, 'a ticket reference like TCA-2026-000123'),
  })
  .strict();
export type SupportTicketJob = z.infer<typeof supportTicketJobSchema>;

/** The Stripe events the payments service acts on (Checkout Sessions only). */
export const PAYMENT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/**
 * A `payment-fulfilment` job: a verified Stripe webhook event was stored (once per event id). Job id
 * `stripe-<eventId>`, so a re-delivered event is never queued twice. The worker does not trust the event's
 * copy of the session: it retrieves the session from Stripe and acts on its current state, so duplicate
 * and out-of-order deliveries change nothing twice.
 */
export const paymentFulfilmentJobSchema = z
  .object({
    eventId: z.string().regex(/^evt_[A-Za-z0-9_]{1,250}$/, 'a Stripe event id (evt_…)'),
    type: z.enum(PAYMENT_EVENT_TYPES),
    /** The Checkout Session the event is about (cs_…). */
    sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'a Checkout Session id (cs_…)'),
  })
  .strict();
export type PaymentFulfilmentJob = z.infer<typeof paymentFulfilmentJobSchema>;
