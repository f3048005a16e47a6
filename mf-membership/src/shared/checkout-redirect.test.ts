import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRedirectUrl } from './checkout-redirect.js';

test('only http(s) addresses are followed', () => {
  assert.equal(isRedirectUrl('https://checkout.stripe.com/c/pay/cs_test_1'), true);
  assert.equal(isRedirectUrl('/c/pay/cs_test_1'), true);
  assert.equal(isRedirectUrl('javascript:alert(1)'), false);
  assert.equal(isRedirectUrl('data:text/html,hi'), false);
});
