import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@tca/service-kit';
import { startNodeProcess, uniquePrefix, waitFor } from '@tca/service-kit/testing';
import { brandFor } from '../../domain/account-emails.js';
import { loadIdentityConfig } from '../../config.js';
import { adelaideDate, createMembershipBody, createPaidMembership, outboxMails, registerAndLogin, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { dueThreshold, sendRenewalReminders, type ReminderSettings } from '../../domain/renewal-reminders.js';
import { RENEWAL_SCHEDULE, RENEWAL_SCHEDULER_ID, startMembershipWorker, type MembershipWorker } from './membership-worker.js';

let identity: TestIdentity;
const settings: ReminderSettings = { brand: brandFor(TEST_PUBLIC_URL), publicUrl: TEST_PUBLIC_URL };
const DAY_MS = 24 * 60 * 60 * 1000;

before(async () => {
  identity = await startTestIdentity('renewals');
});
after(async () => {
  await identity?.stop();
});

type Level = 'Silver-Single' | 'Silver-Family' | 'Gold-Single';

/** A member whose membership of `level` has `status` and ends `endsInDays` days from today (Adelaide). */
async function memberEnding(endsInDays: number | null, status = 'Active', level: Level = 'Silver-Single') {
  const { email, login } = await registerAndLogin(identity);
  const paid = await createPaidMembership(identity, createMembershipBody(login.user.id, email, { membershipName: level }));
  if (endsInDays === null) {
    await identity.pool.query('UPDATE memberships SET status = $2 WHERE request_id = $1', [paid.requestId, status]);
  } else {
    const endsOn = await adelaideDate(identity.pool, endsInDays);
    await identity.pool.query(`UPDATE memberships SET status = $2, starts_on = ($3::date - interval '1 year')::date, ends_on = $3 WHERE request_id = $1`, [
      paid.requestId,
      status,
      endsOn,
    ]);
  }
  return { email, userId: login.user.id, requestId: paid.requestId };
}

async function remindersOf(requestId: string): Promise<number[]> {
  const { rows } = await identity.pool.query<{ threshold_days: number }>(
    'SELECT r.threshold_days FROM membership_reminders r JOIN memberships m ON m.id = r.membership_id WHERE m.request_id = $1 ORDER BY r.threshold_days DESC',
    [requestId],
  );
  return rows.map((r) => r.threshold_days);
}

describe('renewal reminders', () => {
  it('are due at the smallest threshold reached', () => {
    assert.deepEqual([45, 31, 30, 8, 7, 1, 0].map(dueThreshold), [undefined, undefined, 30, 30, 7, 7, 7]);
  });

  it('e-mail members 30 and 7 days before an annual membership ends, each exactly once, even when runs overlap', async () => {
    const in30 = await memberEnding(30);
    const in7 = await memberEnding(7);
    const in31 = await memberEnding(31);
    const current15 = await memberEnding(15, 'Current', 'Silver-Family');
    const pending20 = await memberEnding(20, 'Pending');
    const endedToday = await memberEnding(0);
    const lifeTime = await memberEnding(null, 'Active', 'Gold-Single');
    const renewed = await memberEnding(20);
    await createPaidMembership(identity, createMembershipBody(renewed.userId, renewed.email));

    const runs = await Promise.all(Array.from({ length: 5 }, () => sendRenewalReminders(identity.pool, settings)));
    const sent = runs.flat();
    assert.deepEqual(sent.map((r) => `${r.requestId}/${r.thresholdDays}`).sort(), [`${in30.requestId}/30`, `${in7.requestId}/7`, `${current15.requestId}/30`].sort());
    for (const m of [in31, pending20, endedToday, lifeTime, renewed]) {
      assert.deepEqual(await remindersOf(m.requestId), [], m.requestId);
      assert.equal((await outboxMails(identity.pool, m.email)).length, 0);
    }
    const [mail, ...more] = await outboxMails(identity.pool, in30.email);
    assert.equal(more.length, 0);
    assert.ok(mail);
    assert.match(mail.subject, /Your Silver-Single membership ends next month/);
    assert.ok(mail.text.includes(`${TEST_PUBLIC_URL}/membership`));
    assert.ok(mail.text.includes(in30.requestId));
    assert.ok(mail.html?.includes(`href="${TEST_PUBLIC_URL}/membership"`));
    const [weekMail] = await outboxMails(identity.pool, in7.email);
    assert.match(weekMail?.subject ?? '', /ends in a week/);

    // Nothing new the same day.
    assert.deepEqual(await sendRenewalReminders(identity.pool, settings), []);
    // 23 days on, the 30-day member is due the 7-day reminder and the 31-day one the 30-day reminder (once
    // each, however many runs); the 7- and 15-day memberships have ended.
    const later = new Date(Date.now() + 23 * DAY_MS);
    const second = await Promise.all([sendRenewalReminders(identity.pool, settings, later), sendRenewalReminders(identity.pool, settings, later)]);
    assert.deepEqual(second.flat().map((r) => `${r.requestId}/${r.thresholdDays}`).sort(), [`${in30.requestId}/7`, `${in31.requestId}/30`].sort());
    assert.deepEqual(await remindersOf(in30.requestId), [30, 7]);
    assert.deepEqual(await remindersOf(in7.requestId), [7]);
    assert.equal((await outboxMails(identity.pool, in30.email)).length, 2);
    assert.equal((await outboxMails(identity.pool, in7.email)).length, 1);
  });
});

describe('membership worker', () => {
  it('schedules the daily run once however many workers start, runs at start, and relays the e-mails', { timeout: 60_000 }, async (t) => {
    const due = await memberEnding(5);
    const config = loadIdentityConfig({ DATABASE_URL: identity.databaseUrl, REDIS_URL: identity.redis.url, PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent' });
    const prefix = uniquePrefix('renewals');
    const logger = createLogger({ name: 'membership-worker', level: 'silent' });
    const workers: MembershipWorker[] = [];
    t.after(() => Promise.all(workers.map((w) => w.close())));
    workers.push(...(await Promise.all([startMembershipWorker(config, { logger, prefix }), startMembershipWorker(config, { logger, prefix })])));
    const [first] = workers;
    assert.ok(first);

    const schedulers = await first.queue.getJobSchedulers();
    assert.equal(schedulers.length, 1);
    assert.equal(schedulers[0]?.key, RENEWAL_SCHEDULER_ID);
    assert.equal(schedulers[0]?.pattern, RENEWAL_SCHEDULE.pattern);
    assert.equal(schedulers[0]?.tz, RENEWAL_SCHEDULE.tz);

    // Both start-up runs are done (each worker queued one), and together they sent the reminder once.
    await waitFor(async () => ((await first.queue.getJobCounts('completed')).completed ?? 0) >= 2, 20_000, 'the start-up runs to complete');
    assert.deepEqual(await remindersOf(due.requestId), [7]);
    const mails = await outboxMails(identity.pool, due.email);
    assert.equal(mails.length, 1);
    await waitFor(
      async () => (await identity.pool.query('SELECT 1 FROM outbox WHERE job_id = $1 AND sent_at IS NOT NULL', [mails[0]?.jobId])).rowCount === 1,
      20_000,
      'the reminder to be relayed to the e-mail queue',
    );
  });
});

describe('membership worker process (src/worker.ts)', () => {
  it('starts with the identity environment, schedules the reminders, and exits 0 on SIGTERM', { timeout: 60_000 }, async (t) => {
    const worker = await startNodeProcess({
      cwd: new URL('../../../', import.meta.url),
      file: 'src/worker.ts',
      env: { DATABASE_URL: identity.databaseUrl, REDIS_URL: identity.redis.url, PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'info' },
      ready: /"msg":"renewal reminders scheduled"/,
      label: 'membership-worker',
    });
    t.after(() => worker.stop());
    assert.match(worker.output(), /"name":"membership-worker"/);
    assert.equal(await worker.stop(), 0);
  });
});
