import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  QUEUE_JOB_NOT_FAILED_MESSAGE,
  QUEUE_JOB_NOT_FOUND_MESSAGE,
  queueJobsAnswerSchema,
  QUEUES,
  STAFF_ROLE_REQUIRED_MESSAGE,
  STAFF_SECOND_FACTOR_REQUIRED_MESSAGE,
  staffQueuesAnswerSchema,
  type QueueJob,
} from '@tca/contracts';
import { waitFor } from '@tca/service-kit/testing';
import { UnrecoverableError, Worker } from 'bullmq';
import { HIDDEN_LINK, safeJobData } from '../../domain/staff-queues.js';
import { apiError, call, outboxMails, registerAndLogin, resetTokenIn, startTestIdentity, type CallOptions, type TestIdentity } from '../../testing/harness.js';
import { auditEntries, newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * The queues dashboard's API (issue 14) on the real service and its own Redis: the role checks (every staff
 * role reads, only an owner retries and removes), the data's allow-list (a password-reset link in a job's
 * data or failure never reaches the answer), retry and remove of a failed job with their audit entries.
 */

let identity: TestIdentity;
let owner: StaffMemberForTest;
let editor: StaffMemberForTest;
let resetEmail: string;
let resetToken: string;
let resetJobId: string;

async function ok<T>(res: Response, schema: { parse(value: unknown): T }): Promise<T> {
  assert.equal(res.status, 200, await res.clone().text());
  return schema.parse(await res.json());
}

async function emailJobs(token: string, state: string): Promise<{ text: string; jobs: QueueJob[] }> {
  const res = await staffCall(identity, 'GET', `/staff-api/queues/email/jobs?state=${state}`, token);
  const text = await res.clone().text();
  return { text, jobs: (await ok(res, queueJobsAnswerSchema)).jobs };
}

/** Lets a worker fail every e-mail job at once (its message quotes the mail's text, reset link included), until `count` have failed. */
async function failEmailJobs(count: number): Promise<void> {
  const { hostname, port } = new URL(identity.redis.url);
  const worker = new Worker(
    QUEUES.email,
    async (job) => {
      throw new UnrecoverableError(`SMTP refused the message: ${String((job.data as { text?: unknown }).text)}`);
    },
    { connection: { host: hostname, port: Number(port) } },
  );
  try {
    await waitFor(async () => (await emailJobs(owner.token, 'failed')).jobs.length >= count, 10_000, `${count} failed e-mail jobs`);
  } finally {
    await worker.close();
  }
}

before(async () => {
  identity = await startTestIdentity('staff_queues');
  owner = await newStaffMember(identity, ['owner']);
  editor = await newStaffMember(identity, ['editor']);
  ({ email: resetEmail } = await registerAndLogin(identity));
  assert.equal((await call(identity, '/auth/send-reset-email', { email: resetEmail })).status, 200);
  const [mail] = await outboxMails(identity.pool, resetEmail);
  assert.ok(mail, 'the reset e-mail is in the outbox');
  resetToken = resetTokenIn(mail);
  resetJobId = mail.jobId;
  // The outbox relay moves it to the email queue (nothing sends it in this test).
  await waitFor(async () => (await emailJobs(owner.token, 'waiting')).jobs.some((job) => job.id === resetJobId), 10_000, 'the reset e-mail job in the queue');
});
after(async () => {
  await identity?.stop();
});

describe('role checks', () => {
  const reads = ['/staff-api/queues', '/staff-api/queues/email/jobs?state=failed'];
  const changes = ['/staff-api/queues/email/jobs/unknown-job/retry', '/staff-api/queues/email/jobs/unknown-job/remove'];

  it('401 without a session, 403 for members and for staff without the second factor; every staff role reads; only an owner changes (others 403)', async () => {
    const member = await registerAndLogin(identity);
    for (const [path, method] of [...reads.map((p) => [p, 'GET'] as const), ...changes.map((p) => [p, 'POST'] as const)]) {
      const ask = (token: string | undefined) => staffCall(identity, method as NonNullable<CallOptions['method']>, path, token, method === 'POST' ? {} : undefined);
      assert.equal((await apiError(await ask(undefined), 401)).error, 'unauthorized', path);
      assert.deepEqual(await apiError(await ask(member.login.token), 403), { error: 'not_staff', message: STAFF_ROLE_REQUIRED_MESSAGE }, path);
      assert.deepEqual(await apiError(await ask(owner.memberToken), 403), { error: 'second_factor_required', message: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE }, path);
      if (method === 'GET') {
        assert.equal((await ask(editor.token)).status, 200, path);
        assert.equal((await ask(owner.token)).status, 200, path);
      } else {
        assert.deepEqual(await apiError(await ask(editor.token), 403), { error: 'forbidden', message: STAFF_ROLE_REQUIRED_MESSAGE }, path);
        assert.deepEqual(await apiError(await ask(owner.token), 404), { error: 'not_found', message: QUEUE_JOB_NOT_FOUND_MESSAGE }, path);
      }
    }
  });

  it('GET /staff-api/queues: every queue with its counts; canManage only for an owner', async () => {
    const asEditor = await ok(await staffCall(identity, 'GET', '/staff-api/queues', editor.token), staffQueuesAnswerSchema);
    assert.deepEqual(asEditor.queues.map((queue) => queue.name), Object.values(QUEUES));
    assert.equal(asEditor.canManage, false);
    assert.ok((asEditor.queues.find((queue) => queue.name === 'email')?.counts.waiting ?? 0) >= 1);
    assert.equal((await ok(await staffCall(identity, 'GET', '/staff-api/queues', owner.token), staffQueuesAnswerSchema)).canManage, true);
  });

  it('validates the queue, the state, the paging and the job id (400)', async () => {
    for (const path of [
      '/staff-api/queues/nope/jobs',
      '/staff-api/queues/email/jobs?state=stuck',
      '/staff-api/queues/email/jobs?limit=0',
      '/staff-api/queues/email/jobs?limit=51',
      '/staff-api/queues/email/jobs?offset=-1',
      '/staff-api/queues/email/jobs?extra=1',
    ]) {
      assert.equal((await apiError(await staffCall(identity, 'GET', path, editor.token), 400)).error, 'validation_failed', path);
    }
    for (const path of ['/staff-api/queues/nope/jobs/1/retry', '/staff-api/queues/email/jobs/a%20b/remove', `/staff-api/queues/email/jobs/${'x'.repeat(251)}/retry`]) {
      assert.equal((await apiError(await staffCall(identity, 'POST', path, owner.token, {}), 400)).error, 'validation_failed', path);
    }
  });
});

