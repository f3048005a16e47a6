import assert from 'node:assert/strict';
import { after, describe, test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, type JobsOptions, type JobState } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES, type EmailJob } from '@tca/contracts';
import { addToOutbox, createLogger, createPool, OUTBOX_TABLE_SQL, startOutboxRelay } from '@tca/service-kit';
import { createTestDatabase, freePort, headerValue, startSmtpSink, testRedisUrl, uniquePrefix, waitFor, type SmtpSink } from '@tca/service-kit/testing';
import { loadMailerConfig, type MailerConfig } from './config.js';
import { REMOVED_BODY_TEXT, startEmailWorker, type EmailWorker } from './worker.js';



function body(raw: string): string {
  return raw.split(/\r?\n\r?\n/).slice(1).join('\n\n').trim();
}

const prefixes: string[] = [];

function configFor(smtpPort: number, extra: Record<string, string> = {}): MailerConfig {
  const prefix = uniquePrefix('mailer').replace(/-/g, '_');
  prefixes.push(prefix);
  return loadMailerConfig({
    REDIS_URL: testRedisUrl(),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    BULLMQ_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    SMTP_RATE_PER_SECOND: '1000',
    ...extra,
  });
}

function mail(key: string, extra: Partial<EmailJob> = {}): EmailJob {
  return { key, to: `member-${key}@example.org`, subject: `Subject ${key}`, text: `Hello ${key}, thank you.`, ...extra };
}

/**
 * Waits until the job is in `expected` (a worker marks a job completed a moment after the mail reached
 * SMTP, so states are waited for, never assumed); fails with the last state seen after `timeoutMs`.
 */
async function waitForState(queue: Queue, jobId: string, expected: JobState | 'unknown', timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let state = await queue.getJobState(jobId);
  while (state !== expected) {
    if (Date.now() > deadline) assert.fail(`job ${jobId} is ${state} after ${timeoutMs} ms, expected ${expected}`);
    await sleep(25);
    state = await queue.getJobState(jobId);
  }
}

/** Every test ends within this, pass or fail; what it started is closed by its t.after hooks. */
const TIMEOUT = { timeout: 60_000 };

const closers = new WeakMap<TestContext, Array<() => Promise<void>>>();

/**
 * Closes `close` when the test ends, however it ends, in reverse order of opening: workers (and
 * their pooled SMTP connections) before the SMTP server, which otherwise waits for them.
 */
function closeAtEnd(t: TestContext, close: () => Promise<void>): void {
  let stack = closers.get(t);
  if (!stack) {
    const list: Array<() => Promise<void>> = [];
    stack = list;
    closers.set(t, list);
    t.after(async () => {
      for (const next of list.reverse()) await next();
    });
  }
  stack.push(close);
}

/** An SMTP sink that gives a worker's pooled connections half a second when it closes. */
async function smtpFor(t: TestContext, port = 0): Promise<SmtpSink> {
  const smtp = await startSmtpSink({ port, closeTimeoutMs: 500 });
  closeAtEnd(t, () => smtp.close());
  return smtp;
}

async function workerFor(t: TestContext, config: MailerConfig, options?: Parameters<typeof startEmailWorker>[1]): Promise<EmailWorker> {
  const worker = await startEmailWorker(config, options);
  closeAtEnd(t, () => worker.close());
  return worker;
}

function queueForTest(t: TestContext, config: MailerConfig): Queue {
  const queue = queueFor(config);
  closeAtEnd(t, () => queue.close());
  return queue;
}

function connectionOf(url: string): { host: string; port: number; password?: string; db?: number } {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
  };
}

function queueFor(config: MailerConfig): Queue {
  return new Queue(QUEUES.email, { connection: connectionOf(config.REDIS_URL), prefix: config.BULLMQ_PREFIX });
}

/** An SMTP sink, a worker sending to it with the test settings, and the queue it reads; all closed at the end. */
async function workerWithSmtp(t: TestContext): Promise<{ smtp: SmtpSink; queue: Queue }> {
  const smtp = await smtpFor(t);
  const config = configFor(smtp.port);
  await workerFor(t, config);
  return { smtp, queue: queueForTest(t, config) };
}

