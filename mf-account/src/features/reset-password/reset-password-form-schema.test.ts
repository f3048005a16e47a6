import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstMessages } from '../../shared/testing/first-messages.js';
import { resetPasswordFormSchema } from './reset-password-form-schema.js';

test('reset password: "Passwords do not match." with the stop, and the new-password rule', () => {
  assert.deepEqual(firstMessages(resetPasswordFormSchema.safeParse({ password: 'Str0ng!pass', confirmPassword: 'Str0ng!pasS' })), {
    confirmPassword: 'Passwords do not match.',
  });
  assert.deepEqual(firstMessages(resetPasswordFormSchema.safeParse({ password: '', confirmPassword: '' })), {
    password: 'Password is required',
    confirmPassword: 'Please confirm your password',
  });
  assert.equal(resetPasswordFormSchema.safeParse({ password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }).success, true);
});
