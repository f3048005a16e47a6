import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cancelledCheckoutId, checkoutSessionId, DEPENDANTS_TARGET_KEY, dependantsTarget, forgetDependantsTarget, rememberDependantsTarget, successOutcome } from './success.js';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

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

test('the family form target comes from the navigation state, else from the tab; it needs a user id and a level', () => {
  const storage = new MemoryStorage();
  assert.deepEqual(dependantsTarget({ membershipType: 'Gold-Family', userId: 'R-1' }, storage), { membershipType: 'Gold-Family', userId: 'R-1' });
  assert.equal(dependantsTarget({ membershipType: 'Gold-Family' }, storage), null);
  assert.equal(dependantsTarget({ membershipType: 'Platinum', userId: 'R-1' }, storage), null);
  assert.equal(dependantsTarget(null, storage), null);
  rememberDependantsTarget(storage, { membershipType: 'Silver-Family', userId: 'R-2' });
  assert.deepEqual(dependantsTarget(undefined, storage), { membershipType: 'Silver-Family', userId: 'R-2' });
  forgetDependantsTarget(storage);
  assert.equal(storage.getItem(DEPENDANTS_TARGET_KEY), null);
  storage.setItem(DEPENDANTS_TARGET_KEY, '{broken');
  assert.equal(dependantsTarget(undefined, storage), null);
});
