import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brandFor } from './account-emails.js';
import { createMembershipBody, createPaidMembership, memberEnding, outboxMails, remindersOf, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../testing/harness.js';
import { dueThreshold, sendRenewalReminders, type ReminderSettings } from './renewal-reminders.js';

let identity: TestIdentity;
const settings: ReminderSettings = { brand: brandFor(TEST_PUBLIC_URL), publicUrl: TEST_PUBLIC_URL };
const DAY_MS = 24 * 60 * 60 * 1000;

before(async () => {
  identity = await startTestIdentity('renewals');
});
after(async () => {
  await identity?.stop();
});

describe('renewal reminders', () => {
  it('are due at the smallest threshold reached', () => {
    assert.deepEqual([45, 31, 30, 8, 7, 1, 0].map(dueThreshold), [undefined, undefined, 30, 30, 7, 7, 7]);
  });

  it('e-mail members 30 and 7 days before an annual membership ends, each exactly once, even when runs overlap', async () => {
    const in30 = await memberEnding(identity, 30);
    const in7 = await memberEnding(identity, 7);
    const in31 = await memberEnding(identity, 31);
    const current15 = await memberEnding(identity, 15, 'Current', 'Silver-Family');
    const pending20 = await memberEnding(identity, 20, 'Pending');
    const endedToday = await memberEnding(identity, 0);
    const lifeTime = await memberEnding(identity, null, 'Active', 'Gold-Single');
    const renewed = await memberEnding(identity, 20);
    await createPaidMembership(identity, createMembershipBody(renewed.userId, renewed.email));

    const runs = await Promise.all(Array.from({ length: 5 }, () => sendRenewalReminders(identity.pool, settings)));
    const sent = runs.flat();
    assert.deepEqual(sent.map((r) => `${r.requestId}/${r.thresholdDays}`).sort(), [`${in30.requestId}/30`, `${in7.requestId}/7`, `${current15.requestId}/30`].sort());
    for (const m of [in31, pending20, endedToday, lifeTime, renewed]) {
      assert.deepEqual(await remindersOf(identity.pool, m.requestId), [], m.requestId);
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
    assert.deepEqual(await remindersOf(identity.pool, in30.requestId), [30, 7]);
    assert.deepEqual(await remindersOf(identity.pool, in7.requestId), [7]);
    assert.equal((await outboxMails(identity.pool, in30.email)).length, 2);
    assert.equal((await outboxMails(identity.pool, in7.email)).length, 1);
  });
});
