import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFUND_REASON_REQUIRED_MESSAGE } from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { treasurerCatalog } from './messages.js';
import { amountText, boughtText, FILTER_TABS, FIRST_ORDERS, orderStatusText, ordersQueryString, refundReasonError, refundSummary, stateChangeText } from './treasurer.js';

describe("the treasurer's desk rules", () => {
  it('asks the list with the defaults left out, the search trimmed', () => {
    assert.equal(ordersQueryString(FIRST_ORDERS), '');
    assert.equal(ordersQueryString({ filter: 'problem', q: '  meera@ ', page: 3 }), '?filter=problem&q=meera%40&page=3');
    assert.deepEqual(
      FILTER_TABS.map((tab) => translator(treasurerCatalog)(tab.label)),
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
    assert.equal(stateChangeText({ fromStatus: null, toStatus: 'created' }), 'Created');
    assert.equal(stateChangeText({ fromStatus: 'open', toStatus: 'paid' }), 'Open → Paid');
    assert.equal(stateChangeText({ fromStatus: 'paid', toStatus: 'paid' }), 'Paid', 'a refund requested does not move the state');
  });

  it('checks the refund reason as the server does', () => {
    assert.equal(refundReasonError('   '), REFUND_REASON_REQUIRED_MESSAGE);
    assert.match(refundReasonError('x'.repeat(501)) ?? '', /at most 500/);
    assert.equal(refundReasonError('Paid twice'), null);
  });

  it('says what became of a refund in sentences: confirmed or on its way, who asked, the reason and Stripe’s id', () => {
    const asked = { id: 're_1', reason: 'Paid twice', requestedBy: 't@example.org', requestedAt: '2026-11-28T00:57:00.000Z', refundedAt: '2026-11-28T00:57:30.000Z' };
    assert.equal(refundSummary(asked), 'Refunded 28 Nov 2026, 11:27 am. Asked by t@example.org on 28 Nov 2026, 11:27 am: “Paid twice” (Stripe refund re_1).');
    assert.equal(
      refundSummary({ ...asked, id: null, refundedAt: null }),
      'A refund was requested; the order shows Refunded once Stripe confirms it. Asked by t@example.org on 28 Nov 2026, 11:27 am: “Paid twice”.',
    );
  });
});
