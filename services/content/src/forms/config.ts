import { intVar } from '@tca/service-kit';
import { z } from 'zod';

/**
 * The forms' environment (contact messages, support tickets, the tickets worker), spread into the content
 * service's schema in ../config.ts. Defaults suit one machine; inboxes use the reserved `.example` domain
 * until the association's real addresses are configured.
 */
export const formsEnvFields = {
  /** Where contact messages are delivered (Reply-To is the sender). */
  CONTACT_INBOX: z.email('must be an e-mail address').default('contact@adelaide-tamil.example'),
  /** Where new support tickets are announced (Reply-To is the submitter). */
  SUPPORT_INBOX: z.email('must be an e-mail address').default('support@adelaide-tamil.example'),
  /** Contact messages one address may send per window; 0 = no limit. */
  CONTACT_RATE_LIMIT: intVar(5),
  /** Support tickets one address may submit per window; 0 = no limit. */
  TICKET_RATE_LIMIT: intVar(5),
  /** The rate limits' window, in milliseconds. */
  RATE_LIMIT_WINDOW_MS: intVar(15 * 60 * 1000).pipe(z.number().min(1000, 'must be at least 1000')),
  /** Tickets one tickets-worker process handles at once. */
  TICKETS_WORKER_CONCURRENCY: intVar(5).pipe(z.number().min(1, 'must be at least 1')),
  /** Contact messages and tickets are deleted this many days after they were sent (privacy policy: 2 years). */
  SUBMISSION_RETENTION_DAYS: intVar(730).pipe(z.number().min(1, 'must be at least 1')),
  /** How often a tickets worker deletes expired messages and tickets. */
  RETENTION_SWEEP_INTERVAL_MS: intVar(6 * 60 * 60 * 1000).pipe(z.number().min(1000, 'must be at least 1000')),
};
