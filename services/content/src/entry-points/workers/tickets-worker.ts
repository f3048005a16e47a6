import { UnrecoverableError } from 'bullmq';
import { QUEUES, supportTicketJobSchema, type SupportTicketJob } from '@tca/contracts';
import {
  addToOutbox,
  createLogger,
  createPool,
  runMigrations,
  startOutboxRelay,
  startQueueWorker,
  withTransaction,
  type EmailBrand,
  type Logger,
  type OutboxRelay,
  type Pool,
  type QueueWorker,
} from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, type ContentConfig } from '../../config.js';
import { brandFor, ticketAlertEmail, ticketConfirmationEmail } from '../../domain/forms/form-emails.js';
import { purgeExpiredSubmissions } from '../../domain/forms/purge-expired-submissions.js';
import { lockTicket } from '../../domain/forms/form-submissions.js';

export const TICKETS_WORKER_NAME = 'tickets-worker';

export interface TicketMailSettings {
  supportInbox: string;
  brand: EmailBrand;
}

export interface TicketJobResult {
  reference: string;
  /** Keys of the e-mails this run queued; empty when an earlier run already had (the job ran twice). */
  queued: string[];
}

/**
 * One `support-tickets` job: in one transaction, with the ticket's row locked, records the confirmation
 * to the submitter and the alert to the support inbox in the outbox (keys `ticket-<uid>-confirmation` and
 * `-alert`, unique there), and marks the ticket notified. A second run of the same job, even a concurrent
 * one, finds both keys recorded and queues nothing: each e-mail is sent once.
 */
export async function processTicketJob(pool: Pool, relay: OutboxRelay | undefined, job: SupportTicketJob, mail: TicketMailSettings): Promise<TicketJobResult> {
  const result = await withTransaction(pool, async (client) => {
    const ticket = await lockTicket(client, job.ticketUid);
    if (!ticket) throw new UnrecoverableError(`support ticket ${job.reference} (${job.ticketUid}) does not exist`);
    const queued: string[] = [];
    for (const [name, email] of [
      ['ticket-confirmation', ticketConfirmationEmail(ticket, mail.supportInbox, mail.brand)],
      ['ticket-alert', ticketAlertEmail(ticket, mail.supportInbox, mail.brand)],
    ] as const) {
      if (await addToOutbox(client, { queue: QUEUES.email, name, jobId: email.key, payload: email })) queued.push(email.key);
    }
    await client.query('UPDATE support_tickets SET notified_at = now() WHERE id = $1 AND notified_at IS NULL', [ticket.id]);
    return { reference: ticket.reference, queued };
  });
  if (result.queued.length > 0) relay?.nudge();
  return result;
}

export interface TicketsWorkerOptions {
  logger?: Logger;
  /** BullMQ key prefix (default `bull`, as the API's outbox relay uses). */
  prefix?: string;
}

export interface TicketsWorker {
  queueWorker: QueueWorker<TicketJobResult>;
  relay: OutboxRelay;
  pool: Pool;
  /** Stops taking jobs, waits for those in progress, stops the relay, closes Redis and Postgres. Idempotent. */
  close(): Promise<void>;
}

/**
 * The tickets worker process: consumes `support-tickets` and relays the e-mails it records to the
 * mailer's `email` queue. Any number may run (jobs are shared out by Redis; the outbox relays lock rows).
 * It migrates the content schema first (an advisory lock makes it wait for the API doing the same), so it
 * does not depend on start order.
 */
export async function startTicketsWorker(config: ContentConfig, options: TicketsWorkerOptions = {}): Promise<TicketsWorker> {
  const logger = options.logger ?? createLogger({ name: TICKETS_WORKER_NAME, level: config.LOG_LEVEL });
  const pool = createPool({ connectionString: config.DATABASE_URL, schema: SCHEMA, applicationName: `content-${TICKETS_WORKER_NAME}`, logger });
  const closers: Array<() => Promise<void>> = [() => pool.end()];
  const closeAll = async () => {
    for (const close of closers) await close().catch((err: unknown) => logger.error({ err }, 'shutdown step failed'));
  };
  try {
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR, logger });
    const relay = startOutboxRelay({ pool, schema: SCHEMA, redisUrl: config.REDIS_URL, logger, ...(options.prefix ? { prefix: options.prefix } : {}) });
    closers.unshift(() => relay.stop());
    const mail: TicketMailSettings = { supportInbox: config.SUPPORT_INBOX, brand: brandFor(config.PUBLIC_URL) };
    const queueWorker = await startQueueWorker({
      queue: QUEUES.supportTickets,
      redisUrl: config.REDIS_URL,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      schema: supportTicketJobSchema,
      concurrency: config.TICKETS_WORKER_CONCURRENCY,
      logger,
      connectionName: `content-${TICKETS_WORKER_NAME}`,
      async process(job, bullJob) {
        const result = await processTicketJob(pool, relay, job, mail);
        logger.info({ jobId: bullJob.id, reference: result.reference, queued: result.queued.length }, result.queued.length > 0 ? 'ticket e-mails queued' : 'ticket e-mails were already queued');
        return result;
      },
    });
    closers.unshift(() => queueWorker.close());
    // Retention (privacy policy): at start, then every RETENTION_SWEEP_INTERVAL_MS. Failures are logged and retried next time.
    const sweep = () => {
      purgeExpiredSubmissions(pool, config.SUBMISSION_RETENTION_DAYS)
        .then((purged) => {
          if (purged.messages + purged.tickets + purged.outbox > 0) logger.info(purged, 'deleted expired contact messages and tickets');
        })
        .catch((err: unknown) => logger.error({ err }, 'retention sweep failed'));
    };
    sweep();
    const sweepTimer = setInterval(sweep, config.RETENTION_SWEEP_INTERVAL_MS);
    sweepTimer.unref();
    closers.unshift(async () => clearInterval(sweepTimer));
    let closing: Promise<void> | undefined;
    return {
      queueWorker,
      relay,
      pool,
      close() {
        closing ??= closeAll();
        return closing;
      },
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
