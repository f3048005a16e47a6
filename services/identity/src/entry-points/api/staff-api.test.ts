import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  acceptInvitationAnswerSchema,
  auditPageAnswerSchema,
  INVITATION_ENDED_MESSAGE,
  inviteStaffAnswerSchema,
  LAST_OWNER_MESSAGE,
  sessionAnswerSchema,
  STAFF_ROLE_REQUIRED_MESSAGE,
  STAFF_SECOND_FACTOR_REQUIRED_MESSAGE,
  staffListAnswerSchema,
  staffMeAnswerSchema,
  type StaffRole,
} from '@tca/contracts';
import { apiError, call, GOOD_PASSWORD, newEmail, outboxMails, registerAndLogin, startTestIdentity, TEST_PUBLIC_URL, type CallOptions, type TestIdentity } from '../../testing/harness.js';
import { auditEntries, challengeFor, newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * The staff API on identity (issue 14), on the real service: every endpoint's role check for every kind of
 * caller, validation, invitations, roles, the last owner, and the audit log (which the database refuses to
 * change). Prints the answers per endpoint and status of the role checks.
 */

let identity: TestIdentity;
let owner: StaffMemberForTest;
const byRole: Partial<Record<StaffRole, StaffMemberForTest>> = {};
const OTHER_ROLES = ['editor', 'membership_officer', 'treasurer', 'support'] as const;
const UNKNOWN_ID = '2000000000';

before(async () => {
  identity = await startTestIdentity('staff_api');
  owner = await newStaffMember(identity, ['owner']);
  for (const role of OTHER_ROLES) byRole[role] = await newStaffMember(identity, [role]);
});
after(async () => {
  await identity?.stop();
});

function inviteLink(text: string): string {
  const match = new RegExp(`${TEST_PUBLIC_URL.replace(/\./g, '\\.')}/staff/accept-invitation/([A-Za-z0-9_-]{43})`).exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return match[1];
}

async function invite(email: string, roles: StaffRole[]) {
  const res = await staffCall(identity, 'POST', '/staff-api/invitations', owner.token, { email, roles });
  assert.ok(res.status === 201 || res.status === 200, await res.clone().text());
  return inviteStaffAnswerSchema.parse(await res.json());
}

function acceptBody(token: string, extra: Record<string, unknown> = {}) {
  return { token, firstName: 'Anbu', lastName: 'Selvan', phoneNumber: '61412345678', password: GOOD_PASSWORD, ...extra };
}

describe('role checks on every staff endpoint', () => {
  /** Each endpoint with a request that the owner gets past the checks with (an unknown id, an invalid body: no change made). */
  const endpoints: Array<{ method: NonNullable<CallOptions['method']>; path: string; body?: unknown; owner: number; everyRole: boolean }> = [
    { method: 'GET', path: '/staff-api/me', owner: 200, everyRole: true },
    { method: 'GET', path: '/staff-api/staff', owner: 200, everyRole: false },
    { method: 'GET', path: '/staff-api/staff/colleagues?role=support', owner: 200, everyRole: true },
    { method: 'POST', path: '/staff-api/invitations', body: { email: 'not-an-email', roles: ['editor'] }, owner: 400, everyRole: false },
    { method: 'PUT', path: `/staff-api/staff/${UNKNOWN_ID}/roles`, body: { roles: ['editor'] }, owner: 404, everyRole: false },
    { method: 'DELETE', path: `/staff-api/staff/${UNKNOWN_ID}`, owner: 404, everyRole: false },
    { method: 'DELETE', path: `/staff-api/staff/${UNKNOWN_ID}/second-factor`, owner: 404, everyRole: false },
    { method: 'DELETE', path: `/staff-api/invitations/${UNKNOWN_ID}`, owner: 404, everyRole: false },
    { method: 'GET', path: '/staff-api/audit', owner: 200, everyRole: false },
  ];

  it('401 without a session; 403 for a member, for staff who skipped the second factor, and for a role without the right; the owner passes', async () => {
    const member = await registerAndLogin(identity);
    const table: string[] = [];
    for (const endpoint of endpoints) {
      const statuses: Record<string, number> = {};
      const ask = async (who: string, token: string | undefined) => {
        const res = await staffCall(identity, endpoint.method, endpoint.path, token, endpoint.body);
        statuses[who] = res.status;
        return res;
      };
      assert.equal((await apiError(await ask('none', undefined), 401)).error, 'unauthorized');
      assert.deepEqual(await apiError(await ask('member', member.login.token), 403), { error: 'not_staff', message: STAFF_ROLE_REQUIRED_MESSAGE });
      assert.deepEqual(await apiError(await ask('no-2fa', owner.memberToken), 403), { error: 'second_factor_required', message: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE });
      for (const role of OTHER_ROLES) {
        const res = await ask(role, byRole[role]?.token);
        if (endpoint.everyRole) assert.equal(res.status, 200, `${role} ${endpoint.path}`);
        else assert.deepEqual(await apiError(res, 403), { error: 'forbidden', message: STAFF_ROLE_REQUIRED_MESSAGE }, `${role} ${endpoint.path}`);
      }
      assert.equal((await ask('owner', owner.token)).status, endpoint.owner, `owner ${endpoint.method} ${endpoint.path}`);
      table.push(`${`${endpoint.method} ${endpoint.path}`.padEnd(44)} ${Object.entries(statuses).map(([who, status]) => `${who} ${status}`).join(', ')}`);
    }
    console.log(`staff API role checks (${endpoints.length} endpoints × 8 callers = ${endpoints.length * 8} requests):\n${table.join('\n')}`);
  });

  it('GET /staff-api/me answers the member, the roles and the enrolment', async () => {
    const editor = byRole.editor;
    assert.ok(editor);
    const me = staffMeAnswerSchema.parse(await (await staffCall(identity, 'GET', '/staff-api/me', editor.token)).json());
    assert.deepEqual(me, { user: { id: String(editor.userId), email: editor.email, firstName: 'Meera', lastName: 'Raman' }, roles: ['editor'], twoFactorEnrolled: true });
  });
});

describe('the last owner', () => {
  it('cannot be removed or demoted (409); with a second owner, can', async () => {
    assert.deepEqual(await apiError(await staffCall(identity, 'DELETE', `/staff-api/staff/${owner.userId}`, owner.token), 409), { error: 'last_owner', message: LAST_OWNER_MESSAGE });
    assert.equal((await apiError(await staffCall(identity, 'PUT', `/staff-api/staff/${owner.userId}/roles`, owner.token, { roles: ['editor'] }), 409)).error, 'last_owner');
    const second = await newStaffMember(identity, ['owner']);
    const demoted = await staffCall(identity, 'PUT', `/staff-api/staff/${second.userId}/roles`, owner.token, { roles: ['editor', 'owner'] });
    assert.equal(demoted.status, 200);
    assert.equal((await staffCall(identity, 'DELETE', `/staff-api/staff/${second.userId}`, owner.token)).status, 200);
    assert.equal((await apiError(await staffCall(identity, 'DELETE', `/staff-api/staff/${owner.userId}`, owner.token), 409)).error, 'last_owner');
  });
});

describe('roles', () => {
  it('a changed or removed role counts on the very next request', async () => {
    const staff = await newStaffMember(identity, ['editor']);
    const me = async () => staffCall(identity, 'GET', '/staff-api/me', staff.token);
    assert.deepEqual(staffMeAnswerSchema.parse(await (await me()).json()).roles, ['editor']);
    const changed = await staffCall(identity, 'PUT', `/staff-api/staff/${staff.userId}/roles`, owner.token, { roles: ['support', 'treasurer'] });
    assert.equal(changed.status, 200, await changed.clone().text());
    assert.deepEqual(staffMeAnswerSchema.parse(await (await me()).json()).roles, ['treasurer', 'support']);
    assert.equal((await staffCall(identity, 'DELETE', `/staff-api/staff/${staff.userId}`, owner.token)).status, 200);
    assert.equal((await apiError(await me(), 403)).error, 'not_staff');
    assert.deepEqual(sessionAnswerSchema.parse(await (await call(identity, '/auth/session', undefined, { token: staff.token })).json()).roles, []);
    assert.equal((await apiError(await staffCall(identity, 'DELETE', `/staff-api/staff/${staff.userId}`, owner.token), 404)).error, 'staff_member_not_found');
    assert.deepEqual(
      (await auditEntries(identity, staff.email)).map((entry) => [entry.action, entry.actor_email]),
      [
        ['two_factor_enrolled', staff.email],
        ['sign_in', staff.email],
        ['roles_changed', owner.email],
        ['roles_revoked', owner.email],
      ],
    );
  });

  it('validates roles and ids (400)', async () => {
    const path = `/staff-api/staff/${owner.userId}/roles`;
    for (const body of [{ roles: [] }, { roles: ['admin'] }, { roles: ['editor', 'editor'] }, { roles: 'editor' }, {}, { roles: ['editor'], extra: true }]) {
      assert.equal((await apiError(await staffCall(identity, 'PUT', path, owner.token, body), 400)).error, 'validation_failed', JSON.stringify(body));
    }
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      assert.equal((await apiError(await staffCall(identity, 'PUT', `/staff-api/staff/${id}/roles`, owner.token, { roles: ['editor'] }), 400)).error, 'validation_failed', id);
      assert.equal((await apiError(await staffCall(identity, 'DELETE', `/staff-api/invitations/${id}`, owner.token), 400)).error, 'validation_failed', id);
    }
  });
});