/** Everything Redis holds under `prefix` (job hashes, event streams, lists, sets, markers) as one string, to search for a secret. */
async function redisContents(prefix: string): Promise<string> {
  const redis = new Redis(testRedisUrl());
  try {
    const parts: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === 'hash' ? await redis.hgetall(key)
          : type === 'string' ? await redis.get(key)
          : type === 'list' ? await redis.lrange(key, 0, -1)
          : type === 'set' ? await redis.smembers(key)
          : type === 'zset' ? await redis.zrange(key, '0', '-1')
          : type === 'stream' ? await redis.xrange(key, '-', '+')
          : `(${type})`;
        parts.push(`${key} ${JSON.stringify(value)}`);
      }
    } while (cursor !== '0');
    return parts.join('\n');
  } finally {
    await redis.quit();
  }
}

/** A raw message without quoted-printable soft line breaks, to search for a long link. */
function unfolded(raw: string): string {
  return raw.replace(/=\r?\n/g, '');
}

/** A password-reset mail as identity writes it: the link is a key to the account. */
function resetMail(key: string, token: string): EmailJob {
  const link = `https://tamil.example.org/reset-password/${token}`;
  return mail(key, { subject: 'Reset your password', text: `Open ${link} within an hour.`, html: `<p><a href="${link}">Reset your password</a></p>` });
}

const JOB_OPTIONS = (key: string, extra: JobsOptions = {}): JobsOptions => ({ jobId: key, removeOnComplete: 100, removeOnFail: 100, ...extra });

after(async () => {
  // Remove every key the tests created.
  const redis = new Redis(testRedisUrl());
  for (const prefix of prefixes) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  }
  await redis.quit();
});

