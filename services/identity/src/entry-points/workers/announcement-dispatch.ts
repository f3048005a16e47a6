import { emailOutcomeJobSchema, QUEUES } from '@tca/contracts';
import { startQueueWorker, type Logger, type OutboxRelay, type Pool } from '@tca/service-kit';
import { brandFor } from '../../domain/account-emails.js';
import { dispatchAnnouncementMails, recordEmailOutcome, type AnnouncementMailSettings } from '../../domain/announcements.js';
import type { IdentityConfig } from '../../config.js';

export interface AnnouncementDispatchOptions {
  config: Pick<IdentityConfig, 'PUBLIC_URL' | 'REDIS_URL' | 'ANNOUNCEMENT_RATE_PER_MINUTE'>;
  pool: Pool;
  relay: OutboxRelay;
  logger: Logger;
  prefix?: string | undefined;
  connectionName: string;
  /** How often the dispatcher looks for due recipients (default 1 s; slower when the rate is under one a second). */
  tickMs?: number;
}

export interface AnnouncementDispatch {
  close(): Promise<void>;
}

/**
 * The announcements' side of the membership worker (issue 15):
 * - the dispatcher: every tick it turns as many due recipients into e-mails in the outbox as the rate
 *   allows (ANNOUNCEMENT_RATE_PER_MINUTE, a token bucket holding at most one tick's worth), and nudges the
 *   relay. Pacing at the source keeps the e-mail queue free for receipts and resets meanwhile (the mailer
 *   sends in queue order), and a stop or crash loses nothing: the rows wait in PostgreSQL.
 * - the outcome consumer: the mailer's `email-outcomes` jobs mark each recipient delivered or failed (once).
 */
export async function startAnnouncementDispatch(options: AnnouncementDispatchOptions): Promise<AnnouncementDispatch> {
  const { config, pool, relay, logger } = options;
  const settings: AnnouncementMailSettings = { brand: brandFor(config.PUBLIC_URL), publicUrl: config.PUBLIC_URL };
  const rate = config.ANNOUNCEMENT_RATE_PER_MINUTE;
  const tickMs = options.tickMs ?? (rate > 0 && rate < 60 ? Math.ceil(60_000 / rate) : 1000);
  const perTick = (rate * tickMs) / 60_000;
  let credit = 0;
  let running: Promise<void> | undefined;

  async function tick(): Promise<void> {
    credit = Math.min(credit + perTick, Math.max(1, perTick));
    const allowed = Math.floor(credit);
    if (allowed < 1) return;
    const handled = await dispatchAnnouncementMails(pool, settings, allowed);
    credit -= handled;
    if (handled > 0) {
      relay.nudge();
      logger.debug({ handled }, 'announcement e-mails queued');
    }
  }

  const timer =
    rate > 0
      ? setInterval(() => {
          running ??= tick()
            .catch((err: unknown) => logger.warn({ err }, 'announcement dispatch failed; trying again'))
            .finally(() => {
              running = undefined;
            });
        }, tickMs)
      : undefined;
  timer?.unref();

  const outcomes = await startQueueWorker({
    queue: QUEUES.emailOutcomes,
    redisUrl: config.REDIS_URL,
    ...(options.prefix ? { prefix: options.prefix } : {}),
    schema: emailOutcomeJobSchema,
    concurrency: 5,
    logger,
    connectionName: `${options.connectionName}-email-outcomes`,
    async process(outcome) {
      return { recorded: await recordEmailOutcome(pool, outcome) };
    },
  });
  logger.info({ ratePerMinute: rate, tickMs }, 'announcement dispatch started');

  return {
    async close() {
      if (timer) clearInterval(timer);
      await running;
      await outcomes.close();
    },
  };
}
