import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serviceForPath } from './api-routes.js';
import { REFUND_REASON_REQUIRED_MESSAGE, refundOrderRequestSchema, staffOrderListQuerySchema, staffPaymentsPaths } from './staff-payments.js';

describe('the treasurer desk contracts', () => {
  it('routes /staff-api/payments/ to payments, before the identity catch-all', () => {
    assert.equal(serviceForPath(staffPaymentsPaths.orders), 'payments');
    assert.equal(serviceForPath(staffPaymentsPaths.refund('ord_abcdefghijklmnopqrst')), 'payments');
    assert.equal(serviceForPath(staffPaymentsPaths.audit), 'payments');
    assert.equal(serviceForPath('/staff-api/audit'), 'identity');
  });

  it('checks the list query and the refund reason with the messages the desk shows', () => {
    assert.deepEqual(staffOrderListQuerySchema.parse({ filter: 'problem', q: ' a@b ', page: '2' }), { filter: 'problem', q: 'a@b', page: 2 });
    assert.equal(staffOrderListQuerySchema.safeParse({ page: '0' }).success, false);
    assert.equal(staffOrderListQuerySchema.safeParse({ filter: 'lost' }).success, false);
    assert.equal(staffOrderListQuerySchema.safeParse({ extra: '1' }).success, false);
    const blank = refundOrderRequestSchema.safeParse({ reason: '   ' });
    assert.equal(blank.success, false);
    assert.equal(blank.error?.issues[0]?.message, REFUND_REASON_REQUIRED_MESSAGE);
    assert.equal(refundOrderRequestSchema.safeParse({ reason: 'x'.repeat(501) }).success, false);
    assert.deepEqual(refundOrderRequestSchema.parse({ reason: ' Paid twice ' }), { reason: 'Paid twice' });
  });
});
