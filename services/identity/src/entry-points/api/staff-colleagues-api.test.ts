import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COLLEAGUES_ROLE_MESSAGE, STAFF_COLLEAGUES_API_PATH, staffColleaguesAnswerSchema, type StaffColleague, type StaffRole } from '@tca/contracts';
import { apiError, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * GET /staff-api/staff/colleagues?role= on the real service (issue 15: the support desk's assignee picker):
 * any signed-in staff member may ask; the holders of the role and the owners, with all their roles, by
 * e-mail; a removed staff member is gone at once; a member 403, no session 401, a bad role 400.
 */

let identity: TestIdentity;
let owner: StaffMemberForTest;
let support: StaffMemberForTest;
let treasurer: StaffMemberForTest;
let supportAndEditor: StaffMemberForTest;

before(async () => {
  identity = await startTestIdentity('staff_colleagues');
  owner = await newStaffMember(identity, ['owner']);
  support = await newStaffMember(identity, ['support']);
  treasurer = await newStaffMember(identity, ['treasurer']);
  supportAndEditor = await newStaffMember(identity, ['editor', 'support']);
});
after(async () => {
  await identity?.stop();
});

async function colleagues(role: string, token: string): Promise<StaffColleague[]> {
  const res = await staffCall(identity, 'GET', `${STAFF_COLLEAGUES_API_PATH}?role=${role}`, token);
  assert.equal(res.status, 200, await res.clone().text());
  return staffColleaguesAnswerSchema.parse(await res.json()).colleagues;
}

const entry = (member: StaffMemberForTest, roles: StaffRole[]): StaffColleague => ({ userId: String(member.userId), email: member.email, displayName: 'Meera Raman', roles });
const byEmail = (people: StaffColleague[]) => [...people].sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()));

describe('GET /staff-api/staff/colleagues', () => {
  it('answers the role’s holders and the owners, with all their roles, by e-mail, to any staff member (a treasurer too)', async () => {
    const found = await colleagues('support', treasurer.token);
    assert.deepEqual(found, byEmail([entry(owner, ['owner']), entry(support, ['support']), entry(supportAndEditor, ['editor', 'support'])]));
    assert.ok(!found.some((person) => person.email === treasurer.email), 'a treasurer does not work the support desk');
    assert.deepEqual(await colleagues('treasurer', support.token), byEmail([entry(owner, ['owner']), entry(treasurer, ['treasurer'])]));
    assert.deepEqual(await colleagues('owner', support.token), [entry(owner, ['owner'])]);
    assert.deepEqual(await colleagues('editor', owner.token), byEmail([entry(owner, ['owner']), entry(supportAndEditor, ['editor', 'support'])]));
  });

  it('a new support volunteer is a colleague at once; a removed one is gone on the next request', async () => {
    const volunteer = await newStaffMember(identity, ['support']);
    assert.ok((await colleagues('support', owner.token)).some((person) => person.userId === String(volunteer.userId)));
    const removed = await staffCall(identity, 'DELETE', `/staff-api/staff/${volunteer.userId}`, owner.token);
    assert.equal(removed.status, 200, await removed.clone().text());
    assert.ok(!(await colleagues('support', owner.token)).some((person) => person.userId === String(volunteer.userId)));
    const demoted = await staffCall(identity, 'PUT', `/staff-api/staff/${supportAndEditor.userId}/roles`, owner.token, { roles: ['editor'] });
    assert.equal(demoted.status, 200, await demoted.clone().text());
    assert.ok(!(await colleagues('support', owner.token)).some((person) => person.userId === String(supportAndEditor.userId)));
  });

  it('no session 401; a member 403 not_staff; staff without the second factor 403', async () => {
    assert.equal((await apiError(await staffCall(identity, 'GET', `${STAFF_COLLEAGUES_API_PATH}?role=support`, undefined), 401)).error, 'unauthorized');
    const member = await registerAndLogin(identity);
    assert.equal((await apiError(await staffCall(identity, 'GET', `${STAFF_COLLEAGUES_API_PATH}?role=support`, member.login.token), 403)).error, 'not_staff');
    assert.equal((await apiError(await staffCall(identity, 'GET', `${STAFF_COLLEAGUES_API_PATH}?role=support`, support.memberToken), 403)).error, 'second_factor_required');
  });

  it('an unknown, missing or repeated role, or another parameter, is 400 with the roles named', async () => {
    for (const query of ['?role=admin', '', '?role=', '?role=support&role=owner', '?role=SUPPORT', '?role=support&page=2']) {
      const error = await apiError(await staffCall(identity, 'GET', `${STAFF_COLLEAGUES_API_PATH}${query}`, owner.token), 400);
      assert.equal(error.error, 'validation_failed', query);
      if (!query.includes('page')) assert.equal(error.fields?.role, COLLEAGUES_ROLE_MESSAGE, query);
    }
  });
});
