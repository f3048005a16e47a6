import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { emailJobSchema, emailOutcomeJobSchema, PAYMENT_EVENT_TYPES, paymentFulfilmentJobSchema, QUEUES, supportTicketJobSchema } from './queues.js';
import { accepts, problemAt, problems, PROPERTY_RUNS } from './testing/schema-checks.js';

/** The BullMQ queues and the payloads their producers and workers share. */

test('queue names: the five queues, none with ":" (BullMQ\'s key separator)', () => {
  assert.deepEqual(QUEUES, { email: 'email', supportTickets: 'support-tickets', paymentFulfilment: 'payment-fulfilment', membershipRenewals: 'membership-renewals', emailOutcomes: 'email-outcomes' });
  for (const name of Object.values(QUEUES)) assert.doesNotMatch(name, /:/, name);
  assert.equal(new Set(Object.values(QUEUES)).size, Object.values(QUEUES).length);
});

test('email job: key, to, subject and text; html and replyTo optional; nothing else', () => {
  const job = { key: 'contact-42', to: 'meera@example.org', subject: 'Thank you', text: 'We got your message.' };
  assert.deepEqual(problems(emailJobSchema, job), {});
  assert.deepEqual(problems(emailJobSchema, { ...job, html: '<p>We got it.</p>', replyTo: 'support@example.org' }), {});
  assert.equal(problemAt(emailJobSchema, { ...job, key: 'contact:42' }, 'key'), 'no ":" in job keys');
  for (const field of ['key', 'subject', 'text']) assert.ok(problemAt(emailJobSchema, { ...job, [field]: '' }, field), `${field} may not be empty`);
  assert.ok(problemAt(emailJobSchema, { ...job, to: 'meera' }, 'to'));
  assert.ok(problemAt(emailJobSchema, { ...job, replyTo: 'support' }, 'replyTo'));
  assert.equal(accepts(emailJobSchema, { ...job, cc: 'x@example.org' }), false);
});

test('email job: the RFC 8058 headers (these two only) and reportOutcome are optional', () => {
  const job = { key: 'announcement-1-2', to: 'meera@example.org', subject: 'Pongal', text: 'Come.' };
  const headers = { 'List-Unsubscribe': '<https://tamil.example.org/membership/announcements/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  assert.deepEqual(problems(emailJobSchema, { ...job, headers, reportOutcome: true }), {});
  assert.equal(accepts(emailJobSchema, { ...job, headers: { ...headers, 'List-Unsubscribe': '<http://127.0.0.1:8080/x?token=a>, <mailto:unsubscribe@example.org>' } }), true);
  assert.equal(accepts(emailJobSchema, { ...job, headers: { ...headers, 'List-Unsubscribe': 'https://no-brackets.example.org' } }), false);
  assert.equal(accepts(emailJobSchema, { ...job, headers: { ...headers, 'List-Unsubscribe-Post': 'yes' } }), false);
  assert.equal(accepts(emailJobSchema, { ...job, headers: { ...headers, Bcc: 'x@example.org' } }), false, 'no other header');
  assert.equal(accepts(emailJobSchema, { ...job, reportOutcome: false }), false);
  assert.deepEqual(problems(emailOutcomeJobSchema, { key: 'announcement-1-2', outcome: 'failed', error: '550 no such user' }), {});
  assert.equal(accepts(emailOutcomeJobSchema, { key: 'a:b', outcome: 'delivered' }), false);
});

test('property: a job key is any non-empty text without ":"', () => {
  const job = { to: 'meera@example.org', subject: 's', text: 't' };
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 40 }), (key) => accepts(emailJobSchema, { ...job, key }) === !key.includes(':')),
    PROPERTY_RUNS,
  );
});

test('support-tickets job: the row\'s uuid and its TCA reference', () => {
  const job = { ticketUid: '3f0b5c1e-8a4d-4c2b-9e7f-1a2b3c4d5e6f', reference: 'TCA-2026-000123' };
  assert.deepEqual(problems(supportTicketJobSchema, job), {});
  assert.ok(problemAt(supportTicketJobSchema, { ...job, ticketUid: '42' }, 'ticketUid'));
  assert.equal(problemAt(supportTicketJobSchema, { ...job, reference: 'T-1' }, 'reference'), 'a ticket reference like TCA-2026-000123');
  assert.equal(accepts(supportTicketJobSchema, { ...job, email: 'meera@example.org' }), false);
});

test('payment-fulfilment job: a Stripe event id, one of the four Checkout Session events, and the session id', () => {
  const job = { eventId: 'evt_1AbC', type: 'checkout.session.completed', sessionId: 'cs_test_a1B2' };
  assert.deepEqual(problems(paymentFulfilmentJobSchema, job), {});
  assert.deepEqual(PAYMENT_EVENT_TYPES, [
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ]);
  for (const type of PAYMENT_EVENT_TYPES) assert.equal(accepts(paymentFulfilmentJobSchema, { ...job, type }), true, type);
  assert.equal(accepts(paymentFulfilmentJobSchema, { ...job, type: 'payment_intent.succeeded' }), false);
  assert.equal(problemAt(paymentFulfilmentJobSchema, { ...job, eventId: 'ev_1' }, 'eventId'), 'a Stripe event id (evt_…)');
  assert.equal(problemAt(paymentFulfilmentJobSchema, { ...job, sessionId: 'pi_1' }, 'sessionId'), 'a Checkout Session id (cs_…)');
  assert.equal(problemAt(paymentFulfilmentJobSchema, { ...job, sessionId: 'cs_a:b' }, 'sessionId'), 'a Checkout Session id (cs_…)');
  assert.equal(accepts(paymentFulfilmentJobSchema, { ...job, eventId: `evt_${'a'.repeat(251)}` }), false);
});

test('property: evt_/cs_ followed by 1 to 250 letters, digits or _ are ids; anything else in them is not', () => {
  const idChar = fc.constantFrom(...'abcxyzABCXYZ0189_');
  const tail = fc.string({ unit: idChar, minLength: 1, maxLength: 250 });
  const base = { type: 'checkout.session.completed' };
  fc.assert(fc.property(tail, tail, (a, b) => accepts(paymentFulfilmentJobSchema, { ...base, eventId: `evt_${a}`, sessionId: `cs_${b}` })), PROPERTY_RUNS);
  fc.assert(
    fc.property(tail, fc.constantFrom(...'-:./ é'), (a, bad) => !accepts(paymentFulfilmentJobSchema, { ...base, eventId: `evt_${a}${bad}`, sessionId: 'cs_1' })),
    PROPERTY_RUNS,
  );
});