describe('invitations', () => {
  it('an existing account gets the roles at once (200 granted), and enrols at its next login', async () => {
    const { email, password } = await registerAndLogin(identity);
    const answer = await invite(email.toUpperCase(), ['editor']);
    assert.equal(answer.outcome, 'granted');
    assert.equal((await outboxMails(identity.pool, email)).length, 0);
    await challengeFor(identity, email, password, 'enrol');
    assert.deepEqual((await auditEntries(identity, email)).map((entry) => [entry.action, entry.actor_email, entry.summary]), [['role_granted', owner.email, 'Granted Editor.']]);
  });

  it('a new address gets an e-mail with a single-use link valid 72 h; accepting creates the account with the roles', async () => {
    const email = newEmail('invitee');
    const answer = await invite(email, ['editor', 'support']);
    assert.equal(answer.outcome, 'invited');
    if (answer.outcome !== 'invited') return;
    const hours = (new Date(answer.invitation.expiresAt).getTime() - new Date(answer.invitation.createdAt).getTime()) / 3_600_000;
    assert.equal(hours, 72);
    const list = staffListAnswerSchema.parse(await (await staffCall(identity, 'GET', '/staff-api/staff', owner.token)).json());
    assert.ok(list.invitations.some((invitation) => invitation.email === email));
    assert.ok(list.staff.some((member) => member.user.email === owner.email && member.twoFactorEnrolled && member.roles.includes('owner')));
    const [mail] = await outboxMails(identity.pool, email);
    assert.ok(mail);
    assert.match(mail.subject, /invited to the staff/);
    const token = inviteLink(mail.text);
    // The password rules apply.
    assert.equal((await apiError(await call(identity, '/staff-api/invitations/accept', acceptBody(token, { password: 'short' })), 400)).error, 'validation_failed');
    assert.equal((await apiError(await call(identity, '/staff-api/invitations/accept', acceptBody(token, { password: 'P@ssw0rd' })), 400)).error, 'validation_failed');
    const accepted = await call(identity, '/staff-api/invitations/accept', acceptBody(token));
    assert.equal(accepted.status, 201, await accepted.clone().text());
    const result = acceptInvitationAnswerSchema.parse(await accepted.json());
    assert.deepEqual([result.user.email, result.roles], [email, ['editor', 'support']]);
    assert.deepEqual(await apiError(await call(identity, '/staff-api/invitations/accept', acceptBody(token)), 400), { error: 'invitation_ended', message: INVITATION_ENDED_MESSAGE });
    await challengeFor(identity, email, GOOD_PASSWORD, 'enrol');
    assert.deepEqual(
      (await auditEntries(identity, email)).map((entry) => [entry.action, entry.actor_email]),
      [
        ['invitation_sent', owner.email],
        ['invitation_accepted', email],
      ],
    );
  });

  it('an expired or withdrawn link does not work; withdrawing twice is a 404', async () => {
    const expired = await invite(newEmail('late'), ['treasurer']);
    assert.equal(expired.outcome, 'invited');
    const [lateMail] = await outboxMails(identity.pool, expired.outcome === 'invited' ? expired.invitation.email : '');
    await identity.pool.query(`UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE lower(email) = lower($1)`, [lateMail?.to]);
    assert.equal((await apiError(await call(identity, '/staff-api/invitations/accept', acceptBody(inviteLink(lateMail?.text ?? ''))), 400)).error, 'invitation_ended');

    const withdrawn = await invite(newEmail('withdrawn'), ['support']);
    assert.equal(withdrawn.outcome, 'invited');
    if (withdrawn.outcome !== 'invited') return;
    const [mail] = await outboxMails(identity.pool, withdrawn.invitation.email);
    assert.equal((await staffCall(identity, 'DELETE', `/staff-api/invitations/${withdrawn.invitation.id}`, owner.token)).status, 200);
    assert.equal((await apiError(await staffCall(identity, 'DELETE', `/staff-api/invitations/${withdrawn.invitation.id}`, owner.token), 404)).error, 'invitation_not_found');
    assert.equal((await apiError(await call(identity, '/staff-api/invitations/accept', acceptBody(inviteLink(mail?.text ?? ''))), 400)).error, 'invitation_ended');
    const list = staffListAnswerSchema.parse(await (await staffCall(identity, 'GET', '/staff-api/staff', owner.token)).json());
    assert.ok(!list.invitations.some((invitation) => invitation.id === withdrawn.invitation.id));
  });

  it('validates the invitation and the acceptance (400); a link that is not one is refused', async () => {
    for (const body of [{ email: 'a@example.org', roles: [] }, { email: '', roles: ['editor'] }, { roles: ['editor'] }, { email: 'a@example.org', roles: ['root'] }]) {
      assert.equal((await apiError(await staffCall(identity, 'POST', '/staff-api/invitations', owner.token, body), 400)).error, 'validation_failed', JSON.stringify(body));
    }
    for (const body of [{}, acceptBody(''), acceptBody('x'.repeat(43), { firstName: '' }), acceptBody('x'.repeat(43), { phoneNumber: 'call me' })]) {
      assert.equal((await apiError(await call(identity, '/staff-api/invitations/accept', body), 400)).error, 'validation_failed', JSON.stringify(body));
    }
    assert.equal((await apiError(await call(identity, '/staff-api/invitations/accept', acceptBody('x'.repeat(43))), 400)).error, 'invitation_ended');
  });
});

