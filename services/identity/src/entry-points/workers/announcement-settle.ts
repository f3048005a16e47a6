import { Queue } from 'bullmq';
import { emailSentMarkerKey, QUEUES } from '@tca/contracts';
import { closeRedis, createRedis, withTimeout, type Logger, type Pool, type Redis } from '@tca/service-kit';
import { settleUnreportedRecipients, type EmailJobFate, type EmailJobFateReader } from '../../domain/announcements.js';
import { runPeriodically } from './periodic.js';

/** The failure recorded for a recipient whose e-mail job is gone from the queue with no sign it was sent. */
export const OUTCOME_LOST_REASON = 'outcome lost: the e-mail job is gone from the queue and the mailer recorded no sending';
/** The sweep runs every ANNOUNCEMENT_SETTLE_AFTER_MINUTES, but at least this often. */
export const SETTLE_SWEEP_MAX_INTERVAL_MS = 5 * 60_000;
/** One look-up in Redis may take this long (the sweep holds its rows' locks meanwhile); then the pass fails and the next tries again. */
const LOOKUP_TIMEOUT_MS = 5_000;

const PENDING: EmailJobFate = { state: 'pending' };
const DELIVERED: EmailJobFate = { state: 'delivered' };

/**
 * An e-mail job's fate from the `email` queue (key = job id):
 * - completed → delivered (the mailer completes a job only once SMTP took the message, or found it sent before);
 * - failed → failed with the job's failedReason (in BullMQ a job is `failed` only when it will not be retried:
 *   attempts used up, or refused for good; the mailer's retries wait as `delayed`);
 * - waiting, delayed, prioritized, active → pending (a mailer that died mid-job leaves it `active` until a
 *   mailer's stalled-job check hands it on);
 * - gone (removed after it ran: removeOnComplete/removeOnFail) once the outbox relay has settled its row →
 *   delivered when the mailer's sent marker (7 days) is there, else failed (OUTCOME_LOST_REASON); gone while
 *   not settled → pending (Redis may have lost it; the relay then queues it again).
 */
export function emailJobFateReader(queue: Queue, redis: Redis, prefix: string): EmailJobFateReader {
  return async (key, outboxStage) => {
    const state = await withTimeout(queue.getJobState(key), LOOKUP_TIMEOUT_MS, 'e-mail job state');
    if (state === 'completed') return DELIVERED;
    if (state === 'failed') {
      const job = await withTimeout(queue.getJob(key), LOOKUP_TIMEOUT_MS, 'failed e-mail job');
      return { state: 'failed', reason: job?.failedReason || 'not delivered' };
    }
    if (state !== 'unknown' || outboxStage !== 'settled') return PENDING;
    const sent = await withTimeout(redis.exists(emailSentMarkerKey(prefix, key)), LOOKUP_TIMEOUT_MS, 'sent marker');
    return sent === 1 ? DELIVERED : { state: 'failed', reason: OUTCOME_LOST_REASON };
  };
}

export interface AnnouncementSettleOptions {
  pool: Pool;
  logger: Logger;
  redisUrl: string;
  /** BullMQ key prefix of the e-mail queue (default `bull`, as the mailer's BULLMQ_PREFIX). */
  prefix?: string | undefined;
  connectionName: string;
  /** ANNOUNCEMENT_SETTLE_AFTER_MINUTES: a recipient queued this long after its e-mail was put in the outbox is looked up; 0 = no sweep. */
  settleAfterMinutes: number;
  /** How often the sweep runs (default: every settleAfterMinutes, at most SETTLE_SWEEP_MAX_INTERVAL_MS apart). */
  intervalMs?: number;
}

export interface AnnouncementSettle {
  /** Stops the sweep (waiting for a pass in progress) and closes its Redis connection. */
  close(): Promise<void>;
}

/**
 * The membership worker's sweep of announcement recipients whose outcome never came (see
 * settleUnreportedRecipients): now, then on its interval, logging what it settled.
 */
export function startAnnouncementSettle(options: AnnouncementSettleOptions): AnnouncementSettle {
  const { pool, settleAfterMinutes } = options;
  if (settleAfterMinutes === 0) return { close: () => Promise.resolve() };
  const log = options.logger.child({ component: 'announcement-settle' });
  const prefix = options.prefix ?? 'bull';
  const connection = createRedis(options.redisUrl, { role: 'worker', logger: log, connectionName: `${options.connectionName}-announcement-settle` });
  const queue = new Queue(QUEUES.email, { connection, prefix });
  queue.on('error', (err: Error) => log.debug({ err }, 'email queue error (announcement settle)'));
  const fateOf = emailJobFateReader(queue, connection, prefix);
  const periodic = runPeriodically({
    intervalMs: options.intervalMs ?? Math.min(settleAfterMinutes * 60_000, SETTLE_SWEEP_MAX_INTERVAL_MS),
    logger: log,
    what: 'announcement settle sweep',
    async pass() {
      const settled = await settleUnreportedRecipients(pool, fateOf, { olderThanMinutes: settleAfterMinutes });
      if (settled.delivered + settled.failed > 0) log.warn({ ...settled, settleAfterMinutes }, 'settled announcement recipients whose outcome was never reported');
      else if (settled.pending > 0) log.debug(settled, 'announcement recipients still waiting for their e-mail job');
    },
  });
  return {
    async close() {
      await periodic.stop();
      await queue.close();
      await closeRedis(connection);
    },
  };
}
