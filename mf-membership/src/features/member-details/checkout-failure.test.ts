import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SUBMISSION_NOT_ALLOWED } from '@tca/contracts';
import { checkoutFailure } from './checkout-failure.js';

const http = (status: number, error: { error: string; message: string; fields?: Record<string, string> } | null, retryAfter: string | null = null) =>
  ({ kind: 'http', status, statusText: 'x', error, retryAfter }) as const;

test('§8: a lost connection or a server error shows the toast and then the alert', () => {
  const expected = { kind: 'alert', toast: 'Failed to create checkout session', alert: 'Something went wrong. Please try again.', detail: null };
  assert.deepEqual(checkoutFailure({ kind: 'network', message: 'offline' }), expected);
  assert.deepEqual(checkoutFailure(http(502, null)), expected);
  assert.deepEqual(checkoutFailure(http(500, { error: 'internal', message: 'boom' })), expected);
});

test('a rejected login ends the session', () => {
  assert.deepEqual(checkoutFailure(http(401, { error: 'session_expired', message: 'expired' })), { kind: 'session-ended' });
});

test('409s: Submission Not Allowed, or already active', () => {
  assert.deepEqual(checkoutFailure(http(409, { error: 'submission_not_allowed', message: 'x' })), {
    kind: 'not-allowed',
    title: 'Submission Not Allowed',
    message: SUBMISSION_NOT_ALLOWED.message,
  });
  assert.deepEqual(checkoutFailure(http(409, { error: 'already_active', message: 'x' })), { kind: 'already-active', message: 'You already have an active membership' });
});

test('a 400 puts field messages under the fields, or adds the server message to the alert', () => {
  assert.deepEqual(
    checkoutFailure(http(400, { error: 'validation_failed', message: 'Please check the form.', fields: { 'membership.postalCode': 'Postal Code must be 4 digits', price: 'x' } })),
    { kind: 'fields', alert: 'Please check the form.', fields: { postalCode: 'Postal Code must be 4 digits' } },
  );
  assert.deepEqual(checkoutFailure(http(400, { error: 'price_mismatch', message: 'The price has changed.' })), {
    kind: 'alert',
    toast: 'Failed to create checkout session',
    alert: 'Something went wrong. Please try again.',
    detail: 'The price has changed.',
  });
});

test('a 429 says when to try again', () => {
  const failure = checkoutFailure(http(429, { error: 'rate_limited', message: 'Too many checkouts.' }, '120'));
  assert.equal(failure.kind === 'alert' && failure.detail, 'Too many checkouts. Please try again in 2 minutes.');
});
