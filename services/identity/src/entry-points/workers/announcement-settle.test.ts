import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { announcementDetailSchema, emailSentMarkerKey, QUEUES, STAFF_ANNOUNCEMENTS_API_PATH, type AnnouncementDetail, type EmailOutcomeJob } from '@tca/contracts';
import { closeRedis, createLogger, createRedis, type OutboxRelay, type Redis } from '@tca/service-kit';
import { Closers, waitFor } from '@tca/service-kit/testing';
import { brandFor } from '../../domain/account-emails.js';
import { dispatchAnnouncementMails, settleUnreportedRecipients } from '../../domain/announcements.js';
import { memberEnding, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';
import { startAnnouncementDispatch } from './announcement-dispatch.js';
import { emailJobFateReader, OUTCOME_LOST_REASON, startAnnouncementSettle } from './announcement-settle.js';

/**
 * The sweep of announcement recipients whose outcome never came (the mailer died between sending or giving up
 * and reporting, or the report was lost). The e-mail jobs are real BullMQ jobs in the test's Redis, relayed from
 * identity's outbox; what the dead mailer left behind (a completed job, a failed one, one still running, one
 * removed) is made by a BullMQ worker on the `email` queue that does not report: the real mailer always reports,
 * and its reports are what this test leaves out.
 */
const PREFIX = 'bull';
const REFUSED = 'SMTP refused the message: 550 5.1.1 no such mailbox';
type Plan = 'complete' | 'refuse' | 'hold' | 'complete-then-remove' | 'fail-then-remove' | 'complete-recent';
const PLANS: readonly Plan[] = ['complete', 'refuse', 'hold', 'complete-then-remove', 'fail-then-remove', 'complete-recent'];

let identity: TestIdentity;
let officer: StaffMemberForTest;
const closers = new Closers();
before(async () => {
  identity = await startTestIdentity('announcement_settle');
  officer = await newStaffMember(identity, ['membership_officer']);
  // Only this file's members are subscribed.
  await identity.pool.query('UPDATE users SET announcements_opt_out_at = now()');
});
after(async () => {
  await closers.closeAll();
  await identity?.stop();
});

async function sendAnnouncement(subject: string): Promise<string> {
  const draft = await staffCall(identity, 'POST', STAFF_ANNOUNCEMENTS_API_PATH, officer.token, { subject, body: 'Kolam at the hall.', segment: { kind: 'all-active' } });
  assert.equal(draft.status, 201);
  const { id } = announcementDetailSchema.parse(await draft.json());
  assert.equal((await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/${id}/send`, officer.token, {})).status, 200);
  return id;
}

async function detail(id: string): Promise<AnnouncementDetail> {
  const answer = await staffCall(identity, 'GET', `${STAFF_ANNOUNCEMENTS_API_PATH}/${id}`, officer.token);
  assert.equal(answer.status, 200);
  return announcementDetailSchema.parse(await answer.json());
}

/** Puts every due recipient's e-mail into the outbox (as the dispatcher does) and waits for the API's relay to queue them. */
async function dispatchAndRelay(): Promise<string[]> {
  await dispatchAnnouncementMails(identity.pool, { brand: brandFor(TEST_PUBLIC_URL), publicUrl: TEST_PUBLIC_URL }, 100);
  const unrelayed = async () => (await identity.pool.query("SELECT 1 FROM outbox WHERE job_name = 'announcement' AND sent_at IS NULL")).rowCount ?? 0;
  await waitFor(async () => (await unrelayed()) === 0, 20_000, 'the outbox relay to queue the e-mails');
  const { rows } = await identity.pool.query<{ job_id: string }>("SELECT job_id FROM outbox WHERE job_name = 'announcement' ORDER BY id");
  return rows.map((r) => r.job_id);
}

async function statusOf(email: string): Promise<{ status: string; error: string | null }> {
  const { rows } = await identity.pool.query<{ status: string; error: string | null }>('SELECT status, error FROM announcement_recipients WHERE email = $1', [email]);
  assert.equal(rows.length, 1);
  return rows[0] ?? { status: '', error: null };
}

describe('settling announcement recipients whose outcome never came', () => {
  const members = new Map<Plan, { email: string; userId: string }>();
  const keyOf = (plan: Plan) => {
    const member = members.get(plan);
    assert.ok(member);
    return member;
  };
  let announcementId = '';
  let connection: Redis;
  let emailQueue: Queue;
  let releaseHeld: () => void = () => undefined;
  let keys: string[] = [];

  before(async () => {
    for (const plan of PLANS) {
      const member = await memberEnding(identity, 100);
      members.set(plan, { email: member.email, userId: member.userId });
    }
    announcementId = await sendAnnouncement('Deepavali lunch');
    keys = await dispatchAndRelay();
    assert.equal(keys.length, PLANS.length);
    connection = createRedis(identity.redis.url, { role: 'worker', logger: createLogger({ name: 'settle-test', level: 'silent' }) });
    closers.add(() => closeRedis(connection));
    emailQueue = new Queue(QUEUES.email, { connection, prefix: PREFIX });
    closers.add(() => emailQueue.close());
  });

  it('a completed job → delivered, a failed one → failed with its reason, one running → left; removed jobs by the sent marker; recent rows untouched', { timeout: 60_000 }, async () => {
    const planOfKey = (key: string): Plan | undefined => PLANS.find((plan) => key.endsWith(`-${keyOf(plan).userId}`));
    const held = new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
    // The mailer that dies before reporting: it sends (completes), gives up (fails for good) or is still at it.
    const mailer = new Worker(
      QUEUES.email,
      async (job: Job<{ key: string }>) => {
        const plan = planOfKey(job.data.key);
        if (plan === 'refuse' || plan === 'fail-then-remove') throw new UnrecoverableError(REFUSED);
        if (plan === 'hold') await held;
        return { messageId: `<${job.data.key}@test>` };
      },
      { connection: { host: '127.0.0.1', port: identity.redis.port }, prefix: PREFIX, concurrency: PLANS.length },
    );
    closers.add(async () => {
      releaseHeld();
      await mailer.close();
    });
    const stateOf = (plan: Plan) => emailQueue.getJobState(keys.find((k) => planOfKey(k) === plan) ?? '');
    await waitFor(
      async () => (await Promise.all(PLANS.map(async (plan) => (plan === 'hold' ? (await stateOf(plan)) === 'active' : ['completed', 'failed'].includes(await stateOf(plan)))))).every(Boolean),
      20_000,
      'the e-mail jobs to run',
    );
    // Jobs removed after they ran (removeOnComplete/removeOnFail): the one sent left its sent marker.
    for (const plan of ['complete-then-remove', 'fail-then-remove'] as const) {
      const key = keys.find((k) => planOfKey(k) === plan) ?? '';
      await emailQueue.remove(key);
      if (plan === 'complete-then-remove') await connection.set(emailSentMarkerKey(PREFIX, key), `<${key}@test>`, 'EX', 600);
    }
    // The relay settles the outbox rows of jobs that ran (or are gone); the running one stays relayed.
    await waitFor(
      async () => ((await identity.pool.query("SELECT 1 FROM outbox WHERE job_name = 'announcement' AND settled_at IS NOT NULL")).rowCount ?? 0) === PLANS.length - 1,
      20_000,
      'the outbox relay to settle the rows of the jobs that ran',
    );
    // Everything was put in the outbox two hours ago, except the recent one.
    await identity.pool.query(`UPDATE announcement_recipients SET enqueued_at = now() - interval '2 hours' WHERE email <> $1`, [keyOf('complete-recent').email]);

    const fateOf = emailJobFateReader(emailQueue, connection, PREFIX);
    // Two a page: the sweep pages through all six.
    const settled = await settleUnreportedRecipients(identity.pool, fateOf, { olderThanMinutes: 60, batchSize: 2 });
    assert.deepEqual(settled, { delivered: 2, failed: 2, pending: 1 });
    assert.deepEqual(await statusOf(keyOf('complete').email), { status: 'delivered', error: null });
    assert.deepEqual(await statusOf(keyOf('refuse').email), { status: 'failed', error: REFUSED });
    assert.deepEqual(await statusOf(keyOf('hold').email), { status: 'queued', error: null });
    assert.deepEqual(await statusOf(keyOf('complete-then-remove').email), { status: 'delivered', error: null });
    assert.deepEqual(await statusOf(keyOf('fail-then-remove').email), { status: 'failed', error: OUTCOME_LOST_REASON });
    assert.deepEqual(await statusOf(keyOf('complete-recent').email), { status: 'queued', error: null }, 'younger than the settle age');

    // A second sweep changes nothing.
    assert.deepEqual(await settleUnreportedRecipients(identity.pool, fateOf, { olderThanMinutes: 60 }), { delivered: 0, failed: 0, pending: 1 });
    const shown = await detail(announcementId);
    assert.deepEqual([shown.state, shown.queued, shown.delivered, shown.failed], ['sending', 2, 2, 2]);
    assert.deepEqual(
      shown.failures.map((f) => f.error).sort(),
      [OUTCOME_LOST_REASON, REFUSED].sort(),
    );
  });

  it('a late outcome after the sweep counts nothing twice; one for a recipient still queued is recorded', { timeout: 60_000 }, async () => {
    const logger = createLogger({ name: 'settle-test', level: 'silent' });
    const relay: OutboxRelay = { nudge: () => undefined, flush: () => Promise.resolve(0), settle: () => Promise.resolve(0), stop: () => Promise.resolve() };
    // The outcome consumer of the membership worker (no dispatching: rate 0).
    const consumer = await startAnnouncementDispatch({
      config: { PUBLIC_URL: TEST_PUBLIC_URL, REDIS_URL: identity.redis.url, ANNOUNCEMENT_RATE_PER_MINUTE: 0 },
      pool: identity.pool,
      relay,
      logger,
      connectionName: 'announcement-settle-test',
    });
    closers.add(() => consumer.close());
    const outcomes = new Queue(QUEUES.emailOutcomes, { connection, prefix: PREFIX });
    closers.add(() => outcomes.close());
    const keyFor = (plan: Plan) => keys.find((k) => k.endsWith(`-${keyOf(plan).userId}`)) ?? '';
    // The mailer's reports, late (as it adds them: job id outcome-<key>), some contradicting the sweep.
    const late: EmailOutcomeJob[] = [
      { key: keyFor('complete'), outcome: 'failed', error: 'late and wrong' },
      { key: keyFor('refuse'), outcome: 'failed', error: REFUSED },
      { key: keyFor('complete-then-remove'), outcome: 'delivered' },
      { key: keyFor('hold'), outcome: 'delivered' },
    ];
    for (const outcome of late) await outcomes.add('outcome', outcome, { jobId: `outcome-${outcome.key}` });
    await waitFor(async () => ((await outcomes.getJobCounts('completed')).completed ?? 0) === late.length, 20_000, 'the late outcomes to be consumed');
    const recorded = await Promise.all(late.map(async (o) => ((await outcomes.getJob(`outcome-${o.key}`))?.returnvalue as { recorded: boolean } | undefined)?.recorded));
    assert.deepEqual(recorded, [false, false, false, true], 'only the recipient still queued takes its outcome');

    assert.deepEqual(await statusOf(keyOf('complete').email), { status: 'delivered', error: null }, 'the sweep came first');
    const shown = await detail(announcementId);
    assert.deepEqual([shown.queued, shown.delivered, shown.failed, shown.skipped, shown.recipients], [1, 3, 2, 0, 6]);
    releaseHeld();
  });

  it('runs in the membership worker on its interval (startAnnouncementSettle), and not at all with 0 minutes', { timeout: 60_000 }, async () => {
    const logger = createLogger({ name: 'settle-test', level: 'silent' });
    // The recent one, now old enough: its job completed, its report never came.
    await identity.pool.query(`UPDATE announcement_recipients SET enqueued_at = now() - interval '2 hours' WHERE email = $1`, [keyOf('complete-recent').email]);
    const off = startAnnouncementSettle({ pool: identity.pool, logger, redisUrl: identity.redis.url, connectionName: 'settle-off', settleAfterMinutes: 0, intervalMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await off.close();
    assert.equal((await statusOf(keyOf('complete-recent').email)).status, 'queued', 'ANNOUNCEMENT_SETTLE_AFTER_MINUTES=0: no sweep');

    const sweep = startAnnouncementSettle({ pool: identity.pool, logger, redisUrl: identity.redis.url, connectionName: 'settle-on', settleAfterMinutes: 60, intervalMs: 100 });
    try {
      await waitFor(async () => (await statusOf(keyOf('complete-recent').email)).status === 'delivered', 10_000, 'the sweep to settle the last recipient');
    } finally {
      await sweep.close();
    }
    const shown = await detail(announcementId);
    assert.deepEqual([shown.state, shown.queued, shown.delivered, shown.failed], ['sent', 0, 4, 2]);
  });
});
