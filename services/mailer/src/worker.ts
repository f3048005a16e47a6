import { DelayedError, Job, Queue, UnrecoverableError, type Worker } from 'bullmq';
import nodemailer from 'nodemailer';
import { emailJobSchema, emailSentMarkerKey, QUEUES, type EmailJob, type EmailOutcomeJob } from '@tca/contracts';
import {
  closeRedis,
  createLogger,
  createProcessMetrics,
  createRedis,
  metricsListenOptions,
  redisCheck,
  startMetricsServer,
  startQueueWorker,
  withMetricsScope,
  type Logger,
  type ProcessMetrics,
  type QueueWorker,
} from '@tca/service-kit';
import type { MailerConfig } from './config.js';
import { extendedRetryDelay, failedAttemptLine, MAX_JOB_LOG_LINES, type ExtendedRetryPolicy, type FailedAttempt } from './retry-policy.js';

/** What a job's processor returns (kept in Redis with the completed job). */
export interface EmailResult {
  messageId: string;
  /** True when an earlier run had already sent this key (a re-queued or re-run job). */
  duplicate?: boolean;
}

export interface EmailWorker {
  worker: Worker;
  /** http://host:port of the metrics port (GET /metrics, /healthz, /readyz: Redis answers). */
  metricsUrl: string;
  metrics: ProcessMetrics;
  /** Stops taking jobs, waits for those in progress, closes SMTP and Redis connections. Idempotent. */
  close(): Promise<void>;
}

export interface EmailWorkerOptions {
  logger?: Logger;
}

/**
 * What an e-mail job's text becomes once the mail is sent, or has failed for good: the body can hold a
 * secret (a password-reset link is a key to the account), and completed and failed jobs stay in Redis
 * (and on the queue dashboard) for a day or a week. Key, to, subject and reply-to stay, for diagnosis.
 */
export const REMOVED_BODY_TEXT = '(the body of this e-mail was removed from the queue once it was sent or given up)';

/** The job's data without the body (text replaced, html dropped); anything else in it is kept. */
export function withoutBody(data: unknown): Record<string, unknown> {
  const rest: Record<string, unknown> = typeof data === 'object' && data !== null ? { ...(data as Record<string, unknown>) } : {};
  delete rest.html;
  return { ...rest, text: REMOVED_BODY_TEXT };
}

function hasBody(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { text, html } = data as { text?: unknown; html?: unknown };
  return html !== undefined || text !== REMOVED_BODY_TEXT;
}

/** Removes the body from the job's data in Redis (see REMOVED_BODY_TEXT); nothing to do when it is gone already. */
async function removeBody(job: Job): Promise<void> {
  if (!hasBody(job.data)) return;
  await job.updateData(withoutBody(job.data));
}

/** Sent markers live this long: a job re-queued with the same key within this time is not sent again. */
const SENT_MARKER_TTL_S = 7 * 24 * 3600;

/** SMTP replies that will not get better by retrying: bad mailbox, rejected message, policy. Not auth or config. */
function isPermanentSmtpFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { responseCode, code } = err as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') {
    const authOrConfig = [530, 534, 535, 538].includes(responseCode);
    return responseCode >= 500 && responseCode < 600 && !authOrConfig;
  }
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

/** Outcome jobs (`email-outcomes`): retried a while, kept briefly once recorded. */
const OUTCOME_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
} as const;

/** The key of a job's data when it asked for its outcome to be reported (`reportOutcome`), else undefined. */
function reportedKey(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { key, reportOutcome } = data as { key?: unknown; reportOutcome?: unknown };
  return reportOutcome === true && typeof key === 'string' ? key : undefined;
}