describe('email worker', () => {
  test('a queued job is delivered with the right to, subject, text and from', TIMEOUT, async (t) => {
    const smtp = await smtpFor(t);
    const config = configFor(smtp.port, { MAIL_FROM: 'Adelaide Tamil Association <no-reply@tamil.example.org>' });
    await workerFor(t, config);
    const queue = queueForTest(t, config);
    await queue.add('send', mail('welcome-1', { replyTo: 'office@tamil.example.org' }), JOB_OPTIONS('welcome-1'));
    await waitForState(queue, 'welcome-1', 'completed');
    assert.equal(smtp.mails.length, 1);
    const [m] = smtp.mails;
    assert.ok(m);
    assert.deepEqual(m.envelope.to, ['member-welcome-1@example.org']);
    assert.equal(m.envelope.from, 'no-reply@tamil.example.org');
    assert.equal(headerValue(m.raw, 'Subject'), 'Subject welcome-1');
    assert.equal(headerValue(m.raw, 'To'), 'member-welcome-1@example.org');
    assert.equal(headerValue(m.raw, 'From'), 'Adelaide Tamil Association <no-reply@tamil.example.org>');
    assert.equal(headerValue(m.raw, 'Reply-To'), 'office@tamil.example.org');
    assert.equal(headerValue(m.raw, 'Message-ID'), '<welcome-1@tamil.example.org>');
    assert.equal(body(m.raw), 'Hello welcome-1, thank you.');
  });

  test('two workers deliver N jobs exactly once between them', TIMEOUT, async (t) => {
    const smtp = await smtpFor(t);
    const config = configFor(smtp.port, { MAIL_CONCURRENCY: '3' });
    const workers: EmailWorker[] = await Promise.all([workerFor(t, config), workerFor(t, config)]);
    const byWorker = [0, 0];
    workers.forEach((w, i) => w.worker.on('completed', () => (byWorker[i] = (byWorker[i] ?? 0) + 1)));
    const queue = queueForTest(t, config);
    const n = 30;
    await queue.addBulk(Array.from({ length: n }, (_, i) => ({ name: 'send', data: mail(`bulk-${i}`), opts: JOB_OPTIONS(`bulk-${i}`) })));
    // The same keys again (a relay that re-sends): jobIds dedupe them.
    await queue.add('send', mail('bulk-0'), JOB_OPTIONS('bulk-0'));
    // Done means: every job completed (a completed job is never run again), as both workers report.
    await waitFor(async () => (await queue.getJobCounts('completed')).completed === n, 15_000, `${n} completed jobs`);
    await waitFor(() => (byWorker[0] ?? 0) + (byWorker[1] ?? 0) >= n, 5_000, `the workers to report ${n} completions`);
    assert.equal(smtp.mails.length, n);
    const subjects = smtp.mails.map((m) => headerValue(m.raw, 'Subject')).sort();
    assert.deepEqual(subjects, Array.from({ length: n }, (_, i) => `Subject bulk-${i}`).sort());
    assert.equal((byWorker[0] ?? 0) + (byWorker[1] ?? 0), n);
    assert.ok((byWorker[0] ?? 0) > 0 && (byWorker[1] ?? 0) > 0, `both workers took jobs (${byWorker.join(' + ')})`);
  });

  test('an invalid payload fails once, without retries', TIMEOUT, async (t) => {
    const { smtp, queue } = await workerWithSmtp(t);
    // Were it retried, it would be delayed after the first failure and fail for good only after 5 attempts.
    await queue.add('send', { key: 'bad-1', to: 'not an address', subject: '', text: 'x' }, JOB_OPTIONS('bad-1', { attempts: 5, backoff: { type: 'fixed', delay: 50 } }));
    await waitForState(queue, 'bad-1', 'failed');
    const failed = await queue.getJob('bad-1');
    assert.match(failed?.failedReason ?? '', /invalid email job/);
    assert.match(failed?.failedReason ?? '', /to/);
    assert.equal(failed?.attemptsMade, 1);
    assert.equal(smtp.mails.length, 0);
  });

  test('SMTP down: the job is retried with backoff and delivered once SMTP is back', TIMEOUT, async (t) => {
    const port = await freePort();
    const config = configFor(port);
    const worker = await workerFor(t, config, { logger: createLogger({ name: 'mailer-test', level: 'silent' }) });
    const queue = queueForTest(t, config);
    let failures = 0;
    worker.worker.on('failed', () => (failures += 1));
    await queue.add('send', mail('retry-1'), JOB_OPTIONS('retry-1', { attempts: 8, backoff: { type: 'exponential', delay: 100 } }));
    await waitFor(() => failures >= 2, 10_000, 'two failed attempts');
    const smtp = await smtpFor(t, port);
    await waitForState(queue, 'retry-1', 'completed');
    assert.equal(smtp.mails.length, 1);
    assert.equal(headerValue(smtp.mails[0]?.raw ?? '', 'Subject'), 'Subject retry-1');
    assert.ok(((await queue.getJob('retry-1'))?.attemptsMade ?? 0) >= 2);
  });

  test('SMTP down past the last attempt: the mail waits instead of being lost', TIMEOUT, async (t) => {
    const port = await freePort();
    const config = configFor(port, { MAIL_EXTENDED_RETRY_MIN_MS: '200' });
    await workerFor(t, config);
    const queue = queueForTest(t, config);
    await queue.add('send', mail('patient-1'), JOB_OPTIONS('patient-1', { attempts: 1 }));
    // It fails with SMTP down, and instead of failing for good it is delayed.
    await waitForState(queue, 'patient-1', 'delayed', 5000);
    const smtp = await smtpFor(t, port);
    await waitForState(queue, 'patient-1', 'completed');
    assert.equal(smtp.mails.length, 1);
  });

  test('a key that was already sent is not sent again', TIMEOUT, async (t) => {
    const { smtp, queue } = await workerWithSmtp(t);
    await queue.add('send', mail('once-1'), { jobId: 'once-1', removeOnComplete: true });
    // Completed and removed, so the same jobId can be queued again (a relay re-sending after a crash).
    await waitFor(() => smtp.mails.length === 1, 10_000, 'the first mail');
    await waitForState(queue, 'once-1', 'unknown');
    await queue.add('send', mail('once-1'), { jobId: 'once-1' });
    await waitForState(queue, 'once-1', 'completed');
    assert.deepEqual((await queue.getJob('once-1'))?.returnvalue, { messageId: '<once-1@localhost>', duplicate: true });
    assert.equal(smtp.mails.length, 1);
  });
});

