import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cancelledCheckoutId, checkoutSessionId, successOutcome } from './payment-outcome.js';

const ok = (answer: { payment_status: 'paid' | 'unpaid' | 'no_payment_required'; membershipType?: string; userId?: string } | null) =>
  ({ kind: 'ok', status: 200, answer, body: answer }) as const;

test('session_id is read from the query string; a missing or odd one is null', () => {
  assert.equal(checkoutSessionId('?session_id=cs_test_a1B2'), 'cs_test_a1B2');
  assert.equal(checkoutSessionId(''), null);
  assert.equal(cancelledCheckoutId('?order=ord_2026_17'), 'ord_2026_17', 'the cancel URL names the order');
  assert.equal(cancelledCheckoutId('?session_id=cs_test_a1B2'), 'cs_test_a1B2');
  assert.equal(cancelledCheckoutId('?order=../x'), null);
  assert.equal(checkoutSessionId('?session_id=../../x'), null);
});

test('paid family levels go to /confirmation with membershipType and userId; others to /', () => {
  assert.deepEqual(successOutcome(ok({ payment_status: 'paid', membershipType: 'Gold-Family', userId: 'REQ-9' })), {
    kind: 'paid',
    next: { path: '/confirmation', dependants: { membershipType: 'Gold-Family', userId: 'REQ-9' } },
  });
  assert.deepEqual(successOutcome(ok({ payment_status: 'paid', membershipType: 'Silver-Family', userId: 'REQ-1' })).kind, 'paid');
  assert.deepEqual(successOutcome(ok({ payment_status: 'paid', membershipType: 'Gold-Single', userId: 'REQ-2' })), { kind: 'paid', next: { path: '/' } });
  // The demo book has no membership.
  assert.deepEqual(successOutcome(ok({ payment_status: 'paid' })), { kind: 'paid', next: { path: '/' } });
});

test('any other status is a failed payment; a failed or unreadable lookup is an error', () => {
  assert.deepEqual(successOutcome(ok({ payment_status: 'unpaid' })), { kind: 'not-paid' });
  assert.deepEqual(successOutcome(ok({ payment_status: 'no_payment_required' })), { kind: 'not-paid' });
  assert.deepEqual(successOutcome(ok(null)), { kind: 'lookup-failed' });
  assert.deepEqual(successOutcome({ kind: 'network', message: '' }), { kind: 'lookup-failed' });
  assert.deepEqual(successOutcome({ kind: 'http', status: 404, statusText: '', error: null, retryAfter: null }), { kind: 'lookup-failed' });
});
