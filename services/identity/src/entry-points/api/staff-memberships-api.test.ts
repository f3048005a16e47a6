import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  MEMBERSHIP_APPROVED_MESSAGE,
  MEMBERSHIP_REJECTED_MESSAGE,
  membershipAlreadyDecidedAnswerSchema,
  membershipDecisionAnswerSchema,
  membershipRequestsAnswerSchema,
  STAFF_ROLE_REQUIRED_MESSAGE,
  STAFF_SECOND_FACTOR_REQUIRED_MESSAGE,
  type StaffRole,
} from '@tca/contracts';
import { decisionsOf } from '../../domain/membership-decisions.js';
import { apiError, createMembershipBody, createPaidMembership, outboxMails, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { assertQueriesRefused, auditEntries, newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * The members desk's membership requests (issue 14) on the real service: role checks (membership officer
 * or owner; an editor gets 403 `forbidden`), validation, approving and rejecting with the same e-mails the
 * retired /admin/ console queued, the decision and the audit entry, and a decision made meanwhile (409).
 */

let identity: TestIdentity;
let owner: StaffMemberForTest;
let officer: StaffMemberForTest;
const others: Partial<Record<StaffRole, StaffMemberForTest>> = {};

before(async () => {
  identity = await startTestIdentity('staff_memberships');
  owner = await newStaffMember(identity, ['owner']);
  officer = await newStaffMember(identity, ['membership_officer']);
  for (const role of ['editor', 'treasurer', 'support'] as const) others[role] = await newStaffMember(identity, [role]);
});
after(async () => {
  await identity?.stop();
});

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

const list = (token: string, query = '') => staffCall(identity, 'GET', `/staff-api/memberships${query}`, token);
const approve = (token: string | undefined, requestId: string, body: unknown = {}) => staffCall(identity, 'POST', `/staff-api/memberships/${requestId}/approve`, token, body);
const reject = (token: string | undefined, requestId: string, body: unknown) => staffCall(identity, 'POST', `/staff-api/memberships/${requestId}/reject`, token, body);

describe('membership requests: role checks', () => {
  it('401 without a session, 403 for a member, without the second factor, and for editor, treasurer and support; officer and owner pass', async () => {
    const { requestId } = await pendingMembership();
    const member = await registerAndLogin(identity);
    const calls = [
      (token: string | undefined) => staffCall(identity, 'GET', '/staff-api/memberships', token),
      (token: string | undefined) => approve(token, requestId),
      (token: string | undefined) => reject(token, requestId, { reason: 'Not eligible.' }),
    ];
    for (const ask of calls) {
      assert.equal((await apiError(await ask(undefined), 401)).error, 'unauthorized');
      assert.deepEqual(await apiError(await ask(member.login.token), 403), { error: 'not_staff', message: STAFF_ROLE_REQUIRED_MESSAGE });
      assert.deepEqual(await apiError(await ask(officer.memberToken), 403), { error: 'second_factor_required', message: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE });
      for (const role of ['editor', 'treasurer', 'support'] as const) {
        assert.deepEqual(await apiError(await ask(others[role]?.token), 403), { error: 'forbidden', message: STAFF_ROLE_REQUIRED_MESSAGE }, role);
      }
    }
    assert.equal(await storedStatus(requestId), 'Pending', 'nobody without the role changed it');
    for (const who of [officer, owner]) {
      const res = await list(who.token);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      membershipRequestsAnswerSchema.parse(await res.json());
    }
  });
});

describe('membership requests: the list', () => {
  it('puts Pending requests first (oldest first), filters by status and pages', async () => {
    const first = await pendingMembership();
    const second = await pendingMembership();
    const decided = await pendingMembership();
    assert.equal((await approve(officer.token, decided.requestId)).status, 200);

    const all = membershipRequestsAnswerSchema.parse(await (await list(officer.token, '?limit=100')).json());
    const statuses = all.memberships.map((m) => m.status);
    const lastPending = statuses.lastIndexOf('Pending');
    assert.ok(statuses.slice(0, lastPending + 1).every((s) => s === 'Pending'), 'Pending before the rest');
    const ids = all.memberships.map((m) => m.requestId);
    assert.ok(ids.indexOf(first.requestId) < ids.indexOf(second.requestId), 'oldest Pending first');
    assert.ok(ids.indexOf(decided.requestId) > lastPending);
    assert.equal(all.pending, statuses.filter((s) => s === 'Pending').length);
    const listed = all.memberships.find((m) => m.requestId === first.requestId);
    assert.equal(listed?.email, first.email);
    assert.equal(listed?.membershipName.length !== 0, true);

    const active = membershipRequestsAnswerSchema.parse(await (await list(officer.token, '?status=Active')).json());
    assert.ok(active.memberships.length > 0 && active.memberships.every((m) => m.status === 'Active'));
    assert.ok(active.memberships.some((m) => m.requestId === decided.requestId));

    const page1 = membershipRequestsAnswerSchema.parse(await (await list(officer.token, '?status=Pending&limit=1')).json());
    const page2 = membershipRequestsAnswerSchema.parse(await (await list(officer.token, '?status=Pending&limit=1&page=2')).json());
    assert.equal(page1.memberships.length, 1);
    assert.equal(page1.total, all.pending);
    assert.deepEqual([page1.page, page1.pageSize, page2.page], [1, 1, 2]);
    assert.notEqual(page1.memberships[0]?.requestId, page2.memberships[0]?.requestId);
    const past = membershipRequestsAnswerSchema.parse(await (await list(officer.token, '?page=99999')).json());
    assert.deepEqual([past.memberships.length, past.total], [0, all.total]);
  });

  it('answers 400 with the field for a bad status, page or limit, or an unknown parameter', async () => {
    await assertQueriesRefused((query) => list(officer.token, query), [
      ['?status=pending', 'status'],
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?status=Pending&status=Active', 'status'],
      ['?order=name', 'order'],
    ]);
  });
});

describe('membership requests: decisions', () => {
  it('approves: Active, the decision and the audit entry name the officer, the approval e-mail is queued as before', async () => {
    const { requestId, email } = await pendingMembership();
    const res = await approve(officer.token, requestId);
    assert.equal(res.status, 200);
    const answer = membershipDecisionAnswerSchema.parse(await res.json());
    assert.equal(answer.message, MEMBERSHIP_APPROVED_MESSAGE);
    assert.deepEqual([answer.membership.requestId, answer.membership.status], [requestId, 'Active']);
    assert.equal(await storedStatus(requestId), 'Active');
    const [decision] = await decisionsOf(identity.pool, requestId);
    assert.deepEqual([decision?.decision, decision?.fromStatus, decision?.toStatus, decision?.decidedBy], ['approved', 'Pending', 'Active', officer.email]);
    const mails = await outboxMails(identity.pool, email);
    assert.deepEqual(
      mails.map((m) => m.jobName),
      ['membership-approved'],
    );
    const [entry] = await auditEntries(identity, requestId);
    assert.equal(entry?.action, 'membership_approved');
    assert.equal(entry?.actor_email, officer.email);
    assert.match(entry?.summary ?? '', new RegExp(`^Pending → Active: .+ for ${email.replace(/[.+]/g, '\\$&')}$`));
  });

  it('rejects only with a reason (400 otherwise, nothing changed), records it and e-mails it', async () => {
    const { requestId, email } = await pendingMembership();
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 'a\u0000b' }, { reason: 7 }, { reason: 'ok', extra: 1 }]) {
      const error = await apiError(await reject(owner.token, requestId, body), 400);
      assert.equal(error.error, 'validation_failed', JSON.stringify(body));
    }
    assert.equal((await apiError(await approve(owner.token, requestId, { reason: 'no' }), 400)).error, 'validation_failed');
    assert.equal(await storedStatus(requestId), 'Pending');
    assert.equal((await outboxMails(identity.pool, email)).length, 0);

    const reason = 'The passport copy could not be read <please resend>.';
    const res = await reject(owner.token, requestId, { reason: `  ${reason} ` });
    assert.equal(res.status, 200);
    const answer = membershipDecisionAnswerSchema.parse(await res.json());
    assert.deepEqual([answer.message, answer.membership.status], [MEMBERSHIP_REJECTED_MESSAGE, 'Rejected']);
    const [decision] = await decisionsOf(identity.pool, requestId);
    assert.deepEqual([decision?.reason, decision?.decidedBy], [reason, owner.email]);
    const mail = (await outboxMails(identity.pool, email)).find((m) => m.jobName === 'membership-rejected');
    assert.ok(mail?.text.includes(reason), 'the reason is in the e-mail');
    const [entry] = await auditEntries(identity, requestId);
    assert.equal(entry?.action, 'membership_rejected');
    assert.match(entry?.summary ?? '', /^Pending → Rejected: .+; reason: The passport copy/);
  });

  it('answers 409 with who decided and how it stands when someone decided meanwhile; nothing changes, no second e-mail', async () => {
    const { requestId, email } = await pendingMembership();
    assert.equal((await approve(owner.token, requestId)).status, 200);
    for (const res of [await approve(officer.token, requestId), await reject(officer.token, requestId, { reason: 'Too late.' })]) {
      assert.equal(res.status, 409);
      const stale = membershipAlreadyDecidedAnswerSchema.parse(await res.json());
      assert.equal(stale.current.status, 'Active');
      assert.deepEqual([stale.lastDecision?.decision, stale.lastDecision?.decidedBy], ['approved', owner.email]);
      assert.equal(stale.message, `${requestId} is no longer Pending: ${owner.email} already approved it, and it is Active now. Nothing was changed.`);
    }
    assert.equal(await storedStatus(requestId), 'Active');
    assert.equal((await decisionsOf(identity.pool, requestId)).length, 1);
    assert.equal((await outboxMails(identity.pool, email)).length, 1);
    assert.equal((await auditEntries(identity, requestId)).length, 1);
  });

  it('replaces the retired Basic-auth console: /admin/ and /admin/queues answer 404, with or without credentials', async () => {
    const basic = `Basic ${Buffer.from('operator:console-pass-0123').toString('base64')}`;
    for (const path of ['/admin', '/admin/', '/admin/memberships?status=Pending', '/admin/queues', '/admin/queues/api/queues']) {
      for (const headers of [{}, { Authorization: basic }] as Array<Record<string, string>>) {
        const res = await fetch(`${identity.url}${path}`, { headers });
        assert.equal(res.status, 404, `${path} ${JSON.stringify(headers)}`);
        assert.equal(res.headers.get('www-authenticate'), null);
        await res.body?.cancel();
      }
    }
  });

  it('answers 404 for an unknown request ID or decision', async () => {
    for (const path of ['/staff-api/memberships/M-1999-000000/approve', '/staff-api/memberships/%40someone%40example.org/approve', '/staff-api/memberships/M-1/delete']) {
      const res = await staffCall(identity, 'POST', path, officer.token, {});
      assert.equal(res.status, 404, path);
      assert.match((await apiError(res, 404)).message, /There is no/);
    }
  });
});
