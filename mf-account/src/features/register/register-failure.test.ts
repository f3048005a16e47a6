import assert from 'node:assert/strict';
import { test } from 'node:test';
import { http, network } from '../../shared/testing/api-results.js';
import { registerFailure } from './register-failure.js';

test('register (§8): the server message, else the fallback; no answer; field messages go under fields', () => {
  const duplicate = http(409, { error: 'email_taken', message: 'An account with this email already exists.', fields: { email: 'Already registered', token: 'x' } });
  assert.deepEqual(registerFailure(duplicate, ['email', 'phoneNumber'] as const), {
    text: 'An account with this email already exists.',
    fields: { email: 'Already registered' },
  });
  assert.deepEqual(registerFailure(http(500), ['email'] as const), { text: 'Registration failed. Please try again.', fields: {} });
  assert.deepEqual(registerFailure(network, ['email'] as const), { text: 'No response from server. Please try again.', fields: {} });
});
