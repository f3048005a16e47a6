import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiError } from '@tca/contracts';
import type { FailedResult } from '@tca/ui/api';
import {
  changePasswordOutcome,
  loadFailureDetail,
  loginFailureText,
  registerFailure,
  resetPasswordOutcome,
  resetRequestOutcome,
} from './messages.js';

const http = (status: number, error: ApiError | null = null, retryAfter: string | null = null, statusText = ''): FailedResult => ({
  kind: 'http',
  status,
  statusText,
  error,
  retryAfter,
});
const network: FailedResult = { kind: 'network', message: 'Failed to fetch' };
const ok = <T>(answer: T | null) => ({ kind: 'ok' as const, status: 200, answer, body: answer });

test('login (§8): 401/403 invalid credentials, 404 server unavailable, else the generic text', () => {
  assert.equal(loginFailureText(http(401, { error: 'invalid_credentials', message: 'nope' })), 'Invalid email or password');
  assert.equal(loginFailureText(http(403)), 'Invalid email or password');
  assert.equal(loginFailureText(http(404)), 'Server unavailable');
  assert.equal(loginFailureText(http(500)), 'Something went wrong. Please try again later.');
  assert.equal(loginFailureText(http(400)), 'Something went wrong. Please try again later.');
  assert.equal(loginFailureText(network), 'Something went wrong. Please try again later.');
});

test('a 429 says so and when to try again', () => {
  assert.equal(loginFailureText(http(429, { error: 'rate_limited', message: 'Too many login attempts.' }, '120')), 'Too many login attempts. Please try again in 2 minutes.');
  assert.equal(loginFailureText(http(429)), 'Too many attempts.');
});

test('reset request (§8): success, success false with or without a message, 404, others', () => {
  assert.deepEqual(resetRequestOutcome(ok({ success: true, message: 'anything' })), { ok: true, text: 'Reset link sent successfully. Check your email.' });
  assert.deepEqual(resetRequestOutcome(ok({ success: false, message: 'Mail is down' })), { ok: false, text: 'Mail is down' });
  assert.deepEqual(resetRequestOutcome(ok({ success: false, message: '' })), { ok: false, text: 'Failed to send reset link.' });
  assert.deepEqual(resetRequestOutcome(http(404)), { ok: false, text: 'Server unavailable' });
  assert.deepEqual(resetRequestOutcome(http(503)), { ok: false, text: 'Something went wrong. Please try again later.' });
  assert.deepEqual(resetRequestOutcome(network), { ok: false, text: 'Something went wrong. Please try again later.' });
});

test('register (§8): the server message, else the fallback; no answer; field messages go under fields', () => {
  const duplicate = http(409, { error: 'email_taken', message: 'An account with this email already exists.', fields: { email: 'Already registered', token: 'x' } });
  assert.deepEqual(registerFailure(duplicate, ['email', 'phoneNumber'] as const), {
    text: 'An account with this email already exists.',
    fields: { email: 'Already registered' },
  });
  assert.deepEqual(registerFailure(http(500), ['email'] as const), { text: 'Registration failed. Please try again.', fields: {} });
  assert.deepEqual(registerFailure(network, ['email'] as const), { text: 'No response from server. Please try again.', fields: {} });
});

test('reset password (§8): success, server message or fallback, network; a used link offers a new request', () => {
  assert.deepEqual(resetPasswordOutcome(ok({ message: 'Password reset successfully!' })), { ok: true, text: 'Password reset successfully!', linkInvalid: false });
  assert.deepEqual(resetPasswordOutcome(http(400, { error: 'invalid_reset_token', message: 'This reset link has expired or was already used.' })), {
    ok: false,
    text: 'This reset link has expired or was already used.',
    linkInvalid: true,
  });
  assert.deepEqual(resetPasswordOutcome(http(400, { error: 'validation_failed', message: 'Password must be at least 8 characters', fields: { password: 'Password must be at least 8 characters' } })), {
    ok: false,
    text: 'Password must be at least 8 characters',
    linkInvalid: false,
  });
  for (const reason of ['used', 'expired', 'invalid']) {
    assert.equal(resetPasswordOutcome(http(400, { error: `reset_link_${reason}`, message: 'x' })).linkInvalid, true, reason);
  }
  assert.equal(resetPasswordOutcome(http(400, { error: 'validation_failed', message: 'x', fields: { token: 'The reset link is not valid' } })).linkInvalid, true);
  assert.deepEqual(resetPasswordOutcome(http(500)), { ok: false, text: 'Something went wrong.', linkInvalid: false });
  assert.deepEqual(resetPasswordOutcome(network), { ok: false, text: 'An error occurred. Please try again later.', linkInvalid: false });
});

test('change password (§7/§8): success by the message, else the server message or the fallback', () => {
  assert.deepEqual(changePasswordOutcome(ok({ success: true, message: 'Password updated successfully!' })), { ok: true, text: 'Password changed successfully' });
  assert.deepEqual(changePasswordOutcome(ok({ message: 'Password updated successfully!' })), { ok: true, text: 'Password changed successfully' });
  assert.deepEqual(changePasswordOutcome(ok({ success: false, message: 'Current password is incorrect' })), { ok: false, text: 'Current password is incorrect' });
  assert.deepEqual(changePasswordOutcome(http(400, { error: 'wrong_password', message: 'Current password is incorrect' })), {
    ok: false,
    text: 'Current password is incorrect',
  });
  assert.deepEqual(
    changePasswordOutcome(http(400, { error: 'wrong_current_password', message: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } })),
    { ok: false, text: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } },
  );
  assert.deepEqual(changePasswordOutcome(http(500)), { ok: false, text: 'Failed to change password' });
  assert.deepEqual(changePasswordOutcome(network), { ok: false, text: 'Failed to change password' });
});

test('the profile failure screen names what went wrong', () => {
  assert.equal(loadFailureDetail(http(503, { error: 'unavailable', message: 'Database unavailable' }, null, 'Service Unavailable')), 'Database unavailable (503 Service Unavailable)');
  assert.equal(loadFailureDetail(http(502, null, null, 'Bad Gateway')), 'The server answered 502 Bad Gateway.');
  assert.equal(loadFailureDetail(network), 'No response from the server (Failed to fetch).');
});
