import assert from 'node:assert/strict';
import { test } from 'node:test';
import { http, network, ok } from '../../shared/testing/api-results.js';
import { loginFailureText, resetRequestOutcome } from './login-outcomes.js';

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
