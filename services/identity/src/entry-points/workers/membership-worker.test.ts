import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@tca/service-kit';
import { startNodeProcess, uniquePrefix, waitFor } from '@tca/service-kit/testing';
import { loadIdentityConfig } from '../../config.js';
import { memberEnding, outboxMails, remindersOf, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { RENEWAL_SCHEDULE, RENEWAL_SCHEDULER_ID, startMembershipWorker, type MembershipWorker } from './membership-worker.js';

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('membership_worker');
});
after(async () => {
  await identity?.stop();
});

describe('membership worker', () => {
  it('schedules the daily run once however many workers start, runs at start, and relays the e-mails', { timeout: 60_000 }, async (t) => {
    const due = await memberEnding(identity, 5);
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
    assert.deepEqual(await remindersOf(identity.pool, due.requestId), [7]);
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
