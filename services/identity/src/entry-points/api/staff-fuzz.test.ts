import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fuzzAndCheck, fuzzSeed, type FuzzReport, type FuzzTarget } from '@tca/service-kit/testing';
import { addRoles } from '../../data-access/staff-repository.js';
import { GOOD_PASSWORD, newEmail, outboxMails, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { challengeFor, newStaffMember, staffCall, totpCode, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * The staff endpoints that read a body, path or query (issue 14) under generated input, as auth-fuzz.test.ts
 * does for /auth: COUNT seeded requests per endpoint (fewer than auth's 1,000 for now), the second-factor
 * limits off, each answered below 500 and every 4xx with a JSON `error` and `message`; the service still
 * ready after. A failure prints its seed: replay with FUZZ_SEED=<seed>.
 */

const SEED = fuzzSeed(20261127);
const COUNT = 300;
const TIME_CAP_MS = 45_000;

let identity: TestIdentity;
let owner: StaffMemberForTest;
let editor: StaffMemberForTest;
/** A staff account that has not set up an app: its challenge can enrol. */
let enrolChallenge: string;
let invitationToken: string;
const reports: FuzzReport[] = [];

before(async () => {
  identity = await startTestIdentity('staff_fuzz', { SECOND_FACTOR_FAILURE_LIMIT_PER_CHALLENGE: '0', SECOND_FACTOR_FAILURE_LIMIT_PER_ACCOUNT: '0' });
  owner = await newStaffMember(identity, ['owner']);
  editor = await newStaffMember(identity, ['editor']);
  const newcomer = await registerAndLogin(identity);
  await addRoles(identity.pool, Number(newcomer.login.user.id), ['support'], 'test');
  enrolChallenge = await challengeFor(identity, newcomer.email, newcomer.password, 'enrol');
  const invitee = newEmail('fuzz-invitee');
  assert.equal((await staffCall(identity, 'POST', '/staff-api/invitations', owner.token, { email: invitee, roles: ['editor'] })).status, 201);
  const [mail] = await outboxMails(identity.pool, invitee);
  const token = /\/staff\/accept-invitation\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  assert.ok(token);
  invitationToken = token;
});

after(async () => {
  console.log(`staff fuzz, seed ${SEED}: ${reports.length} endpoints × ${COUNT} requests = ${reports.reduce((n, r) => n + r.requests, 0)} requests`);
  await identity?.stop();
});

/** The shared pass rule (fuzzAndCheck): no failure, every request sent, some refused, still ready after. */
async function fuzz(shape: Omit<FuzzTarget, 'baseUrl'>): Promise<FuzzReport> {
  const report = await fuzzAndCheck({ baseUrl: identity.url, method: 'POST', ...shape }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
  reports.push(report);
  return report;
}

const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };
const bearer = (member: StaffMemberForTest) => ({ Authorization: `Bearer ${member.token}` });

describe('the staff endpoints under fuzzed requests', () => {
  it(`POST /auth/login/enrol: ${COUNT} requests`, TIMEOUT, async () => {
    const report = await fuzz({ path: '/auth/login/enrol', validBodies: [{ challenge: enrolChallenge }] });
    assert.ok((report.byStatus[200] ?? 0) > 0, 'the valid challenge enrols');
  });

  it(`POST /auth/login/enrol/confirm and /auth/login/second-factor: ${COUNT} requests each`, TIMEOUT, async () => {
    const challenge = await challengeFor(identity, editor.email, editor.password, 'totp');
    await fuzz({ path: '/auth/login/enrol/confirm', validBodies: [{ challenge: enrolChallenge, code: '123456' }] });
    await fuzz({ path: '/auth/login/second-factor', validBodies: [{ challenge, code: await totpCode(editor.secret, 1) }, { challenge, code: editor.recoveryCodes[0] ?? '' }] });
  });

  it(`POST /staff-api/invitations (owner): ${COUNT} requests`, TIMEOUT, async () => {
    const member = await registerAndLogin(identity);
    const report = await fuzz({ path: '/staff-api/invitations', headers: bearer(owner), validBodies: [{ email: member.email, roles: ['treasurer'] }, { email: 'fuzz.invite@example.org', roles: ['editor', 'support'] }] });
    assert.equal(report.byStatus[401] ?? 0, 0, 'the owner session stayed valid');
  });

  it(`POST /staff-api/invitations/accept: ${COUNT} requests`, TIMEOUT, async () => {
    await fuzz({ path: '/staff-api/invitations/accept', validBodies: [{ token: invitationToken, firstName: 'Anbu', lastName: 'Selvan', phoneNumber: '61412345678', password: GOOD_PASSWORD }] });
  });

  it(`PUT /staff-api/staff/:userId/roles (owner): ${COUNT} requests`, TIMEOUT, async () => {
    const target = await newStaffMember(identity, ['editor']);
    await fuzz({ method: 'PUT', path: '/staff-api/staff/:userId/roles', pathParams: { userId: [String(target.userId)] }, headers: bearer(owner), validBodies: [{ roles: ['editor', 'support'] }] });
  });

  it(`DELETE /staff-api/staff/:userId, …/:userId/second-factor and /staff-api/invitations/:id (owner): ${COUNT} requests each`, TIMEOUT, async () => {
    const target = await newStaffMember(identity, ['treasurer']);
    const removed = await fuzz({ method: 'DELETE', path: '/staff-api/staff/:userId', pathParams: { userId: [String(target.userId)] }, headers: bearer(owner) });
    assert.equal(removed.byStatus[200], 1, 'the staff member is removed once');
    const invited = await staffCall(identity, 'POST', '/staff-api/invitations', owner.token, { email: newEmail('fuzz-withdrawn'), roles: ['support'] });
    const { invitation } = (await invited.json()) as { invitation: { id: string } };
    const withdrawn = await fuzz({ method: 'DELETE', path: '/staff-api/invitations/:id', pathParams: { id: [invitation.id] }, headers: bearer(owner) });
    assert.equal(withdrawn.byStatus[200], 1, 'the invitation is withdrawn once');
    const enrolled = await newStaffMember(identity, ['support']);
    const reset = await fuzz({ method: 'DELETE', path: '/staff-api/staff/:userId/second-factor', pathParams: { userId: [String(enrolled.userId)] }, headers: bearer(owner) });
    assert.equal(reset.byStatus[200], 1, 'the authenticator app is reset once');
  });

  it(`GET /staff-api/staff/colleagues (any staff): ${COUNT} requests`, TIMEOUT, async () => {
    const report = await fuzz({ method: 'GET', path: '/staff-api/staff/colleagues', headers: bearer(editor), query: { role: ['support', 'owner', 'treasurer'] } });
    assert.equal(report.byStatus[401] ?? 0, 0, 'the editor session stayed valid');
  });

  it(`GET /staff-api/audit (owner): ${COUNT} requests`, TIMEOUT, async () => {
    await fuzz({ method: 'GET', path: '/staff-api/audit', headers: bearer(owner), query: { action: ['sign_in'], actor: [owner.email], from: ['2026-03-01'], to: ['2026-03-02'], before: ['1000'], limit: ['20'] } });
  });
});
