import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emailJobSchema, type MemberDetails } from '@tca/contracts';
import type { Order } from '../data-access/order-repository.js';
import { formatAmount, orderNumber, receiptEmail, refundEmail } from './receipt-email.js';

describe('receipts', () => {
  const details: MemberDetails = {
    firstName: 'Meera',
    lastName: 'Raman',
    email: 'meera@example.org',
    phoneNumber: '61412345678',
    addressLine1: '1 Kolam St',
    suburb: 'Mawson Lakes',
    stateProvince: 'SA',
    postalCode: '5095',
    profession: 'Engineer',
    dateOfBirth: '1990-01-01',
    gender: 'female',
    maritalStatus: 'married',
    passport: null,
    supportingDocuments: [],
  };
  const order: Order = {
    id: 42,
    reference: 'ord_abcdefghijklmnopqrst',
    kind: 'membership',
    userId: '7',
    email: 'meera@example.org',
    productName: 'Gold-Family',
    level: 'Gold-Family',
    quantity: 1,
    amountCents: 20000,
    currency: 'aud',
    status: 'paid',
    stripeSessionId: 'cs_test_1',
    idempotencyKey: 'checkout-1',
    memberDetails: details,
    membershipRequestId: 'REQ-1',
    membershipStatus: 'Pending',
    customerEmail: 'meera@example.org',
    // 11:30 pm in Adelaide on 31 December 2026 is still 2026 there (13:00 UTC).
    paidAt: new Date('2026-12-31T13:00:00Z'),
    problem: null,
    createdAt: new Date('2026-12-31T13:00:00Z'),
    stripePaymentIntentId: 'pi_1',
    refundId: null,
    refundReason: null,
    refundRequestedBy: null,
    refundRequestedAt: null,
    refundedAt: null,
    language: 'en',
  };

  it('formats amounts in Australian dollars and order numbers by the Adelaide year', () => {
    assert.equal(formatAmount(1000, 'aud'), 'A$10.00');
    assert.equal(formatAmount(2050, 'usd'), '20.50 USD');
    assert.equal(orderNumber(order), 'ORD-2026-000042');
    assert.equal(orderNumber({ id: 7, createdAt: new Date('2026-12-31T14:00:00Z') }), 'ORD-2027-000007');
  });

  it('names the level, amount, Adelaide date, order number and pending status, in text and HTML', () => {
    const mail = emailJobSchema.parse(receiptEmail(order, 'meera@example.org', 'https://tamil.example.org'));
    assert.equal(mail.key, 'receipt-ord_abcdefghijklmnopqrst');
    assert.equal(mail.subject, 'Your Gold-Family membership receipt (ORD-2026-000042)');
    assert.match(mail.text, /Membership level: Gold-Family/);
    assert.match(mail.text, /Amount paid: A\$200\.00/);
    assert.match(mail.text, /Date: Thursday 31 December 2026 at 11:30 pm ACDT/);
    assert.match(mail.text, /Order number: ORD-2026-000042/);
    assert.match(mail.text, /pending approval/);
    assert.match(mail.html ?? '', /<th scope="row"[^>]*>Amount paid<\/th><td[^>]*>A\$200\.00<\/td>/);
    const active = receiptEmail({ ...order, membershipStatus: 'Active' }, 'meera@example.org', 'https://tamil.example.org');
    assert.match(active.text, /membership is active/);
  });

  it('a checkout in Tamil gets its receipt in Tamil: subject, level, rows, date and the frame', () => {
    const mail = emailJobSchema.parse(receiptEmail({ ...order, language: 'ta' }, 'meera@example.org', 'https://tamil.example.org'));
    assert.equal(mail.subject, 'உங்கள் தங்கம்-குடும்பம் உறுப்புரிமைக்கான ரசீது (ORD-2026-000042)');
    assert.match(mail.text, /அன்புள்ள Meera Raman,/);
    assert.match(mail.text, /உறுப்புரிமை நிலை: தங்கம்-குடும்பம்/);
    assert.match(mail.text, /செலுத்திய தொகை: A\$200\.00/);
    assert.match(mail.text, /தேதி: .*டிசம்பர்.*2026.*23:30 \(அடிலெய்டு நேரம்\)/);
    assert.match(mail.text, /நிலை: ஒப்புதலுக்குக் காத்திருக்கிறது/);
    assert.match(mail.text, /Stripe/);
    assert.match(mail.html ?? '', /<html lang="ta">/);
    assert.doesNotMatch(mail.text.replace(/Meera Raman|Stripe|ORD-\d+-\d+|REQ-1|https:\S+/g, ''), /[A-Za-z]{3,}/);
    const demo = receiptEmail({ ...order, language: 'ta', kind: 'demo', level: null, membershipRequestId: null, productName: 'Stubborn Attachments' }, 'buyer@example.org', 'https://tamil.example.org');
    assert.equal(demo.subject, 'Stubborn Attachments – உங்கள் ரசீது (ORD-2026-000042)');
    assert.match(demo.text, /நீங்கள் வாங்கியதற்கு நன்றி/);
  });

  it('escapes what members typed', () => {
    const mail = receiptEmail({ ...order, memberDetails: { ...details, firstName: '<script>alert(1)</script>' } }, 'meera@example.org', 'https://tamil.example.org');
    assert.doesNotMatch(mail.html ?? '', /<script>/);
  });

  it('the refund e-mail names the amount, order number and the cancelled membership, one per order, without the treasurer’s reason', () => {
    const refunded: Order = { ...order, status: 'refunded', refundReason: 'internal note', refundedAt: new Date('2027-01-05T01:00:00Z') };
    const mail = emailJobSchema.parse(refundEmail(refunded, 'meera@example.org', 'https://tamil.example.org'));
    assert.equal(mail.key, 'refund-ord_abcdefghijklmnopqrst');
    assert.equal(mail.subject, 'Your refund for your Gold-Family membership (ORD-2026-000042)');
    assert.match(mail.text, /Amount refunded: A\$200\.00/);
    assert.match(mail.text, /Status: Cancelled/);
    assert.match(mail.text, /join again/);
    assert.doesNotMatch(mail.text, /internal note/);
    const demo = refundEmail({ ...refunded, kind: 'demo', level: null, membershipRequestId: null, productName: 'Stubborn Attachments' }, 'buyer@example.org', 'https://tamil.example.org');
    assert.match(demo.subject, /^Your refund for Stubborn Attachments/);
    assert.doesNotMatch(demo.text, /Cancelled/);
  });

  it('the refund e-mail of a checkout in Tamil is in Tamil', () => {
    const refunded: Order = { ...order, language: 'ta', status: 'refunded', refundedAt: new Date('2027-01-05T01:00:00Z') };
    const mail = emailJobSchema.parse(refundEmail(refunded, 'meera@example.org', 'https://tamil.example.org'));
    assert.equal(mail.subject, 'உங்கள் தங்கம்-குடும்பம் உறுப்புரிமை – உங்களுக்கான பணத்திருப்பம் (ORD-2026-000042)');
    assert.match(mail.text, /திருப்பி அனுப்பிய தொகை: A\$200\.00/);
    assert.match(mail.text, /நிலை: ரத்துசெய்யப்பட்டது/);
    assert.match(mail.html ?? '', /<html lang="ta">/);
    assert.doesNotMatch(mail.text.replace(/Meera Raman|ORD-\d+-\d+|REQ-1|https:\S+/g, ''), /[A-Za-z]{3,}/);
  });
});
