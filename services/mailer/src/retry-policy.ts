/**
 * How long the mailer waits before trying a mail again that SMTP did not take (server down, refusing
 * connections, timing out, answering 4xx), and the line each failed try leaves in the job's log (Queue.getJobLogs),
 * beside the job's attempts and failed reason, which the staff area's queues page (/staff/queues) shows.
 *
 * A job first gets the attempts its producer gave it (the outbox relays' DEFAULT_JOB_OPTIONS: 5, BullMQ's
 * exponential backoff 1, 2, 4, 8 s, about 15 s in all). A mail must outlast more than that: a restarted mail
 * server, a provider's incident or its throttling takes minutes to hours. So once those attempts are used up
 * while SMTP is unreachable, the worker keeps retrying the job (MAIL_GIVE_UP_AFTER_MS, a day by default) with
 * its own exponential backoff: MAIL_EXTENDED_RETRY_MIN_MS doubled at each try, capped at MAIL_RETRY_MAX_DELAY_MS.
 */

/** The extended retries' backoff (config: MAIL_EXTENDED_RETRY_MIN_MS, MAIL_RETRY_MAX_DELAY_MS). */
export interface ExtendedRetryPolicy {
  /** Delay before the first extended retry; doubled for each one after. */
  firstDelayMs: number;
  /** No delay is longer: how late a mail can go out after SMTP is back. */
  maxDelayMs: number;
}

/**
 * Share of each delay that is random: a delay is drawn from [delay × (1 − RETRY_JITTER), delay), the spread
 * of BullMQ's `backoff.jitter` job option. Mails that failed together (a batch queued during an outage) then
 * come back spread out instead of all in the same second when SMTP returns.
 */
export const RETRY_JITTER = 0.5;

/**
 * The delay before extended retry number `retry` (1 for the first after the job's own attempts):
 * firstDelayMs × 2^(retry − 1), at most maxDelayMs, less up to RETRY_JITTER of it at random.
 * The cap comes before the jitter, so delays at the cap are still spread.
 */
export function extendedRetryDelay(retry: number, policy: ExtendedRetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(0, Math.floor(retry) - 1), 30);
  const base = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** exponent);
  return Math.floor(base * (1 - RETRY_JITTER * random()));
}

/** At most this many lines stay in a job's log (Redis keeps the newest): a day of retries at a 30 s cap is ~2,900 tries. */
export const MAX_JOB_LOG_LINES = 200;

export interface FailedAttempt {
  /** Which run of the job failed (BullMQ's attemptsStarted: every start, retries and re-runs included). */
  attempt: number;
  /** The job's own attempts (its producer's `attempts` option). */
  attempts: number;
  /** Why it failed (the error's message; an e-mail address in it is masked). */
  reason: string;
  /** When the next try comes, or undefined when the job fails for good. */
  nextDelayMs?: number;
  /** Set for the retries after the job's own attempts: until when they go on. */
  retryUntil?: Date;
}

/** The first line of an error message, without e-mail addresses, at most 300 characters. */
export function failureReason(message: string): string {
  const firstLine = message.split(/\r?\n/)[0] ?? '';
  const masked = firstLine.replace(/[^\s<>"'(),;:@]+@[^\s<>"'(),;:]+/g, '<address>').trim();
  return masked.length > 300 ? `${masked.slice(0, 299)}…` : masked || '(no message)';
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}

/**
 * The job-log line of a failed try, e.g. `attempt 2 of 5 failed: connect ECONNREFUSED 127.0.0.1:2525;
 * next try in 2.0s`, `attempt 7 failed (retrying while SMTP is unreachable, until 2026-11-28T18:00:00.000Z):
 * ...; next try in 27s`, or `...; giving up`. No body, no recipient: the dashboard shows the log to operators.
 */
export function failedAttemptLine(failed: FailedAttempt): string {
  const which =
    failed.retryUntil !== undefined ? `attempt ${failed.attempt} failed (retrying while SMTP is unreachable, until ${failed.retryUntil.toISOString()})` : `attempt ${failed.attempt} of ${failed.attempts} failed`;
  const next = failed.nextDelayMs === undefined ? 'giving up' : `next try in ${seconds(failed.nextDelayMs)}`;
  return `${which}: ${failureReason(failed.reason)}; ${next}`;
}
