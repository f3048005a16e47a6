import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstMessages } from '../../shared/testing/first-messages.js';
import { REGISTER_DEFAULTS, registerFormSchema } from './register-form-schema.js';

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
  assert.deepEqual(firstMessages(registerFormSchema.safeParse(REGISTER_DEFAULTS)), {
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
    firstMessages(
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
  assert.deepEqual(firstMessages(registerFormSchema.safeParse({ ...good, password: 'longenough', confirmPassword: 'longenough' })), {
    password: 'Password must include uppercase, lowercase, numbers, and special characters',
  });
});

test('register: the phone must be valid for its country (Australia by default)', () => {
  assert.equal(REGISTER_DEFAULTS.phoneCountry, 'AU');
  assert.equal(registerFormSchema.safeParse(good).success, true);
  assert.deepEqual(firstMessages(registerFormSchema.safeParse({ ...good, phone: '0812 345 678' })), { phone: 'Please enter a valid phone number for Australia' });
  assert.equal(registerFormSchema.safeParse({ ...good, phone: '98765 43210', phoneCountry: 'IN' }).success, true);
});
