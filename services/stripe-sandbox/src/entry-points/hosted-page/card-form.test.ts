import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from '@tca/service-kit';
import { checkCardForm } from './card-form.js';
import { formatAmount } from './page-html.js';

const now = new Date('2026-05-15T00:00:00Z');
const valid = { email: 'a@example.org', cardnumber: '4242 4242 4242 4242', cardexpiry: '05 / 26', cardcvc: '123', billingname: 'A Payer' };

describe('the card form', () => {
  it('pays with 4242 4242 4242 4242 (spaces or dashes allowed), declines 4000 0000 0000 0002', () => {
    assert.deepEqual(checkCardForm(valid, null, now), { outcome: 'paid', email: 'a@example.org', name: 'A Payer' });
    assert.equal(checkCardForm({ ...valid, cardnumber: '4242-4242-4242-4242' }, null, now).outcome, 'paid');
    assert.equal(checkCardForm({ ...valid, cardnumber: '4000000000000002' }, null, now).outcome, 'declined');
  });

  it('names each problem', () => {
    const result = checkCardForm({ cardnumber: '4111 1111 1111 1111', cardexpiry: '04/26', cardcvc: '12' }, null, now);
    assert.equal(result.outcome, 'invalid');
    assert.deepEqual(result.outcome === 'invalid' ? result.errors : {}, {
      email: 'Your email is incomplete.',
      cardNumber: 'Your card number is invalid.',
      expiry: 'Your card’s expiration date is in the past.',
      cvc: 'Your card’s security code is incomplete.',
      name: 'Enter the name on your card.',
    });
    const month = checkCardForm({ ...valid, cardexpiry: '13/30' }, null, now);
    assert.equal(month.outcome === 'invalid' ? month.errors.expiry : '', 'Your card’s expiration month is invalid.');
    const email = checkCardForm({ ...valid, email: 'nope' }, null, now);
    assert.equal(email.outcome === 'invalid' ? email.errors.email : '', 'Your email address is invalid.');
  });

  it('uses the session’s customer_email instead of asking', () => {
    assert.deepEqual(checkCardForm({ ...valid, email: '' }, 'member@example.org', now), { outcome: 'paid', email: 'member@example.org', name: 'A Payer' });
  });

  it('formats amounts and escapes text', () => {
    assert.equal(formatAmount(1000, 'aud'), 'A$10.00');
    assert.equal(formatAmount(123456, 'usd'), '$1,234.56');
    assert.equal(formatAmount(500, 'jpy'), '¥500');
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
