import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { once } from 'node:events';
import { Queue, Worker } from 'bullmq';
import { QUEUES } from '@tca/contracts';
import { closeRedis, createRedis } from '@tca/service-kit';
import { decisionsOf } from '../../domain/membership-decisions.js';
import { createMembershipBody, createPaidMembership, newAddress, outboxMails, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { CONSOLE_CSP } from './operator-console.js';
import { HIDDEN_EMAIL_BODY, READ_ONLY_MESSAGE } from './queue-dashboard.js';

const USER = 'treasurer';
const PASSWORD = 'console-pass-0123';
const FAILURE_LIMIT = 3;

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('operator_console', { OPERATOR_USER: USER, OPERATOR_PASSWORD: PASSWORD, OPERATOR_FAILURE_LIMIT_PER_IP: String(FAILURE_LIMIT) });
});
after(async () => {
  await identity?.stop();
});

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

interface ConsoleCall {
  ip?: string;
  auth?: string | null;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

function consoleCall(path: string, { ip = newAddress(), auth = basic(USER, PASSWORD), form, headers = {} }: ConsoleCall = {}): Promise<Response> {
  const all: Record<string, string> = { 'X-Forwarded-For': ip, ...headers };
  if (auth !== null) all.Authorization = auth;
  if (form) all['Content-Type'] = 'application/x-www-form-urlencoded';
  return fetch(`${identity.url}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: all,
    redirect: 'manual',
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
}

async function pendingMembership(): Promise<{ requestId: string; email: string }> {
  const { email, login } = await registerAndLogin(identity);
  const created = await createPaidMembership(identity, createMembershipBody(login.user.id, email));
  assert.equal(created.status, 'Pending');
  return { requestId: created.requestId, email };
}

async function storedStatus(requestId: string): Promise<string | undefined> {
  const { rows } = await identity.pool.query<{ status: string }>('SELECT status FROM memberships WHERE request_id = $1', [requestId]);
  return rows[0]?.status;
}

describe('operator console sign-in', () => {
  it('asks for Basic credentials without them, and refuses wrong ones', async () => {
    for (const auth of [null, basic(USER, 'wrong-password-123'), basic('someone', PASSWORD), 'Basic !!!', 'Bearer abc']) {
      const res = await consoleCall('/admin/', { auth });
      assert.equal(res.status, 401, `auth ${auth}`);
      assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Operators", charset="UTF-8"');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      await res.body?.cancel();
    }
  });

  it('locks an address out after too many failed sign-ins, even with the right password', async () => {
    const ip = newAddress();
    for (let i = 0; i < FAILURE_LIMIT; i += 1) {
      const res = await consoleCall('/admin/', { ip, auth: basic(USER, 'not-the-password') });
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    const locked = await consoleCall('/admin/', { ip });
    assert.equal(locked.status, 429);
    assert.match(await locked.text(), /Too many failed operator sign-ins/);
    // Another address is not affected, and successful sign-ins are not counted.
    const other = newAddress();
    for (let i = 0; i < FAILURE_LIMIT + 2; i += 1) {
      const res = await consoleCall('/admin/', { ip: other });
      assert.equal(res.status, 200);
      await res.body?.cancel();
    }
  });

  it('is off (404) while OPERATOR_PASSWORD is unset', async (t) => {
    const off = await startTestIdentity('operator_console_off');
    t.after(() => off.stop());
    const res = await fetch(`${off.url}/admin/`, { headers: { Authorization: basic('operator', PASSWORD) } });
    assert.equal(res.status, 404);
    await res.body?.cancel();
  });
});

describe('operator console pages', () => {
  it('serves an accessible home page with its own headers', async () => {
    const res = await consoleCall('/admin/');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('referrer-policy'), 'same-origin');
    assert.equal(res.headers.get('content-security-policy'), CONSOLE_CSP);
    const page = await res.text();
    assert.match(page, /<html lang="en-AU">/);
    assert.match(page, /<h1>Operator console<\/h1>/);
    assert.match(page, /href="\/admin\/memberships\?status=Pending"/);
    assert.match(page, /href="\/admin\/queues"/);
    const css = await consoleCall('/admin/console.css');
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    await css.body?.cancel();
  });

  it('lists a Pending membership with approve and reject forms', async () => {
    const { requestId, email } = await pendingMembership();
    const res = await consoleCall('/admin/memberships?status=Pending');
    assert.equal(res.status, 200);
    const page = await res.text();
    assert.ok(page.includes(`<td>${requestId}</td>`), 'request id listed');
    assert.ok(page.includes(`<td>${email}</td>`), 'e-mail listed');
    assert.ok(page.includes(`action="/admin/memberships/${requestId}/approve"`));
    assert.ok(page.includes(`action="/admin/memberships/${requestId}/reject"`));
    assert.ok(page.includes(`<label for="reason-${requestId}">`), 'the reason field has a label');
    assert.match(page, /<textarea id="reason-[^"]+" name="reason" rows="2" maxlength="1000" required>/);
  });

  it('answers 400 for an unknown status filter', async () => {
    const res = await consoleCall('/admin/memberships?status=Nope');
    assert.equal(res.status, 400);
    assert.match(await res.text(), /There is no membership status &quot;Nope&quot;/);
  });

  it('approves from a same-origin form post: Active, recorded with who, member e-mailed', async () => {
    const { requestId, email } = await pendingMembership();
    const res = await consoleCall(`/admin/memberships/${requestId}/approve`, { form: { status: 'Pending' }, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), `/admin/memberships?status=Pending&done=approved&request=${requestId}`);
    assert.equal(await storedStatus(requestId), 'Active');
    const [decision] = await decisionsOf(identity.pool, requestId);
    assert.equal(decision?.decision, 'approved');
    assert.equal(decision?.decidedBy, `console:${USER}`);
    const mails = await outboxMails(identity.pool, email);
    assert.ok(mails.some((m) => m.jobName === 'membership-approved'), 'approval e-mail in the outbox');

    const notice = await consoleCall(res.headers.get('location') ?? '');
    assert.match(await notice.text(), new RegExp(`role="status">Approved ${requestId}`));

    // Deciding again: a 409 page with the reason, nothing changed.
    const again = await consoleCall(`/admin/memberships/${requestId}/approve`, { form: {}, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    assert.equal(again.status, 409);
    assert.match(await again.text(), /role="alert">[^<]*only Pending requests can be approved/);
  });

  it('accepts an Origin equal to its own and refuses cross-site posts', async () => {
    const { requestId } = await pendingMembership();
    const refused: Array<Record<string, string>> = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: identity.url },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of refused) {
      const res = await consoleCall(`/admin/memberships/${requestId}/approve`, { form: {}, headers });
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.match(await res.text(), /was not sent from the operator console/);
    }
    assert.equal(await storedStatus(requestId), 'Pending');
    const ok = await consoleCall(`/admin/memberships/${requestId}/approve`, { form: {}, headers: { Origin: identity.url } });
    assert.equal(ok.status, 303);
    assert.equal(await storedStatus(requestId), 'Active');
  });

  it('rejects only with a reason, records it and e-mails it', async () => {
    const { requestId, email } = await pendingMembership();
    const same = { 'Sec-Fetch-Site': 'same-origin' };
    const missing = await consoleCall(`/admin/memberships/${requestId}/reject`, { form: { reason: '   ' }, headers: same });
    assert.equal(missing.status, 400);
    assert.match(await missing.text(), /role="alert">Give a reason for rejecting/);
    assert.equal(await storedStatus(requestId), 'Pending');

    const reason = 'The passport copy could not be read <please resend>.';
    const res = await consoleCall(`/admin/memberships/${requestId}/reject`, { form: { reason }, headers: same });
    assert.equal(res.status, 303);
    assert.equal(await storedStatus(requestId), 'Rejected');
    const [decision] = await decisionsOf(identity.pool, requestId);
    assert.equal(decision?.reason, reason);
    assert.equal(decision?.decidedBy, `console:${USER}`);
    const mail = (await outboxMails(identity.pool, email)).find((m) => m.jobName === 'membership-rejected');
    assert.ok(mail?.text.includes(reason), 'the reason is in the e-mail');
  });

  it('answers 404 pages for an unknown request or decision', async () => {
    const same = { 'Sec-Fetch-Site': 'same-origin' };
    const unknown = await consoleCall('/admin/memberships/REQ-NOPE-1/approve', { form: {}, headers: same });
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /There is no membership with request ID REQ-NOPE-1/);
    const decision = await consoleCall('/admin/memberships/REQ-NOPE-1/delete', { form: {}, headers: same });
    assert.equal(decision.status, 404);
    await decision.body?.cancel();
  });
});

describe('queue dashboard', () => {
  it('serves bull-board behind the same sign-in, listing every queue', async () => {
    const denied = await consoleCall('/admin/queues', { auth: null });
    assert.equal(denied.status, 401);
    await denied.body?.cancel();

    const ui = await consoleCall('/admin/queues');
    assert.equal(ui.status, 200);
    assert.match(ui.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(ui.headers.get('content-security-policy'), CONSOLE_CSP);
    const page = await ui.text();
    assert.match(page, /<base href="\/admin\/queues\/"/);
    const script = /<script defer src="(static\/js\/main\.[^"]+\.js)"/.exec(page)?.[1];
    assert.ok(script, 'the UI script is served from the same origin');
    const js = await consoleCall(`/admin/queues/${script}`);
    assert.equal(js.status, 200);
    await js.body?.cancel();

    const api = await consoleCall('/admin/queues/api/queues');
    assert.equal(api.status, 200);
    const body = (await api.json()) as { queues: Array<{ name: string; readOnlyMode: boolean; allowRetries: boolean }> };
    assert.deepEqual(body.queues.map((q) => q.name).sort(), Object.values(QUEUES).sort());
    assert.ok(body.queues.every((q) => q.readOnlyMode && !q.allowRetries), 'every queue is read-only, without retries');
  });

  it('is read-only: retry, promote, clean, add, edit, pause and empty answer 405 and the jobs stay as they were', async (t) => {
    const connection = createRedis(identity.redis.url, { role: 'worker', connectionName: 'console-test' });
    t.after(() => closeRedis(connection));
    const queue = new Queue(QUEUES.supportTickets, { connection });
    t.after(() => queue.close());
    const worker = new Worker(QUEUES.supportTickets, () => Promise.reject(new Error('SMTP down')), { connection, autorun: false });
    t.after(() => worker.close());
    const failed = once(worker, 'failed');
    const job = await queue.add('ticket', { n: 1 }, { jobId: 'console-retry-1', attempts: 1 });
    void worker.run();
    await failed;
    await worker.close();
    assert.equal(await job.getState(), 'failed');
    const later = await queue.add('ticket', { n: 2 }, { jobId: 'console-delayed-1', delay: 3_600_000 });

    const base = `/admin/queues/api/queues/${QUEUES.supportTickets}`;
    const sameOrigin = { Authorization: basic(USER, PASSWORD), 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' };
    const crossSite = await fetch(`${identity.url}${base}/${job.id ?? ''}/retry`, { method: 'PUT', headers: { ...sameOrigin, 'X-Forwarded-For': newAddress(), 'Sec-Fetch-Site': 'cross-site' } });
    assert.equal(crossSite.status, 403);
    await crossSite.body?.cancel();
    const actions: Array<[string, string, unknown?]> = [
      ['PUT', `${base}/${job.id ?? ''}/retry`],
      ['PUT', `${base}/retry/failed`],
      ['PUT', `${base}/${later.id ?? ''}/promote`],
      ['PUT', `${base}/promote`],
      ['PUT', `${base}/${job.id ?? ''}/clean`],
      ['PUT', `${base}/clean/failed`],
      ['POST', `${base}/add`, { name: 'ticket', data: { n: 3 } }],
      ['PATCH', `${base}/${job.id ?? ''}/update-data`, { data: { n: 9 } }],
      ['PUT', `${base}/pause`],
      ['PUT', '/admin/queues/api/queues/pause'],
      ['PUT', `${base}/empty`],
      ['DELETE', `${base}/${job.id ?? ''}`],
    ];
    for (const [method, path, payload] of actions) {
      const res = await fetch(`${identity.url}${path}`, { method, headers: { ...sameOrigin, 'X-Forwarded-For': newAddress() }, ...(payload ? { body: JSON.stringify(payload) } : {}) });
      assert.equal(res.status, 405, `${method} ${path}`);
      assert.deepEqual(await res.json(), { error: 'read_only', message: READ_ONLY_MESSAGE });
    }
    assert.equal(await job.getState(), 'failed');
    assert.deepEqual((await queue.getJob(job.id ?? ''))?.data, { n: 1 });
    assert.equal(await later.getState(), 'delayed');
    assert.equal(await queue.isPaused(), false);
    assert.deepEqual(await queue.getJobCounts('waiting', 'failed', 'delayed'), { waiting: 0, failed: 1, delayed: 1 });
  });

  it('shows e-mail jobs without their body: a reset link waiting to be sent is not on the dashboard', async (t) => {
    const connection = createRedis(identity.redis.url, { role: 'worker', connectionName: 'console-test-mail' });
    t.after(() => closeRedis(connection));
    const queue = new Queue(QUEUES.email, { connection });
    t.after(() => queue.close());
    const token = 'dashboard-token-Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE';
    const link = `https://tamil.example.org/reset-password/${token}`;
    // Delayed (SMTP down, say): the mailer has not sent it, so the body is still in the job.
    await queue.add('reset-link', { key: 'dash-reset-1', to: 'member@example.org', subject: 'Reset your password', text: `Open ${link}`, html: `<a href="${link}">Reset</a>` }, { jobId: 'dash-reset-1', delay: 3_600_000 });

    const one = await consoleCall(`/admin/queues/api/queues/${QUEUES.email}/dash-reset-1`);
    assert.equal(one.status, 200);
    const oneText = await one.text();
    const shown = (JSON.parse(oneText) as { job: { data: Record<string, unknown> } }).job.data;
    assert.deepEqual(shown, { key: 'dash-reset-1', to: 'member@example.org', subject: 'Reset your password', text: HIDDEN_EMAIL_BODY, html: HIDDEN_EMAIL_BODY });
    const list = await consoleCall(`/admin/queues/api/queues?activeQueue=${QUEUES.email}&status=delayed&page=1&jobsPerPage=10`);
    assert.equal(list.status, 200);
    const listText = await list.text();
    assert.match(listText, /dash-reset-1/, 'the job is listed');
    for (const text of [oneText, listText]) assert.ok(!text.includes(token), 'no reset token on the dashboard');
  });
});
