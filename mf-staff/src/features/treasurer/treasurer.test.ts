import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFUND_REASON_REQUIRED_MESSAGE } from '@tca/contracts';
import { amountText, boughtText, FILTER_TABS, FIRST_ORDERS, orderStatusText, ordersQueryString, refundReasonError } from './treasurer.js';

describe("the treasurer's desk rules", () => {
  it('asks the list with the defaults left out, the search trimmed', () => {
    assert.equal(ordersQueryString(FIRST_ORDERS), '');
    assert.equal(ordersQueryString({ filter: 'problem', q: '  meera@ ', page: 3 }), '?filter=problem&q=meera%40&page=3');
    assert.deepEqual(
      FILTER_TABS.map((tab) => tab.label),
      ['All', 'Paid', 'Open', 'Expired', 'Abandoned', 'Refunded', 'Problems'],
    );
  });

  it('reads amounts, purchases and states as people say them', () => {
    assert.equal(amountText(5000, 'aud'), 'A$50.00');
    assert.equal(amountText(1999, 'usd'), '19.99 USD');
    assert.equal(boughtText({ kind: 'membership', level: 'Gold-Single', productName: 'Gold-Single' }), 'Gold-Single membership');
    assert.equal(boughtText({ kind: 'demo', level: null, productName: 'Stubborn Attachments' }), 'Stubborn Attachments');
    assert.equal(orderStatusText('refunded'), 'Refunded');
    assert.equal(orderStatusText('something-new'), 'something-new');
  });

  it('checks the refund reason as the server does', () => {
    assert.equal(refundReasonError('   '), REFUND_REASON_REQUIRED_MESSAGE);
    assert.match(refundReasonError('x'.repeat(501)) ?? '', /at most 500/);
    assert.equal(refundReasonError('Paid twice'), null);
  });
});
