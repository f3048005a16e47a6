import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changePasswordFormSchema, REGISTER_DEFAULTS, registerFormSchema, resetPasswordFormSchema } from './form-schemas.js';

/** The first message for each field, as react-hook-form shows them. */
function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    found[key] ??= issue.message;
  }
  return found;
}

const good = {
  ...REGISTER_DEFAULTS,
  firstName: 'Meera',
  lastName: 'Raman',
  email: 'meera@example.org',
  phone: '0412 345 678',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  termsAccepted: true,
};

test('register: an empty form gives every §5 "required" message', () => {
  assert.deepEqual(messages(registerFormSchema.safeParse(REGISTER_DEFAULTS)), {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    email: 'Email is required',
    phone: 'Phone number is required',
    password: 'Password is required',
    confirmPassword: 'Please confirm your password',
    termsAccepted: 'You must accept the terms and conditions',
  });
});

test('register: the §5 length, format, strength and match messages', () => {
  assert.deepEqual(
    messages(
      registerFormSchema.safeParse({ ...good, firstName: 'M', lastName: 'R', email: 'meera@', phone: '04123', password: 'short', confirmPassword: 'other' }),
    ),
    {
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email format',
      phone: 'Phone number is too short',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    },
  );
  assert.deepEqual(messages(registerFormSchema.safeParse({ ...good, password: 'longenough', confirmPassword: 'longenough' })), {
    password: 'Password must include uppercase, lowercase, numbers, and special characters',
  });
});

test('register: the phone must be valid for its country (Australia by default)', () => {
  assert.equal(REGISTER_DEFAULTS.phoneCountry, 'AU');
  assert.equal(registerFormSchema.safeParse(good).success, true);
  assert.deepEqual(messages(registerFormSchema.safeParse({ ...good, phone: '0812 345 678' })), { phone: 'Please enter a valid phone number for Australia' });
  assert.equal(registerFormSchema.safeParse({ ...good, phone: '98765 43210', phoneCountry: 'IN' }).success, true);
});

test('reset password: "Passwords do not match." with the stop, and the new-password rule', () => {
  assert.deepEqual(messages(resetPasswordFormSchema.safeParse({ password: 'Str0ng!pass', confirmPassword: 'Str0ng!pasS' })), {
    confirmPassword: 'Passwords do not match.',
  });
  assert.deepEqual(messages(resetPasswordFormSchema.safeParse({ password: '', confirmPassword: '' })), {
    password: 'Password is required',
    confirmPassword: 'Please confirm your password',
  });
  assert.equal(resetPasswordFormSchema.safeParse({ password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }).success, true);
});

test("change password: all three required; a mismatch says New passwords don't match before any strength rule", () => {
  assert.deepEqual(messages(changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' })), {
    currentPassword: 'Current password is required',
    newPassword: 'New password is required',
    confirmPassword: 'Please confirm your new password',
  });
  assert.deepEqual(messages(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: 'weak', confirmPassword: 'weaker' })), {
    confirmPassword: "New passwords don't match",
  });
  assert.deepEqual(messages(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: 'weak', confirmPassword: 'weak' })), {
    newPassword: 'Password must be at least 8 characters',
  });
  assert.equal(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: 'N3w!password', confirmPassword: 'N3w!password' }).success, true);
});
