import assert from 'node:assert/strict';
import { after, describe, test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, type JobsOptions, type JobState } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES, type EmailJob } from '@tca/contracts';
import { createLogger } from '@tca/service-kit';
import { freePort, startSmtpSink, testRedisUrl, uniquePrefix, waitFor, type SmtpSink } from '@tca/service-kit/testing';
import { loadMailerConfig, type MailerConfig } from './config.js';
import { startEmailWorker, type EmailWorker } from './worker.js';

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

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
    assert.equal(header(m.raw, 'Subject'), 'Subject welcome-1');
    assert.equal(header(m.raw, 'To'), 'member-welcome-1@example.org');
    assert.equal(header(m.raw, 'From'), 'Adelaide Tamil Association <no-reply@tamil.example.org>');
    assert.equal(header(m.raw, 'Reply-To'), 'office@tamil.example.org');
    assert.equal(header(m.raw, 'Message-ID'), '<welcome-1@tamil.example.org>');
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
    const subjects = smtp.mails.map((m) => header(m.raw, 'Subject')).sort();
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
    assert.equal(header(smtp.mails[0]?.raw ?? '', 'Subject'), 'Subject retry-1');
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
