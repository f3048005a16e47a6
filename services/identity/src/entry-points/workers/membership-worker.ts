import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { QUEUES } from '@tca/contracts';
import { closeRedis, createRedis, startQueueWorker, startServiceWorker, type Logger, type OutboxRelay, type Pool, type QueueWorker } from '@tca/service-kit';
import { z } from 'zod';
import { brandFor } from '../../domain/account-emails.js';
import { MIGRATIONS_DIR, SCHEMA, type IdentityConfig } from '../../config.js';
import { MEMBERSHIP_TIME_ZONE } from '../../domain/membership-records.js';
import { startAnnouncementDispatch } from './announcement-dispatch.js';
import { startAnnouncementSettle } from './announcement-settle.js';
import { sendRenewalReminders, type ReminderSettings, type SentReminder } from '../../domain/renewal-reminders.js';

export const MEMBERSHIP_WORKER_NAME = 'membership-worker';
/** The job scheduler's id: every worker upserts the same one, so there is one schedule however many run. */
export const RENEWAL_SCHEDULER_ID = 'membership-renewal-reminders-daily';
export const RENEWAL_JOB_NAME = 'renewal-reminders';
/** Every day at 9:00 in Adelaide. */
export const RENEWAL_SCHEDULE = { pattern: '0 9 * * *', tz: MEMBERSHIP_TIME_ZONE } as const;

/** Renewal jobs carry nothing: each run looks at the memberships as they are. */
const renewalJobSchema = z.object({}).loose();

export interface MembershipWorkerOptions {
  logger?: Logger;
  /** BullMQ key prefix (default `bull`, as the APIs' outbox relays use). */
  prefix?: string;
}

export interface MembershipWorker {
  queueWorker: QueueWorker<SentReminder[]>;
  /** The producer side of `membership-renewals` (holds the scheduler). */
  queue: Queue;
  relay: OutboxRelay;
  pool: Pool;
  /** Stops taking jobs, waits for those in progress, stops the relay, closes Redis and Postgres. Idempotent. */
  close(): Promise<void>;
}

/**
 * The membership worker process: a BullMQ job scheduler on `membership-renewals` (daily at 9:00 Adelaide,
 * plus one run at start) whose jobs send the renewal reminders due (sendRenewalReminders: each exactly
 * once), and an outbox relay for the e-mails they record. Any number may run: they share one schedule,
 * Redis hands each job to one of them, and the reminder rows make overlapping runs harmless.
 */
export function startMembershipWorker(config: IdentityConfig, options: MembershipWorkerOptions = {}): Promise<MembershipWorker> {
  const prefix = options.prefix ? { prefix: options.prefix } : {};
  const base = { service: 'identity', name: MEMBERSHIP_WORKER_NAME, databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, logLevel: config.LOG_LEVEL, metricsEnv: config };
  return startServiceWorker({ ...base, schema: SCHEMA, migrationsDir: MIGRATIONS_DIR, logger: options.logger, prefix: options.prefix }, async ({ logger, pool, relay, connectionName, onClose }) => {
    const settings: ReminderSettings = { brand: brandFor(config.PUBLIC_URL), publicUrl: config.PUBLIC_URL };
    const queueWorker = await startQueueWorker({
      queue: QUEUES.membershipRenewals,
      redisUrl: config.REDIS_URL,
      ...prefix,
      schema: renewalJobSchema,
      concurrency: 1,
      logger,
      connectionName,
      async process(_data, job) {
        const sent = await sendRenewalReminders(pool, settings);
        if (sent.length > 0) relay.nudge();
        logger.info({ jobId: job.id, sent: sent.length, reminders: sent.map((r) => `${r.requestId}/${r.thresholdDays}d`) }, 'renewal reminders checked');
        return sent;
      },
    });
    onClose(() => queueWorker.close());
    const announcements = await startAnnouncementDispatch({ config, pool, relay, logger, prefix: options.prefix, connectionName });
    onClose(() => announcements.close());
    const settle = startAnnouncementSettle({ pool, logger, redisUrl: config.REDIS_URL, prefix: options.prefix, connectionName, settleAfterMinutes: config.ANNOUNCEMENT_SETTLE_AFTER_MINUTES });
    onClose(() => settle.close());
    const connection = createRedis(config.REDIS_URL, { role: 'worker', logger, connectionName: `${connectionName}-scheduler` });
    const queue = new Queue(QUEUES.membershipRenewals, { connection, ...prefix });
    queue.on('error', (err: Error) => logger.warn({ err }, 'membership-renewals queue error'));
    onClose(async () => {
      await queue.close();
      await closeRedis(connection);
    });
    const jobOptions = { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } };
    await queue.upsertJobScheduler(RENEWAL_SCHEDULER_ID, { ...RENEWAL_SCHEDULE }, { name: RENEWAL_JOB_NAME, data: {}, opts: jobOptions });
    await queue.add(RENEWAL_JOB_NAME, {}, { ...jobOptions, jobId: `renewal-reminders-start-${randomUUID()}` });
    logger.info({ schedule: RENEWAL_SCHEDULE }, 'renewal reminders scheduled');
    return { queueWorker, queue, relay, pool };
  });
}
