import { UnrecoverableError } from 'bullmq';
import { QUEUES, supportTicketJobSchema, type SupportTicketJob } from '@tca/contracts';
import { startQueueWorker, startServiceWorker, type Logger, type OutboxRelay, type Pool, type QueueWorker } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, type ContentConfig } from '../../config.js';
import { brandFor } from '../../domain/forms/form-emails.js';
import { purgeExpiredSubmissions } from '../../domain/forms/purge-expired-submissions.js';
import { queueTicketEmails, UnknownTicketError, type QueuedTicketEmails, type TicketMailSettings } from '../../domain/forms/queue-ticket-emails.js';

export const TICKETS_WORKER_NAME = 'tickets-worker';

/** `queued`: keys of the e-mails this run queued; empty when an earlier run already had (the job ran twice). */
export type TicketJobResult = QueuedTicketEmails;

/**
 * One `support-tickets` job: queues the ticket's confirmation and alert e-mails once (queueTicketEmails),
 * then nudges the outbox relay when this run queued them. A job naming no stored ticket fails for good.
 */
export async function processTicketJob(pool: Pool, relay: OutboxRelay | undefined, job: SupportTicketJob, mail: TicketMailSettings): Promise<TicketJobResult> {
  let result: TicketJobResult;
  try {
    result = await queueTicketEmails(pool, job, mail);
  } catch (err) {
    if (err instanceof UnknownTicketError) throw new UnrecoverableError(err.message);
    throw err;
  }
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
export function startTicketsWorker(config: ContentConfig, options: TicketsWorkerOptions = {}): Promise<TicketsWorker> {
  const base = { service: 'content', name: TICKETS_WORKER_NAME, databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, logLevel: config.LOG_LEVEL, metricsEnv: config };
  return startServiceWorker({ ...base, schema: SCHEMA, migrationsDir: MIGRATIONS_DIR, logger: options.logger, prefix: options.prefix }, async ({ logger, pool, relay, connectionName, onClose }) => {
    const mail: TicketMailSettings = { supportInbox: config.SUPPORT_INBOX, brand: brandFor(config.PUBLIC_URL) };
    const queueWorker = await startQueueWorker({
      queue: QUEUES.supportTickets,
      redisUrl: config.REDIS_URL,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      schema: supportTicketJobSchema,
      concurrency: config.TICKETS_WORKER_CONCURRENCY,
      logger,
      connectionName,
      async process(job, bullJob) {
        const result = await processTicketJob(pool, relay, job, mail);
        logger.info({ jobId: bullJob.id, reference: result.reference, queued: result.queued.length }, result.queued.length > 0 ? 'ticket e-mails queued' : 'ticket e-mails were already queued');
        return result;
      },
    });
    onClose(() => queueWorker.close());
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
    onClose(async () => clearInterval(sweepTimer));
    return { queueWorker, relay, pool };
  });
}
