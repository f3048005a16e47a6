import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serviceForPath } from './api-routes.js';
import { hasStaffRole, STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, staffMeAnswerSchema } from './staff.js';

describe('staff roles', () => {
  it('has a label and a description for each of the five roles', () => {
    assert.deepEqual(STAFF_ROLES, ['owner', 'editor', 'membership_officer', 'treasurer', 'support']);
    for (const role of STAFF_ROLES) assert.ok(STAFF_ROLE_LABELS[role] && STAFF_ROLE_DESCRIPTIONS[role], role);
  });

  it('hasStaffRole: one of the allowed roles, or owner', () => {
    assert.equal(hasStaffRole(['editor'], ['editor']), true);
    assert.equal(hasStaffRole(['owner'], ['treasurer']), true);
    assert.equal(hasStaffRole(['editor', 'support'], ['treasurer', 'membership_officer']), false);
    assert.equal(hasStaffRole([], ['editor']), false);
  });

  it('GET /staff-api/me answers with at least one known role', () => {
    const user = { id: '7', email: 'a@example.org', firstName: 'A', lastName: 'B' };
    assert.ok(staffMeAnswerSchema.safeParse({ user, roles: ['editor'], twoFactorEnrolled: true }).success);
    assert.ok(!staffMeAnswerSchema.safeParse({ user, roles: [], twoFactorEnrolled: true }).success);
    assert.ok(!staffMeAnswerSchema.safeParse({ user, roles: ['admin'], twoFactorEnrolled: true }).success);
  });

  it('routes /staff-api/content/ to content and the rest of /staff-api/ to identity; /staff pages are not API paths', () => {
    assert.equal(serviceForPath('/staff-api/content/posts'), 'content');
    assert.equal(serviceForPath('/staff-api/me'), 'identity');
    assert.equal(serviceForPath('/staff'), undefined);
    assert.equal(serviceForPath('/staff/posts'), undefined);
  });
});

describe('staff API requests and answers', () => {
  it('invitations: a valid e-mail and one or more roles, each once', async () => {
    const { inviteStaffRequestSchema } = await import('./staff.js');
    assert.ok(inviteStaffRequestSchema.safeParse({ email: ' a@example.org ', roles: ['editor', 'support'] }).success);
    for (const bad of [{ email: 'a@example.org', roles: [] }, { email: 'a@example.org', roles: ['editor', 'editor'] }, { email: 'nope', roles: ['editor'] }, { email: 'a@example.org', roles: ['admin'] }, { email: 'a@example.org', roles: ['editor'], extra: 1 }]) {
      assert.ok(!inviteStaffRequestSchema.safeParse(bad).success, JSON.stringify(bad));
    }
  });

  it('accepting an invitation needs the registration rules (names, phone, a strong password)', async () => {
    const { acceptInvitationRequestSchema } = await import('./staff.js');
    const good = { token: 'x'.repeat(43), firstName: 'Meera', lastName: 'Raman', phoneNumber: '61412345678', password: 'Kolam#2026pass' };
    assert.ok(acceptInvitationRequestSchema.safeParse(good).success);
    assert.ok(!acceptInvitationRequestSchema.safeParse({ ...good, password: 'weakpassword' }).success);
    assert.ok(!acceptInvitationRequestSchema.safeParse({ ...good, phoneNumber: '+61 412' }).success);
    assert.ok(!acceptInvitationRequestSchema.safeParse({ ...good, token: '' }).success);
  });

  it('the audit query: a known action, an id for before, a limit of 1 to 100', async () => {
    const { auditQuerySchema } = await import('./staff.js');
    assert.deepEqual(auditQuerySchema.parse({ action: 'sign_in', before: '42', limit: '10' }), { action: 'sign_in', before: '42', limit: 10 });
    for (const bad of [{ action: 'drop' }, { before: '0' }, { before: 'x' }, { limit: '0' }, { limit: '101' }, { limit: '-1' }, { other: '1' }]) {
      assert.ok(!auditQuerySchema.safeParse(bad).success, JSON.stringify(bad));
    }
  });

  it('the invitation answer is either the roles granted or an invitation', async () => {
    const { inviteStaffAnswerSchema } = await import('./staff.js');
    const member = { user: { id: '1', email: 'a@example.org', firstName: 'A', lastName: 'B' }, roles: ['owner'], twoFactorEnrolled: false, since: '2026-11-27T00:00:00.000Z' };
    assert.ok(inviteStaffAnswerSchema.safeParse({ outcome: 'granted', message: 'ok', member }).success);
    assert.ok(!inviteStaffAnswerSchema.safeParse({ outcome: 'invited', message: 'ok', member }).success);
  });
});