describe('the audit log', () => {
  it('GET /staff-api/audit: newest first, filtered by action and actor, paged with before and limit', async () => {
    const all = auditPageAnswerSchema.parse(await (await staffCall(identity, 'GET', '/staff-api/audit?limit=100', owner.token)).json());
    assert.ok(all.entries.length >= 10, String(all.entries.length));
    const ids = all.entries.map((entry) => Number(entry.id));
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first');
    const signIns = auditPageAnswerSchema.parse(await (await staffCall(identity, 'GET', `/staff-api/audit?action=sign_in&actor=${encodeURIComponent(owner.email.toUpperCase())}`, owner.token)).json());
    assert.ok(signIns.entries.length >= 1 && signIns.entries.every((entry) => entry.action === 'sign_in' && entry.actorEmail === owner.email));
    const first = auditPageAnswerSchema.parse(await (await staffCall(identity, 'GET', '/staff-api/audit?limit=3', owner.token)).json());
    assert.equal(first.entries.length, 3);
    assert.ok(first.nextBefore);
    const second = auditPageAnswerSchema.parse(await (await staffCall(identity, 'GET', `/staff-api/audit?limit=3&before=${first.nextBefore}`, owner.token)).json());
    assert.deepEqual(second.entries.map((entry) => entry.id), all.entries.slice(3, 6).map((entry) => entry.id));
    for (const query of ['limit=0', 'limit=101', 'before=abc', 'action=drop_table', 'unknown=1', 'limit=1&limit=2']) {
      assert.equal((await apiError(await staffCall(identity, 'GET', `/staff-api/audit?${query}`, owner.token), 400)).error, 'validation_failed', query);
    }
  });

  it('is append-only: the database refuses UPDATE and DELETE (and TRUNCATE) of its rows', async () => {
    const before = await auditEntries(identity);
    await assert.rejects(identity.pool.query(`UPDATE audit_log SET summary = 'changed'`), /append-only/);
    await assert.rejects(identity.pool.query('DELETE FROM audit_log'), /append-only/);
    await assert.rejects(identity.pool.query('TRUNCATE audit_log'), /append-only/);
    assert.deepEqual(await auditEntries(identity), before);
  });
});
