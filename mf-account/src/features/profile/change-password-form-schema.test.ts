import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstMessages } from '../../shared/testing/first-messages.js';
import { changePasswordFormSchema } from './change-password-form-schema.js';

test("change password: all three required; a mismatch says New passwords don't match before any strength rule", () => {
  assert.deepEqual(firstMessages(changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' })), {
    currentPassword: 'Current password is required',
    newPassword: 'New password is required',
    confirmPassword: 'Please confirm your new password',
  });
  assert.deepEqual(firstMessages(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: 'weak', confirmPassword: 'weaker' })), {
    confirmPassword: "New passwords don't match",
  });
  assert.deepEqual(firstMessages(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: 'weak', confirmPassword: 'weak' })), {
    newPassword: 'Password must be at least 8 characters',
  });
  assert.equal(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: 'N3w!password', confirmPassword: 'N3w!password' }).success, true);
});
