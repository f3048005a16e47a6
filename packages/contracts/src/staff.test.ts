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