describe('job data', () => {
  it('a waiting reset e-mail shows its key, address and subject; the body (with the reset link) never appears', async () => {
    const { text, jobs } = await emailJobs(editor.token, 'waiting');
    const job = jobs.find((candidate) => candidate.id === resetJobId);
    assert.ok(job);
    assert.equal(job.data.to, resetEmail);
    assert.deepEqual(Object.keys(job.data).sort(), ['key', 'subject', 'to']);
    assert.ok(job.hiddenFields.includes('text') && job.hiddenFields.includes('html'), String(job.hiddenFields));
    assert.ok(!text.includes(resetToken), 'the reset token is not in the answer');
    assert.ok(!text.includes('/reset-password/'), 'no reset link in the answer');
  });

  it('the allow-list: unknown fields, objects and links in shown fields are hidden', () => {
    assert.deepEqual(safeJobData('email', { key: 'k', subject: 'Open https://x.example/reset-password/abc now', token: 's3cret', to: { nested: 1 } }), {
      data: { key: 'k', subject: `Open ${HIDDEN_LINK} now` },
      hiddenFields: ['token', 'to'],
    });
    assert.deepEqual(safeJobData('support-tickets', { ticketUid: 'u', reference: 'TCA-2026-000001' }), { data: { reference: 'TCA-2026-000001' }, hiddenFields: ['ticketUid'] });
    assert.deepEqual(safeJobData('membership-renewals', {}), { data: {}, hiddenFields: [] });
    assert.deepEqual(safeJobData('email', 'a string'), { data: {}, hiddenFields: ['(data)'] });
  });
});

describe('failed jobs', () => {
  it('shows the reason without the link; an owner retries it (audited), then a second retry is a 409', async () => {
    await failEmailJobs(1);
    const { text, jobs } = await emailJobs(editor.token, 'failed');
    const failed = jobs.find((job) => job.id === resetJobId);
    const reason = failed?.failedReason ?? '';
    assert.ok(reason.startsWith('SMTP refused the message:'), reason);
    assert.ok(reason.includes(HIDDEN_LINK), reason);
    assert.ok(!text.includes(resetToken), 'the reset token is not in the failure reason');
    assert.equal(failed?.attemptsMade, 1);

    const retried = await staffCall(identity, 'POST', `/staff-api/queues/email/jobs/${resetJobId}/retry`, owner.token, {});
    assert.equal(retried.status, 200, await retried.clone().text());
    assert.ok((await emailJobs(owner.token, 'waiting')).jobs.some((job) => job.id === resetJobId), 'back in waiting');
    assert.deepEqual(await apiError(await staffCall(identity, 'POST', `/staff-api/queues/email/jobs/${resetJobId}/retry`, owner.token, {}), 409), {
      error: 'not_failed',
      message: QUEUE_JOB_NOT_FAILED_MESSAGE,
    });
    const [entry] = await auditEntries(identity, `email/${resetJobId}`);
    assert.equal(entry?.action, 'queue_job_retried');
    assert.equal(entry.actor_email, owner.email);
    assert.match(entry.summary, /^Retried failed job "password-reset" \(1 attempt: SMTP refused the message: /);
    assert.ok(!entry.summary.includes(resetToken), 'nor in the audit log');
  });

  it('an owner removes a failed job (audited); it is gone, a second removal is a 404; an editor cannot (403) and nothing changes', async () => {
    await failEmailJobs(1);
    assert.equal((await apiError(await staffCall(identity, 'POST', `/staff-api/queues/email/jobs/${resetJobId}/remove`, editor.token, {}), 403)).error, 'forbidden');
    assert.ok((await emailJobs(owner.token, 'failed')).jobs.some((job) => job.id === resetJobId), 'still failed after the editor tried');
    const removed = await staffCall(identity, 'POST', `/staff-api/queues/email/jobs/${resetJobId}/remove`, owner.token, {});
    assert.equal(removed.status, 200, await removed.clone().text());
    for (const state of ['failed', 'waiting', 'completed']) assert.ok(!(await emailJobs(owner.token, state)).jobs.some((job) => job.id === resetJobId), state);
    assert.equal((await apiError(await staffCall(identity, 'POST', `/staff-api/queues/email/jobs/${resetJobId}/remove`, owner.token, {}), 404)).error, 'not_found');
    assert.deepEqual(
      (await auditEntries(identity, `email/${resetJobId}`)).map((entry) => [entry.action, entry.actor_email]),
      [
        ['queue_job_retried', owner.email],
        ['queue_job_removed', owner.email],
      ],
    );
  });
});
