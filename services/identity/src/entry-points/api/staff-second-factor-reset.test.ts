import assert from 'node:assert/strict';
import { userInfo } from 'node:os';
import { after, before, describe, it } from 'node:test';
import {
  NO_SECOND_FACTOR_TO_RESET_MESSAGE,
  RESET_OWN_SECOND_FACTOR_MESSAGE,
  resetSecondFactorAnswerSchema,
  SECOND_FACTOR_RESET_MESSAGE,
  STAFF_MEMBER_NOT_FOUND_MESSAGE,
  STAFF_ROLE_REQUIRED_MESSAGE,
  type StaffRole,
} from '@tca/contracts';
import { main } from '../cli/admin-cli.js';
import { apiError, call, registerAndLogin, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { auditEntries, challengeFor, newStaffMember, staffCall, totpCode, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * An owner resets the two-factor sign-in of a staff member who lost their phone and their recovery codes
 * (DELETE /staff-api/staff/:userId/second-factor), and the CLI does the same for the last owner: the app and
 * the codes are forgotten, their sessions end, the next login sets up a new app; audited.
 */

let identity: TestIdentity;
let owner: StaffMemberForTest;

before(async () => {
  identity = await startTestIdentity('staff_2fa_reset');
  owner = await newStaffMember(identity, ['owner']);
});
after(async () => {
  await identity?.stop();
});

const resetPath = (userId: number | string) => `/staff-api/staff/${userId}/second-factor`;

describe('DELETE /staff-api/staff/:userId/second-factor', () => {
  it('owner only: 401 without a session, 403 for a member and for every other role', async () => {
    const editor = await newStaffMember(identity, ['editor']);
    const member = await registerAndLogin(identity);
    assert.equal((await apiError(await staffCall(identity, 'DELETE', resetPath(editor.userId), undefined), 401)).error, 'unauthorized');
    assert.deepEqual(await apiError(await staffCall(identity, 'DELETE', resetPath(editor.userId), member.login.token), 403), { error: 'not_staff', message: STAFF_ROLE_REQUIRED_MESSAGE });
    for (const role of ['editor', 'membership_officer', 'treasurer', 'support'] as const satisfies readonly StaffRole[]) {
      const other = await newStaffMember(identity, [role]);
      const res = await staffCall(identity, 'DELETE', resetPath(editor.userId), other.token);
      assert.deepEqual(await apiError(res, 403), { error: 'forbidden', message: STAFF_ROLE_REQUIRED_MESSAGE }, role);
    }
    // Nothing changed: the editor still signs in with their app.
    const challenge = await challengeFor(identity, editor.email, editor.password, 'totp');
    assert.equal((await call(identity, '/auth/login/second-factor', { challenge, code: await totpCode(editor.secret, 1) })).status, 200);
  });

  it('forgets the app and the recovery codes, ends their sessions, audits; their next login sets up a new app', async () => {
    const editor = await newStaffMember(identity, ['editor']);
    assert.equal((await staffCall(identity, 'GET', '/staff-api/me', editor.token)).status, 200);

    const res = await staffCall(identity, 'DELETE', resetPath(editor.userId), owner.token);
    assert.equal(res.status, 200, await res.clone().text());
    const answer = resetSecondFactorAnswerSchema.parse(await res.json());
    assert.equal(answer.message, SECOND_FACTOR_RESET_MESSAGE);
    assert.equal(answer.member.twoFactorEnrolled, false);
    assert.deepEqual(answer.member.roles, ['editor']);

    // Their session ended at once; the old recovery codes and app are gone: the next login enrols.
    assert.equal((await staffCall(identity, 'GET', '/staff-api/me', editor.token)).status, 401);
    const challenge = await challengeFor(identity, editor.email, editor.password, 'enrol');
    const recovery = await call(identity, '/auth/login/second-factor', { challenge, code: editor.recoveryCodes[0] });
    assert.equal(recovery.status, 400, 'an old recovery code does not sign in');

    const [entry] = (await auditEntries(identity, editor.email)).filter((e) => e.action === 'second_factor_reset');
    assert.ok(entry, 'an audit entry');
    assert.equal(entry.actor_email, owner.email);
    // Both of theirs: the member session from before the role and the staff session.
    assert.equal(entry.summary, 'Authenticator app and recovery codes reset; 2 sessions ended.');

    // Resetting again: nothing to reset.
    const again = await staffCall(identity, 'DELETE', resetPath(editor.userId), owner.token);
    assert.deepEqual(await apiError(again, 409), { error: 'no_second_factor', message: NO_SECOND_FACTOR_TO_RESET_MESSAGE });
  });

  it('not for your own account (409), an account without a role (404) or a malformed id (400)', async () => {
    assert.deepEqual(await apiError(await staffCall(identity, 'DELETE', resetPath(owner.userId), owner.token), 409), {
      error: 'own_second_factor',
      message: RESET_OWN_SECOND_FACTOR_MESSAGE,
    });
    const member = await registerAndLogin(identity);
    assert.deepEqual(await apiError(await staffCall(identity, 'DELETE', resetPath(member.login.user.id), owner.token), 404), {
      error: 'staff_member_not_found',
      message: STAFF_MEMBER_NOT_FOUND_MESSAGE,
    });
    assert.equal((await staffCall(identity, 'DELETE', resetPath('abc'), owner.token)).status, 400);
    // The owner is still signed in and enrolled.
    assert.equal((await staffCall(identity, 'GET', '/staff-api/me', owner.token)).status, 200);
  });
});

describe('npm run admin -- staff reset-2fa <email>', () => {
  it('resets the app of a staff member (e.g. the last owner), audited as cli:<login name>; unknown accounts and members are refused', async () => {
    const lastOwner = await newStaffMember(identity, ['owner']);
    const lines: string[] = [];
    const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const env = { DATABASE_URL: identity.databaseUrl, PUBLIC_URL: TEST_PUBLIC_URL };

    assert.equal(await main(['staff', 'reset-2fa', lastOwner.email], env, output), 0, lines.join('\n'));
    assert.match(lines.join('\n'), /authenticator app and recovery codes reset, sessions ended/);
    await challengeFor(identity, lastOwner.email, lastOwner.password, 'enrol');
    const entries = (await auditEntries(identity, lastOwner.email)).filter((e) => e.action === 'second_factor_reset');
    assert.equal(entries[0]?.actor_email, `cli:${userInfo().username}`);

    lines.length = 0;
    assert.equal(await main(['staff', 'reset-2fa', 'nobody-here@example.org'], env, output), 1);
    assert.match(lines.join('\n'), /There is no account for nobody-here@example\.org/);

    const member = await registerAndLogin(identity);
    lines.length = 0;
    assert.notEqual(await main(['staff', 'reset-2fa', member.email], env, output), 0);
    assert.match(lines.join('\n'), new RegExp(STAFF_MEMBER_NOT_FOUND_MESSAGE.replace(/\./g, '\\.')));
  });
});
