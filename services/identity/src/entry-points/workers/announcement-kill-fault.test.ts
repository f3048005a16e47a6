import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { announcementDetailSchema, QUEUES, STAFF_ANNOUNCEMENTS_API_PATH } from '@tca/contracts';
import { createLogger } from '@tca/service-kit';
import { Closers, startKeyCountingSmtpSink, startNodeProcess, stopChild, waitFor, type KeyCountingSmtpSink, type NodeProcess } from '@tca/service-kit/testing';
import { loadIdentityConfig } from '../../config.js';
import { generateMembers } from '../../testing/generated-members.js';
import { adelaideDate, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember, staffCall } from '../../testing/staff.js';
import { startMembershipWorker } from './membership-worker.js';

/**
 * Issue 15's "done means": an announcement to 500 members with the e-mail worker SIGKILLed mid-send → 500
 * delivered, none twice. The whole path runs: Send on the staff API (recipients inserted once), the
 * membership worker's dispatcher (paced, here at 60,000 a minute so the test stays short) putting
 * `announcement-<uid>-<userId>` e-mails into the outbox, its relay into the e-mail queue, the real mailer
 * (its entry file, as its own process) sending to an SMTP sink that counts each key (the Message-ID), and
 * the outcomes coming back to identity's worker.
 *
 * As the mailer's own worker-kill-fault.test.ts explains, SMTP has no idempotent send: a job killed after the
 * sink kept its message and before the "already sent" marker's write is sent again by the next worker. So the
 * sink counts distinct keys (the stable Message-ID lets a receiver drop such a repeat), and repeats are
 * bounded by the jobs the killed worker had in flight (MAIL_CONCURRENCY).
 */
const MEMBERS = 500;
const CONCURRENCY = 5;
const KILL_AFTER = 200;
const MAILER_DIR = new URL('../../../../mailer/', import.meta.url);

describe('an announcement to 500 members, the e-mail worker SIGKILLed mid-send', { timeout: 120_000 }, () => {
  const closers = new Closers();
  after(() => closers.closeAll());

  test(`${MEMBERS} recipients: all delivered once (by key), every recipient recorded delivered`, async () => {
    const started = Date.now();
    const identity: TestIdentity = await startTestIdentity('announcement_kill');
    closers.add(() => identity.stop());
    const smtp: KeyCountingSmtpSink = await startKeyCountingSmtpSink({ closeTimeoutMs: 500 });
    closers.add(() => smtp.close());

    // 500 members, every one Active (annual ones ending in 100 days).
    await generateMembers(identity.pool, MEMBERS, 'kill');
    await identity.pool.query(`UPDATE memberships SET status = 'Active', ends_on = CASE WHEN term = 'annual' THEN $1::date END`, [await adelaideDate(identity.pool, 100)]);
    const officer = await newStaffMember(identity, ['membership_officer']);
    const draft = await staffCall(identity, 'POST', STAFF_ANNOUNCEMENTS_API_PATH, officer.token, { subject: 'Pongal 2027', body: 'Join us on **14 January**.', segment: { kind: 'all-active' } });
    assert.equal(draft.status, 201);
    const { id } = announcementDetailSchema.parse(await draft.json());
    const sent = await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/${id}/send`, officer.token, {});
    assert.equal(sent.status, 200, await sent.clone().text());
    assert.equal((await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/${id}/send`, officer.token, {})).status, 409, 'pressed twice');

    const config = loadIdentityConfig({ DATABASE_URL: identity.databaseUrl, REDIS_URL: identity.redis.url, PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', ANNOUNCEMENT_RATE_PER_MINUTE: '60000' });
    const worker = await startMembershipWorker(config, { logger: createLogger({ name: 'membership-worker', level: 'silent' }) });
    closers.add(() => worker.close());

    const emailQueue = new Queue(QUEUES.email, { connection: { host: '127.0.0.1', port: identity.redis.port } });
    closers.add(() => emailQueue.close());
    const startMailer = (label: string): Promise<NodeProcess> =>
      startNodeProcess({
        cwd: MAILER_DIR,
        file: 'src/index.ts',
        label,
        ready: /"msg":"email worker started"/,
        env: {
          LOG_LEVEL: 'info',
          REDIS_URL: identity.redis.url,
          SMTP_URL: smtp.url,
          SMTP_RATE_PER_SECOND: '0',
          MAIL_CONCURRENCY: String(CONCURRENCY),
          MAIL_LOCK_DURATION_MS: '5000',
          MAIL_STALLED_INTERVAL_MS: '1000',
          SHUTDOWN_GRACE_MS: '5000',
        },
      });

    const workerA = await startMailer('mailer A');
    closers.add(() => stopChild(workerA.child, 'SIGKILL'));
    await waitFor(() => smtp.mails.length >= KILL_AFTER, 60_000, () => `${KILL_AFTER} mails from worker A (${smtp.mails.length} so far)`);
    await stopChild(workerA.child, 'SIGKILL');
    const killedAfter = smtp.mails.length;
    assert.ok(killedAfter < MEMBERS, `the kill came before the end (${killedAfter} delivered)`);
    const activeAtKill = new Set((await emailQueue.getJobs(['active'])).map((job) => job.id ?? ''));

    const workerB = await startMailer('mailer B');
    closers.add(() => workerB.stop());

    await waitFor(() => smtp.countByKey.size >= MEMBERS, 60_000, () => `${MEMBERS} distinct keys at the sink (${smtp.countByKey.size} so far)`);
    let recorded = 0;
    const allRecorded = async () => {
      const { rows } = await identity.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM announcement_recipients WHERE announcement_id = $1 AND status = 'delivered'`, [Number(id)]);
      recorded = rows[0]?.n ?? 0;
      return recorded === MEMBERS;
    };
    await waitFor(allRecorded, 30_000, () => `every recipient recorded delivered (${recorded} so far)`);

    const { rows: users } = await identity.pool.query<{ key: string }>(
      `SELECT 'announcement-' || a.uid || '-' || r.user_id AS key FROM announcement_recipients r JOIN announcements a ON a.id = r.announcement_id WHERE a.id = $1`,
      [Number(id)],
    );
    const expectedKeys = users.map((u) => u.key).sort();
    assert.deepEqual([...smtp.countByKey.keys()].sort(), expectedKeys, 'exactly one key per recipient reached SMTP');
    const repeated = [...smtp.countByKey].filter(([, n]) => n > 1).map(([key]) => key);
    console.log(`announcement SIGKILL: ${MEMBERS} recipients, ${smtp.countByKey.size} distinct keys, repeats ${smtp.duplicates()} (killed after ${killedAfter}, ${activeAtKill.size} in flight; ${Date.now() - started} ms)`);
    for (const key of repeated) {
      assert.ok(activeAtKill.has(key), `${key} came twice although the killed worker was not sending it`);
      assert.equal(smtp.countByKey.get(key), 2);
    }
    assert.ok(smtp.duplicates() <= CONCURRENCY);
    const detail = announcementDetailSchema.parse(await (await staffCall(identity, 'GET', `${STAFF_ANNOUNCEMENTS_API_PATH}/${id}`, officer.token)).json());
    assert.deepEqual({ state: detail.state, recipients: detail.recipients, delivered: detail.delivered, failed: detail.failed, queued: detail.queued }, { state: 'sent', recipients: MEMBERS, delivered: MEMBERS, failed: 0, queued: 0 });
  });
});
