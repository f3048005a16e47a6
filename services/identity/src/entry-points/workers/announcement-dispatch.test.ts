import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { STAFF_ANNOUNCEMENTS_API_PATH } from '@tca/contracts';
import { createLogger, type OutboxRelay } from '@tca/service-kit';
import { waitFor } from '@tca/service-kit/testing';
import { memberEnding, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember, staffCall } from '../../testing/staff.js';
import { startAnnouncementDispatch } from './announcement-dispatch.js';

/** The dispatcher keeps to ANNOUNCEMENT_RATE_PER_MINUTE: at 120 a minute, a tick of 500 ms queues one e-mail. */

let identity: TestIdentity;
before(async () => {
  identity = await startTestIdentity('announcement_dispatch');
});
after(async () => {
  await identity?.stop();
});

const MEMBERS = 6;

describe('announcement dispatcher', () => {
  it('queues e-mails no faster than the configured rate, then all of them; a stopped dispatcher queues nothing more', { timeout: 60_000 }, async () => {
    // Only this test's members are subscribed.
    await identity.pool.query('UPDATE users SET announcements_opt_out_at = now()');
    for (let i = 0; i < MEMBERS; i += 1) await memberEnding(identity, 100);
    const officer = await newStaffMember(identity, ['membership_officer']);
    const draft = await staffCall(identity, 'POST', STAFF_ANNOUNCEMENTS_API_PATH, officer.token, { subject: 'Paced', body: 'One at a time.', segment: { kind: 'all-active' } });
    const { id } = (await draft.json()) as { id: string };
    assert.equal((await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/${id}/send`, officer.token, {})).status, 200);

    let nudges = 0;
    const relay: OutboxRelay = { nudge: () => (nudges += 1), flush: () => Promise.resolve(0), settle: () => Promise.resolve(0), stop: () => Promise.resolve() };
    const queued = async () => (await identity.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE job_name = 'announcement'")).rows[0]?.n ?? 0;
    const started = Date.now();
    const dispatch = await startAnnouncementDispatch({
      config: { PUBLIC_URL: TEST_PUBLIC_URL, REDIS_URL: identity.redis.url, ANNOUNCEMENT_RATE_PER_MINUTE: 120 },
      pool: identity.pool,
      relay,
      logger: createLogger({ name: 'dispatch', level: 'silent' }),
      connectionName: 'announcement-dispatch-test',
      tickMs: 500,
    });
    try {
      await sleep(1_300);
      const early = await queued();
      const elapsedTicks = Math.floor((Date.now() - started) / 500);
      assert.ok(early >= 1 && early <= elapsedTicks, `${early} queued after ${elapsedTicks} ticks: at most one a tick`);
      await waitFor(async () => (await queued()) === MEMBERS, 20_000, 'every member queued');
      assert.ok(Date.now() - started >= (MEMBERS - 1) * 500, 'not faster than the rate');
      assert.ok(nudges >= 1, 'the relay is nudged');
    } finally {
      await dispatch.close();
    }
  });
});
