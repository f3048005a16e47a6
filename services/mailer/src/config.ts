import { z } from 'zod';
import { intVar, loadConfig, serviceEnvSchema } from '@tca/service-kit';

const positiveInt = (defaultValue: number) => intVar(defaultValue).pipe(z.number().min(1, 'must be at least 1'));

/**
 * The SMTP port of the local mail sinks (MailDev, as docker-compose.yml's `mail` runs it, Mailpit,
 * MailHog): mail sent there reaches a web inbox anyone with the port can read, never its addressee.
 */
export const MAIL_SINK_SMTP_PORT = '1025';

/** Whether an SMTP URL reaches a local mail sink rather than a real server. */
function isMailSink(smtpUrl: string): boolean {
  return new URL(smtpUrl).port === MAIL_SINK_SMTP_PORT;
}

/**
 * Environment of the e-mail worker. It has no HTTP port and no database, so it takes only REDIS_URL,
 * LOG_LEVEL and the metrics port's METRICS_PORT and METRICS_HOST (unset: 127.0.0.1) from the shared service schema.
 */
export const mailerEnvSchema = serviceEnvSchema.pick({ REDIS_URL: true, LOG_LEVEL: true, METRICS_PORT: true, METRICS_HOST: true }).extend({
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (options as query, e.g. ?ignoreTLS=true)' })
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().trim().min(3).default('Adelaide Tamil Association <no-reply@localhost>'),
  /** Jobs one worker process sends at once (also its pooled SMTP connections). */
  MAIL_CONCURRENCY: positiveInt(5),
  /** Messages per second across all workers (BullMQ's global limiter); 0 = no limit. */
  SMTP_RATE_PER_SECOND: intVar(10),
  /** BullMQ key prefix: must match the producers'. Tests use a unique one. */
  BULLMQ_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.-]+$/, 'letters, digits, _ . - only')
    .default('bull'),
  /**
   * A job's lock lasts this long and is renewed while the job runs; a worker that dies (SIGKILL) leaves
   * its job to be picked up again after about this time. Longer than one SMTP exchange can take
   * (connection 10 s + greeting 10 s + socket 30 s).
   */
  MAIL_LOCK_DURATION_MS: positiveInt(60_000),
  /** How often workers look for jobs whose lock expired (stalled). */
  MAIL_STALLED_INTERVAL_MS: positiveInt(30_000),
  /**
   * When SMTP is unreachable on a job's last attempt, keep retrying (with a growing delay) until the job
   * is this old, so an SMTP outage does not lose mail: a day, long enough for a provider's incident or for
   * someone to fix expired SMTP credentials. 0 = fail after the job's own attempts. See retry-policy.ts.
   */
  MAIL_GIVE_UP_AFTER_MS: intVar(24 * 3600 * 1000),
  /** Delay of the first of those extra retries; it doubles with each one, up to MAIL_RETRY_MAX_DELAY_MS. */
  MAIL_EXTENDED_RETRY_MIN_MS: positiveInt(10_000),
  /**
   * Longest delay between two tries while SMTP is unreachable, so mail goes out at most this long after SMTP
   * is back (a password-reset link is wanted now). 30 s is cheap here: a refused connection costs nothing,
   * the site sends a few hundred mails a day, and SMTP_RATE_PER_SECOND bounds the tries as it bounds sends.
   * Each delay is jittered (retry-policy.ts) so a batch that failed together does not return all at once.
   */
  MAIL_RETRY_MAX_DELAY_MS: positiveInt(30_000),
  /** How long SIGTERM waits for jobs in progress before exiting anyway. */
  SHUTDOWN_GRACE_MS: intVar(30_000),
  /** production (the container image sets it) refuses the local mail sink unless ALLOW_TEST_SERVICES=true. */
  NODE_ENV: z.string().optional(),
  /**
   * true: a production start may send to the local mail sink (docker compose --profile local). Leave it
   * false wherever the site has real visitors: their mail would land in an inbox without a password.
   */
  ALLOW_TEST_SERVICES: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
}).superRefine((env, ctx) => {
  if (env.MAIL_EXTENDED_RETRY_MIN_MS > env.MAIL_RETRY_MAX_DELAY_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_EXTENDED_RETRY_MIN_MS'],
      message: `must not be more than MAIL_RETRY_MAX_DELAY_MS (${env.MAIL_RETRY_MAX_DELAY_MS})`,
    });
  }
  // Unset, SMTP_URL is the sink's default; the loader then reports it as "required but not set".
  if (env.NODE_ENV === 'production' && !env.ALLOW_TEST_SERVICES && isMailSink(env.SMTP_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: `points at the local mail sink (port ${MAIL_SINK_SMTP_PORT}, MailDev), where no mail reaches its addressee; with NODE_ENV=production set it to your SMTP server, or ALLOW_TEST_SERVICES=true for a local/test stack`,
    });
  }
});

/** The mailer's settings, under the names of their environment variables. */
export type MailerConfig = z.infer<typeof mailerEnvSchema>;

/**
 * Reads and checks the environment; throws ConfigError listing every problem. With NODE_ENV=production,
 * SMTP_URL must be set and must not be the local mail sink, unless ALLOW_TEST_SERVICES=true.
 */
export function loadMailerConfig(env: Record<string, string | undefined> = process.env): MailerConfig {
  return loadConfig(mailerEnvSchema, env);
}