describe('announcements: RFC 8058 headers and outcome reports', () => {
  const unsubscribe = '<https://tamil.example.org/membership/announcements/unsubscribe?token=abc>';
  const headers = { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } as const;

  test('the List-Unsubscribe headers reach SMTP; a job with reportOutcome reports delivered once per key, also when re-run', TIMEOUT, async (t) => {
    const smtp = await smtpFor(t);
    const config = configFor(smtp.port);
    await workerFor(t, config);
    const queue = queueForTest(t, config);
    const outcomes = new Queue(QUEUES.emailOutcomes, { connection: connectionOf(config.REDIS_URL), prefix: config.BULLMQ_PREFIX });
    closeAtEnd(t, () => outcomes.close());
    await queue.add('send', mail('announcement-1-7', { headers, reportOutcome: true }), { jobId: 'announcement-1-7', removeOnComplete: true });
    await queue.add('send', mail('plain-1'), JOB_OPTIONS('plain-1'));
    await waitForState(queue, 'plain-1', 'completed');
    await waitFor(() => smtp.mails.length === 2, 10_000, 'both mails');
    const announcement = smtp.mails.find((m) => m.envelope.to.includes('member-announcement-1-7@example.org'));
    const plain = smtp.mails.find((m) => m.envelope.to.includes('member-plain-1@example.org'));
    assert.equal(headerValue(announcement?.raw ?? '', 'List-Unsubscribe'), unsubscribe);
    assert.equal(headerValue(announcement?.raw ?? '', 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    assert.equal(headerValue(plain?.raw ?? '', 'List-Unsubscribe'), undefined, 'transactional mail has no unsubscribe header');
    await waitForState(outcomes, 'outcome-announcement-1-7', 'waiting');
    assert.deepEqual((await outcomes.getJob('outcome-announcement-1-7'))?.data, { key: 'announcement-1-7', outcome: 'delivered' });
    assert.equal(await outcomes.getJobState('outcome-plain-1'), 'unknown', 'no report unless asked');
    // Re-queued after a crash (the first job removed): not sent again, reported again (the same outcome job id).
    await waitForState(queue, 'announcement-1-7', 'unknown');
    await outcomes.remove('outcome-announcement-1-7');
    await queue.add('send', mail('announcement-1-7', { headers, reportOutcome: true }), { jobId: 'announcement-1-7' });
    await waitForState(queue, 'announcement-1-7', 'completed');
    await waitForState(outcomes, 'outcome-announcement-1-7', 'waiting');
    assert.equal(smtp.mails.length, 2);
  });
});

describe('secrets in e-mail jobs', () => {
  test('once a reset mail is sent, no key in Redis still holds its token; key, to and subject stay', TIMEOUT, async (t) => {
    const smtp = await smtpFor(t);
    const config = configFor(smtp.port);
    await workerFor(t, config);
    const queue = queueForTest(t, config);
    const token = 'sent-token-Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE';
    // The default history of the site's jobs: completed jobs are kept (a day), so their data must be clean.
    await queue.add('send', resetMail('reset-sent-1', token), { jobId: 'reset-sent-1', removeOnComplete: { age: 24 * 3600 } });
    await waitForState(queue, 'reset-sent-1', 'completed');
    assert.ok(unfolded(smtp.mails[0]?.raw ?? '').includes(token), 'the mail itself carried the link');
    const job = await queue.getJob('reset-sent-1');
    assert.deepEqual(job?.data, { key: 'reset-sent-1', to: 'member-reset-sent-1@example.org', subject: 'Reset your password', text: REMOVED_BODY_TEXT });
    const contents = await redisContents(config.BULLMQ_PREFIX);
    assert.match(contents, /reset-sent-1/, 'the job is still there, for the dashboard');
    assert.ok(!contents.includes(token), `no token in Redis:\n${contents}`);
  });

  test('a mail that fails for good loses its body too', TIMEOUT, async (t) => {
    const { smtp, queue } = await workerWithSmtp(t);
    const token = 'failed-token-Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE';
    // Invalid (no subject), so it fails at once without reaching SMTP.
    await queue.add('send', { ...resetMail('reset-failed-1', token), subject: '' }, { jobId: 'reset-failed-1', removeOnFail: { age: 7 * 24 * 3600 } });
    await waitForState(queue, 'reset-failed-1', 'failed');
    await waitFor(async () => (await queue.getJob('reset-failed-1'))?.data.text === REMOVED_BODY_TEXT, 5000, 'the body to be removed');
    const job = await queue.getJob('reset-failed-1');
    assert.equal(job?.data.html, undefined);
    assert.match(job?.failedReason ?? '', /invalid email job/);
    assert.ok(!(await redisContents(queue.opts.prefix ?? 'bull')).includes(token));
    assert.equal(smtp.mails.length, 0);
  });

  test('a job whose body was removed is never sent as it is', TIMEOUT, async (t) => {
    const { smtp, queue } = await workerWithSmtp(t);
    await queue.add('send', mail('emptied-1', { text: REMOVED_BODY_TEXT }), JOB_OPTIONS('emptied-1', { attempts: 3 }));
    await waitForState(queue, 'emptied-1', 'failed');
    assert.match((await queue.getJob('emptied-1'))?.failedReason ?? '', /removed after it was sent/);
    assert.equal(smtp.mails.length, 0);
  });

  test('a reset mail through the outbox, the relay, the queue and the worker: delivered, then neither the outbox row nor Redis holds the token', TIMEOUT, async (t) => {
    const smtp = await smtpFor(t);
    const config = configFor(smtp.port);
    const db = await createTestDatabase('mailer_outbox');
    closeAtEnd(t, () => db.drop());
    const pool = createPool({ connectionString: db.url, schema: 'outbox_test', applicationName: 'mailer-test' });
    closeAtEnd(t, () => pool.end());
    await pool.query('CREATE SCHEMA outbox_test');
    await pool.query(OUTBOX_TABLE_SQL);
    const logger = createLogger({ name: 'mailer-test', level: 'silent' });
    const relay = startOutboxRelay({ pool, schema: 'outbox_test', logger, redisUrl: config.REDIS_URL, prefix: config.BULLMQ_PREFIX, intervalMs: 60_000, settleIntervalMs: 60_000 });
    closeAtEnd(t, () => relay.stop());
    await relay.flush(); // the start-up pass, so the count below is this test's
    await workerFor(t, config);
    const queue = queueForTest(t, config);

    const token = 'outbox-token-Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE';
    await addToOutbox(pool, { queue: QUEUES.email, name: 'reset-link', jobId: 'reset-outbox-1', payload: resetMail('reset-outbox-1', token) });
    assert.equal(await relay.flush(), 1);
    await waitForState(queue, 'reset-outbox-1', 'completed');
    assert.equal(smtp.mails.length, 1);
    assert.ok(unfolded(smtp.mails[0]?.raw ?? '').includes(token), 'the mail carried the link');
    assert.equal(await relay.settle(), 1, 'its job ran: the row is settled');

    const { rows } = await pool.query<{ row: string }>('SELECT outbox::text AS row FROM outbox');
    assert.equal(rows.length, 1, 'the row stays (its job id keeps the event from being queued twice)');
    assert.ok(!rows[0]?.row.includes(token), `no token in the outbox: ${rows[0]?.row}`);
    assert.ok(!(await redisContents(config.BULLMQ_PREFIX)).includes(token), 'no token in Redis');
  });
});