function domainOf(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

/**
 * Consumes the `email` queue: validates each job against the contract, sends it through pooled SMTP,
 * and respects a queue-wide send rate. Delivery is at least once; a per-key marker written after a
 * successful send keeps re-runs and re-queued keys from sending twice. Once a mail is sent (or given up)
 * its body is removed from the job (REMOVED_BODY_TEXT). Run as many copies as needed.
 */
export async function startEmailWorker(config: MailerConfig, options: EmailWorkerOptions = {}): Promise<EmailWorker> {
  const logger = options.logger ?? createLogger({ name: 'mailer', level: config.LOG_LEVEL });
  const metrics = createProcessMetrics('mailer');
  // /readyz of the metrics port asks Redis through this client (the mailer has no database).
  const probe = createRedis(config.REDIS_URL, { role: 'producer', logger, connectionName: 'mailer-probe', metrics });
  const closeMetrics = async () => {
    await closeRedis(probe);
    await metrics.close();
  };
  let sending: Omit<EmailWorker, 'metricsUrl' | 'metrics'>;
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>>;
  try {
    metricsServer = await startMetricsServer({ ...metricsListenOptions(config, '127.0.0.1'), registry: metrics.registry, readiness: { redis: redisCheck(probe) }, logger });
  } catch (err) {
    await closeMetrics();
    throw err;
  }
  try {
    // Its Redis clients and queue worker report to these metrics.
    sending = await withMetricsScope(metrics, () => startSending(config, logger));
  } catch (err) {
    await metricsServer.close();
    await closeMetrics();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    worker: sending.worker,
    metricsUrl: metricsServer.url,
    metrics,
    close() {
      closing ??= (async () => {
        await sending.close();
        await metricsServer.close();
        await closeMetrics();
      })();
      return closing;
    },
  };
}

async function startSending(config: MailerConfig, logger: Logger): Promise<Omit<EmailWorker, 'metricsUrl' | 'metrics'>> {
  // For the sent markers; the queue worker has its own connection.
  const redis = createRedis(config.REDIS_URL, { role: 'worker', logger, connectionName: 'mailer-sent-markers' });
  const transport = nodemailer.createTransport(
    {
      url: config.SMTP_URL,
      pool: true,
      maxConnections: config.MAIL_CONCURRENCY,
      maxMessages: 100,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: config.MAIL_FROM },
  );
  const messageDomain = domainOf(config.MAIL_FROM);
  const markerKey = (key: string) => emailSentMarkerKey(config.BULLMQ_PREFIX, key);
  // The producer of outcome reports (jobs that ask for them: announcements). Same key prefix as the e-mail queue.
  const outcomes = new Queue(QUEUES.emailOutcomes, { connection: redis, prefix: config.BULLMQ_PREFIX });
  outcomes.on('error', (err: Error) => logger.debug({ err }, 'email-outcomes queue error'));
  /**
   * Reports what became of a job that asked (reportOutcome), job id `outcome-<key>`. Called after the sent
   * marker is written and again by a re-run that finds it, so the report is at least once.
   */
  async function reportOutcome(key: string | undefined, outcome: EmailOutcomeJob['outcome'], error?: string): Promise<void> {
    if (key === undefined) return;
    const data: EmailOutcomeJob = { key, outcome, ...(error !== undefined ? { error: error.slice(0, 1000) } : {}) };
    await outcomes.add('outcome', data, { ...OUTCOME_JOB_OPTIONS, jobId: `outcome-${key}` });
  }
  const retryPolicy: ExtendedRetryPolicy = { firstDelayMs: config.MAIL_EXTENDED_RETRY_MIN_MS, maxDelayMs: config.MAIL_RETRY_MAX_DELAY_MS };

  /**
   * Adds the line of a failed try to the job's log (the dashboard shows it; see retry-policy.ts). A job
   * already removed gets none (BullMQ's addLog checks); a log that cannot be written does not fail the job.
   */
  async function logFailedAttempt(job: Job, failed: FailedAttempt): Promise<void> {
    if (job.id === undefined) return;
    try {
      await Job.addJobLog(queueWorker.worker, job.id, failedAttemptLine(failed), job.opts.keepLogs ?? MAX_JOB_LOG_LINES);
    } catch (err) {
      logger.warn({ err, jobId: job.id }, 'could not add to the job log');
    }
  }

  async function processEmail(mail: EmailJob, job: Job, token?: string): Promise<EmailResult> {
    const messageId = `<${mail.key}@${messageDomain}>`;
    const already = await redis.get(markerKey(mail.key));
    if (already !== null) {
      logger.info({ jobId: job.id, key: mail.key }, 'already sent; not sending again');
      await reportOutcome(reportedKey(mail), 'delivered');
      await removeBody(job);
      return { messageId: already, duplicate: true };
    }
    if (mail.text === REMOVED_BODY_TEXT) {
      // Sent before (its marker has expired) or given up: the body is gone, never send the placeholder.
      throw new UnrecoverableError('the body of this e-mail was removed after it was sent or given up; not sending it');
    }
    try {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html !== undefined ? { html: mail.html } : {}),
        ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
        // RFC 8058 List-Unsubscribe and List-Unsubscribe-Post (bulk mail only; the contract allows no other header).
        ...(mail.headers !== undefined ? { headers: mail.headers } : {}),
        // Stable per key, so a receiving system can drop a duplicate of an at-least-once delivery.
        messageId,
      });
    } catch (err) {
      if (isPermanentSmtpFailure(err)) {
        await reportOutcome(reportedKey(mail), 'failed', `SMTP refused the message: ${(err as Error).message}`);
        await removeBody(job);
        throw new UnrecoverableError(`SMTP refused the message: ${(err as Error).message}`);
      }
      const attempts = job.opts.attempts ?? 1;
      const lastAttempt = job.attemptsMade + 1 >= attempts;
      const age = Date.now() - job.timestamp;
      if (lastAttempt && token !== undefined && age < config.MAIL_GIVE_UP_AFTER_MS) {
        // Out of regular attempts while SMTP is unreachable: wait and try again rather than lose the mail.
        // moveToDelayed does not count an attempt (BullMQ's attemptsMade stays), so the job log records each try.
        const retry = Math.max(1, job.attemptsStarted - attempts + 1);
        const delay = extendedRetryDelay(retry, retryPolicy);
        logger.warn({ err, jobId: job.id, key: mail.key, attempt: job.attemptsStarted, retryInMs: delay }, 'SMTP unavailable; retrying later');
        const retryUntil = new Date(job.timestamp + config.MAIL_GIVE_UP_AFTER_MS);
        await logFailedAttempt(job, { attempt: job.attemptsStarted, attempts, reason: (err as Error).message, nextDelayMs: delay, retryUntil });
        await job.moveToDelayed(Date.now() + delay, token);
        throw new DelayedError();
      }
      if (lastAttempt) await removeBody(job);
      throw err;
    }
    await redis.set(markerKey(mail.key), messageId, 'EX', SENT_MARKER_TTL_S);
    // After the marker: a failure here retries the job, which finds the marker and reports then.
    await reportOutcome(reportedKey(mail), 'delivered');
    // Before the job completes: a failure here retries the job, which finds the marker and removes it then.
    await removeBody(job);
    logger.info({ jobId: job.id, key: mail.key, attempt: job.attemptsMade + 1 }, 'email sent');
    return { messageId };
  }

  let queueWorker: QueueWorker<EmailResult>;
  try {
    queueWorker = await startQueueWorker({
      queue: QUEUES.email,
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      schema: emailJobSchema,
      process: processEmail,
      logger,
      concurrency: config.MAIL_CONCURRENCY,
      ...(config.SMTP_RATE_PER_SECOND > 0 ? { limiter: { max: config.SMTP_RATE_PER_SECOND, duration: 1000 } } : {}),
      lockDurationMs: config.MAIL_LOCK_DURATION_MS,
      stalledIntervalMs: config.MAIL_STALLED_INTERVAL_MS,
      connectionName: 'mailer',
    });
  } catch (err) {
    transport.close();
    await outcomes.close();
    await closeRedis(redis);
    throw err;
  }
  queueWorker.worker.on('failed', (job, err) => {
    if (!job) return;
    const willRetry = !(err instanceof UnrecoverableError) && job.attemptsMade < (job.opts.attempts ?? 1);
    // BullMQ has counted the attempt and, when it delays the retry (the producer's backoff), set job.delay
    // before this event; without a backoff it retries at once (job.delay is then what the job was added with).
    const nextDelayMs = job.opts.backoff === undefined ? 0 : job.delay;
    void logFailedAttempt(job, { attempt: job.attemptsStarted, attempts: job.opts.attempts ?? 1, reason: err.message, ...(willRetry ? { nextDelayMs } : {}) });
    // Jobs that fail for good outside the SMTP exchange (an invalid payload, stalled too often) lose their body too.
    if (willRetry) return;
    // Given up (SMTP refusals reported already: the same job id adds nothing).
    reportOutcome(reportedKey(job.data), 'failed', err.message).catch((reportErr: unknown) => logger.warn({ err: reportErr, jobId: job.id }, 'could not report a failed e-mail'));
    removeBody(job).catch((removeErr: unknown) => {
      // Gone already (removeOnFail): nothing left to clean.
      if (!/Missing key/i.test(String(removeErr))) logger.warn({ err: removeErr, jobId: job.id }, 'could not remove the body of a failed e-mail job');
    });
  });
  logger.info({ ratePerSecond: config.SMTP_RATE_PER_SECOND }, 'email worker started');

  let closing: Promise<void> | undefined;
  return {
    worker: queueWorker.worker,
    close() {
      closing ??= (async () => {
        await queueWorker.close();
        await outcomes.close();
        transport.close();
        await closeRedis(redis);
      })();
      return closing;
    },
  };
}
