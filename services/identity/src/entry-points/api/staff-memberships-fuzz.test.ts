import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fuzzAndCheck, fuzzSeed, type FuzzTarget } from '@tca/service-kit/testing';
import { createMembershipBody, createPaidMembership, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * The members desk's endpoints (GET /staff-api/memberships, POST …/:requestId/approve and …/reject; issue 15's
 * GET /staff-api/members, …/:userId and …/export.csv) under
 * generated query strings, paths and bodies, as staff-fuzz.test.ts does for the other staff calls: every
 * answer below 500, every 4xx a JSON `error` and `message`, a request decided at most once, still ready after.
 * A failure prints its seed: replay with FUZZ_SEED=<seed>.
 */

const SEED = fuzzSeed(20261128);
const COUNT = 200;
const TIME_CAP_MS = 20_000;
const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };

let identity: TestIdentity;
let officer: StaffMemberForTest;

before(async () => {
  identity = await startTestIdentity('staff_memberships_fuzz');
  officer = await newStaffMember(identity, ['membership_officer']);
});
after(async () => {
  await identity?.stop();
});

async function pendingRequestId(): Promise<string> {
  const { email, login } = await registerAndLogin(identity);
  return (await createPaidMembership(identity, createMembershipBody(login.user.id, email))).requestId;
}

function fuzz(shape: Omit<FuzzTarget, 'baseUrl' | 'headers'>) {
  return fuzzAndCheck({ baseUrl: identity.url, method: 'POST', headers: { Authorization: `Bearer ${officer.token}` }, ...shape }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
}

describe('the members desk under fuzzed requests', () => {
  it(`GET /staff-api/memberships: ${COUNT} requests`, TIMEOUT, async () => {
    const report = await fuzz({ method: 'GET', path: '/staff-api/memberships', query: { status: ['Pending'], page: ['2'], limit: ['10'] } });
    assert.ok((report.byStatus[200] ?? 0) > 0, 'valid queries list');
  });

  it(`GET /staff-api/members (the members desk's search): ${COUNT} requests`, TIMEOUT, async () => {
    const report = await fuzz({
      method: 'GET',
      path: '/staff-api/members',
      query: { q: ['Raman', 'மீனா'], level: ['Silver-Single'], status: ['Active', 'Expired'], endsWithinDays: ['30'], page: ['1'], limit: ['10'] },
    });
    assert.ok((report.byStatus[200] ?? 0) > 0, 'valid queries list');
  });

  it(`GET /staff-api/members/:userId and /staff-api/members/export.csv: ${COUNT} requests each`, TIMEOUT, async () => {
    const { login } = await registerAndLogin(identity);
    const member = await fuzz({ method: 'GET', path: '/staff-api/members/:userId', pathParams: { userId: [login.user.id] } });
    assert.ok((member.byStatus[200] ?? 0) > 0, 'the member is found');
    const roll = await fuzz({ method: 'GET', path: '/staff-api/members/export.csv', headerParams: { Authorization: [`Bearer ${officer.token}`] } });
    assert.ok((roll.byStatus[200] ?? 0) > 0, 'the roll is exported');
  });

  it(`POST /staff-api/memberships/:requestId/approve and /reject: ${COUNT} requests each, each request decided at most once`, TIMEOUT, async () => {
    const approved = await fuzz({ path: '/staff-api/memberships/:requestId/approve', pathParams: { requestId: [await pendingRequestId()] }, validBodies: [{}] });
    assert.ok((approved.byStatus[200] ?? 0) <= 1, 'approved once at most');
    const rejected = await fuzz({ path: '/staff-api/memberships/:requestId/reject', pathParams: { requestId: [await pendingRequestId()] }, validBodies: [{ reason: 'The details do not match.' }] });
    assert.ok((rejected.byStatus[200] ?? 0) <= 1, 'rejected once at most');
    const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM membership_decisions');
    assert.equal(rows[0]?.n, (approved.byStatus[200] ?? 0) + (rejected.byStatus[200] ?? 0), 'one decision per 200');
  });
});
