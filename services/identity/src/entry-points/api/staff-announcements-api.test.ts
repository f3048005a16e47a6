import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ANNOUNCEMENT_ALREADY_SENT_MESSAGE,
  ANNOUNCEMENT_PREFERENCE_API_PATH,
  ANNOUNCEMENT_UNSUBSCRIBE_API_PATH,
  announcementDetailSchema,
  announcementPreferenceSchema,
  announcementPreviewAnswerSchema,
  announcementsAnswerSchema,
  recipientCountAnswerSchema,
  sendAnnouncementAnswerSchema,
  STAFF_ANNOUNCEMENTS_API_PATH,
  STAFF_ROLE_REQUIRED_MESSAGE,
  type AnnouncementSegment,
  type EmailJob,
} from '@tca/contracts';
import { brandFor } from '../../domain/account-emails.js';
import { dispatchAnnouncementMails, recordEmailOutcome } from '../../domain/announcements.js';
import { apiError, call, memberEnding, newAddress, outboxMails, registerAndLogin, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { auditEntries, newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * Announcements (issue 15) on the real service: who may call it, segment counts (unsubscribed members left
 * out), Send twice → recipients once, the e-mails the dispatcher makes (RFC 8058 headers and a link), the
 * one-click unsubscribe honoured by the next announcement, transactional mail unaffected, outcomes recorded
 * once, the member's preference.
 */

let identity: TestIdentity;
let officer: StaffMemberForTest;
let owner: StaffMemberForTest;
const settings = { brand: brandFor(TEST_PUBLIC_URL), publicUrl: TEST_PUBLIC_URL };

before(async () => {
  identity = await startTestIdentity('announcements');
  [officer, owner] = [await newStaffMember(identity, ['membership_officer']), await newStaffMember(identity, ['owner'])];
});
after(async () => {
  await identity?.stop();
});

async function ok<T>(res: Response, schema: { parse(value: unknown): T }, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return schema.parse(JSON.parse(text));
}

const count = async (segment: AnnouncementSegment) =>
  (await ok(await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/recipient-count`, officer.token, { segment }), recipientCountAnswerSchema)).recipients;

async function draft(segment: AnnouncementSegment, subject = 'Pongal festival 2027') {
  const body = { subject, body: '# Pongal\n\nJoin us on **14 January** at the [hall](https://tamil.example.org/events).', segment };
  return ok(await staffCall(identity, 'POST', STAFF_ANNOUNCEMENTS_API_PATH, officer.token, body), announcementDetailSchema, 201);
}

const send = (id: string) => staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/${id}/send`, officer.token, {});

/** Runs the dispatcher until every due recipient is an e-mail in the outbox. */
async function dispatchAll(): Promise<void> {
  while ((await dispatchAnnouncementMails(identity.pool, settings, 50)) > 0);
}

/** The job key prefix of an announcement's e-mails: `announcement-<its random uid>-`. */
async function keyPrefix(id: string): Promise<string> {
  const { rows } = await identity.pool.query<{ uid: string }>('SELECT uid FROM announcements WHERE id = $1', [Number(id)]);
  return `announcement-${rows[0]?.uid ?? 'none'}-`;
}

async function announcementMail(id: string, email: string): Promise<EmailJob & { jobId: string }> {
  const prefix = await keyPrefix(id);
  const mails = (await outboxMails(identity.pool, email)).filter((m) => m.jobId.startsWith(prefix));
  assert.equal(mails.length, 1, `one announcement ${id} e-mail for ${email}`);
  return mails[0] as EmailJob & { jobId: string };
}

function unsubscribeUrlIn(mail: EmailJob): string {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  const match = /^<(https:\/\/[^>]+)>$/.exec(header);
  assert.ok(match?.[1], header);
  assert.ok(mail.text.includes(match[1]), 'the link is in the body too');
  return match[1];
}

describe('announcements: who may call it', () => {
  it('401 without a session; 403 for editor, treasurer and support; officer and owner pass', async () => {
    const others = [await newStaffMember(identity, ['editor']), await newStaffMember(identity, ['treasurer']), await newStaffMember(identity, ['support'])];
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', STAFF_ANNOUNCEMENTS_API_PATH, undefined],
      ['POST', STAFF_ANNOUNCEMENTS_API_PATH, { subject: 's', body: 'b', segment: { kind: 'all-active' } }],
      ['POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/preview`, { body: 'b' }],
      ['POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/recipient-count`, { segment: { kind: 'all-active' } }],
      ['GET', `${STAFF_ANNOUNCEMENTS_API_PATH}/1`, undefined],
      ['POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/1/send`, {}],
    ];
    for (const [method, path, body] of calls) {
      assert.equal((await apiError(await staffCall(identity, method, path, undefined, body), 401)).error, 'unauthorized', path);
      for (const who of others) {
        assert.deepEqual(await apiError(await staffCall(identity, method, path, who.token, body), 403), { error: 'forbidden', message: STAFF_ROLE_REQUIRED_MESSAGE }, path);
      }
    }
    for (const who of [officer, owner]) await ok(await staffCall(identity, 'GET', STAFF_ANNOUNCEMENTS_API_PATH, who.token), announcementsAnswerSchema);
  });

  it('bad input is a 400 with the form\'s message; an unknown id is a 404', async () => {
    const bad = await apiError(await staffCall(identity, 'POST', STAFF_ANNOUNCEMENTS_API_PATH, officer.token, { subject: ' ', body: 'b', segment: { kind: 'level', level: 'Platinum' } }), 400);
    assert.match(bad.message, /Subject is required|Level must be one of/);
    const days = await apiError(await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/recipient-count`, officer.token, { segment: { kind: 'ending-within', days: 0 } }), 400);
    assert.match(days.message, /Days must be from 1 to 366/);
    assert.equal((await apiError(await staffCall(identity, 'GET', `${STAFF_ANNOUNCEMENTS_API_PATH}/999999`, officer.token), 404)).error, 'announcement_not_found');
    assert.equal((await apiError(await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/abc/send`, officer.token, {}), 404)).error, 'announcement_not_found');
  });

  it('the preview renders Markdown and shows raw HTML and script links as text', async () => {
    const res = await staffCall(identity, 'POST', `${STAFF_ANNOUNCEMENTS_API_PATH}/preview`, officer.token, { body: '**Vanakkam** <script>alert(1)</script> [x](javascript:alert(1))' });
    const { html } = await ok(res, announcementPreviewAnswerSchema);
    assert.equal(html, '<p><strong>Vanakkam</strong> &lt;script&gt;alert(1)&lt;/script&gt; x</p>');
  });
});

describe('announcements: segments, send once, unsubscribe', () => {
  it('counts all Active members, one level, and memberships ending within N days; unsubscribed and inactive members left out', async () => {
    const before = { all: await count({ kind: 'all-active' }), gold: await count({ kind: 'level', level: 'Gold-Single' }), soon: await count({ kind: 'ending-within', days: 30 }), soon12: await count({ kind: 'ending-within', days: 12 }) };
    await memberEnding(identity, 200, 'Active', 'Gold-Single'); // life-time: never ends
    await memberEnding(identity, 10, 'Active', 'Silver-Single');
    await memberEnding(identity, 20, 'Active', 'Silver-Single');
    await memberEnding(identity, 300, 'Pending', 'Silver-Single');
    await memberEnding(identity, -5, 'Active', 'Silver-Single'); // shown Expired
    const optedOut = await memberEnding(identity, 15, 'Active', 'Silver-Single');
    await identity.pool.query('UPDATE users SET announcements_opt_out_at = now() WHERE id = $1', [Number(optedOut.userId)]);
    assert.equal((await count({ kind: 'all-active' })) - before.all, 3);
    assert.equal((await count({ kind: 'level', level: 'Gold-Single' })) - before.gold, 1);
    assert.equal((await count({ kind: 'ending-within', days: 30 })) - before.soon, 2);
    assert.equal((await count({ kind: 'ending-within', days: 12 })) - before.soon12, 1);
  });

  it('Send twice: 409 already sent, each member once; the e-mails carry the one-click unsubscribe; unsubscribing skips them next time, receipts and resets still go', async () => {
    const a = await memberEnding(identity, 100, 'Active', 'Silver-Family');
    const b = await memberEnding(identity, 100, 'Active', 'Silver-Family');
    const created = await draft({ kind: 'level', level: 'Silver-Family' });
    assert.equal(created.state, 'draft');
    const first = await ok(await send(created.id), sendAnnouncementAnswerSchema);
    assert.equal(first.announcement.recipients, 2);
    assert.equal(first.announcement.queued, 2);
    const again = await apiError(await send(created.id), 409);
    assert.deepEqual(again, { error: 'already_sent', message: ANNOUNCEMENT_ALREADY_SENT_MESSAGE });
    const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM announcement_recipients WHERE announcement_id = $1', [Number(created.id)]);
    assert.equal(rows[0]?.n, 2);
    assert.deepEqual((await auditEntries(identity, `announcement-${created.id}`)).map((e) => [e.action, e.actor_email]), [
      ['announcement_created', officer.email],
      ['announcement_sent', officer.email],
    ]);

    await dispatchAll();
    await dispatchAll();
    const mailA = await announcementMail(created.id, a.email);
    await announcementMail(created.id, b.email);
    assert.equal(mailA.jobId, `${await keyPrefix(created.id)}${a.userId}`);
    assert.equal(mailA.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    assert.equal(mailA.reportOutcome, true);
    assert.match(mailA.html ?? '', /<strong>14 January<\/strong>/);
    const link = unsubscribeUrlIn(mailA);
    assert.ok(link.startsWith(`${TEST_PUBLIC_URL}${ANNOUNCEMENT_UNSUBSCRIBE_API_PATH}?token=`), link);

    // The link's page only asks (a GET never unsubscribes); the mail client's one-click POST does, without a session.
    const path = link.slice(TEST_PUBLIC_URL.length);
    const page = await call(identity, path);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<form method="post"/);
    const oneClick = await fetch(`${identity.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': newAddress() }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(oneClick.status, 200, await oneClick.clone().text());
    const again2 = await fetch(`${identity.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(again2.status, 200, 'a second click is harmless');
    const wrong = await fetch(`${identity.url}${ANNOUNCEMENT_UNSUBSCRIBE_API_PATH}?token=${'x'.repeat(43)}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    assert.equal(wrong.status, 404);
    await wrong.body?.cancel();

    const next = await draft({ kind: 'level', level: 'Silver-Family' }, 'Annual general meeting');
    assert.equal((await ok(await send(next.id), sendAnnouncementAnswerSchema)).announcement.recipients, 1);
    await dispatchAll();
    const nextPrefix = await keyPrefix(next.id);
    assert.equal((await outboxMails(identity.pool, a.email)).filter((m) => m.jobId.startsWith(nextPrefix)).length, 0, 'the unsubscribed member is skipped');
    await announcementMail(next.id, b.email);

    // Transactional mail is never suppressed.
    const before = (await outboxMails(identity.pool, a.email)).length;
    assert.equal((await call(identity, '/auth/send-reset-email', { email: a.email })).status, 200);
    assert.equal((await outboxMails(identity.pool, a.email)).length, before + 1);
  });

  it('outcomes: delivered and failed recorded once each; a member who unsubscribed after Send is skipped', async () => {
    // Every earlier member unsubscribes, so the announcement reaches exactly these three.
    await identity.pool.query('UPDATE users SET announcements_opt_out_at = now()');
    const a = await memberEnding(identity, 100, 'Active', 'Silver-Single');
    const b = await memberEnding(identity, 100, 'Active', 'Silver-Single');
    const c = await memberEnding(identity, 100, 'Active', 'Silver-Single');
    const created = await draft({ kind: 'all-active' });
    await ok(await send(created.id), sendAnnouncementAnswerSchema);
    await identity.pool.query('UPDATE users SET announcements_opt_out_at = now() WHERE id = $1', [Number(c.userId)]);
    await dispatchAll();
    const prefix = await keyPrefix(created.id);
    const key = (userId: string) => `${prefix}${userId}`;
    assert.equal(await recordEmailOutcome(identity.pool, { key: key(a.userId), outcome: 'delivered' }), true);
    assert.equal(await recordEmailOutcome(identity.pool, { key: key(a.userId), outcome: 'delivered' }), false, 'a repeated report changes nothing');
    assert.equal(await recordEmailOutcome(identity.pool, { key: key(b.userId), outcome: 'failed', error: '550 mailbox unavailable' }), true);
    assert.equal(await recordEmailOutcome(identity.pool, { key: 'reset-123', outcome: 'delivered' }), false, 'not an announcement');
    const detail = await ok(await staffCall(identity, 'GET', `${STAFF_ANNOUNCEMENTS_API_PATH}/${created.id}`, owner.token), announcementDetailSchema);
    assert.deepEqual(
      { state: detail.state, recipients: detail.recipients, delivered: detail.delivered, failed: detail.failed, queued: detail.queued, skipped: detail.skipped },
      { state: 'sent', recipients: 3, delivered: 1, failed: 1, queued: 0, skipped: 1 },
    );
    assert.deepEqual(detail.failures, [{ email: b.email, error: '550 mailbox unavailable' }]);
    const listed = await ok(await staffCall(identity, 'GET', STAFF_ANNOUNCEMENTS_API_PATH, officer.token), announcementsAnswerSchema);
    assert.equal(listed.announcements.find((x) => x.id === created.id)?.delivered, 1);
  });
});

describe('announcements: the member\'s preference', () => {
  it('GET and PUT /membership/announcements/preference for the signed-in member; 401 without a session; 400 for a wrong body', async () => {
    const { login } = await registerAndLogin(identity);
    const get = () => call(identity, ANNOUNCEMENT_PREFERENCE_API_PATH, undefined, { token: login.token });
    assert.deepEqual(await ok(await get(), announcementPreferenceSchema), { subscribed: true });
    assert.deepEqual(await ok(await call(identity, ANNOUNCEMENT_PREFERENCE_API_PATH, { subscribed: false }, { token: login.token, method: 'PUT' }), announcementPreferenceSchema), { subscribed: false });
    assert.deepEqual(await ok(await get(), announcementPreferenceSchema), { subscribed: false });
    assert.deepEqual(await ok(await call(identity, ANNOUNCEMENT_PREFERENCE_API_PATH, { subscribed: true }, { token: login.token, method: 'PUT' }), announcementPreferenceSchema), { subscribed: true });
    assert.equal((await apiError(await call(identity, ANNOUNCEMENT_PREFERENCE_API_PATH), 401)).error, 'unauthorized');
    assert.equal((await apiError(await call(identity, ANNOUNCEMENT_PREFERENCE_API_PATH, { subscribed: 'no' }, { token: login.token, method: 'PUT' }), 400)).error, 'validation_failed');
  });
});
