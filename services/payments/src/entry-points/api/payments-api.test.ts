import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_PRODUCT, SUBMISSION_NOT_ALLOWED, emailJobSchema, sessionLookupAnswerSchema } from '@tca/contracts';
import { createLogger } from '@tca/service-kit';
import { waitFor } from '@tca/service-kit/testing';
import { loadPaymentsConfig } from '../../config.js';
import { startPaymentsWorker } from '../workers/payments-worker.js';
import { LOGIN_REQUIRED_MESSAGE } from '../../domain/logged-in-user.js';
import { buyMembership, call, Closers, deliver, eventFor, memberDetails, payOnHostedPage, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

interface OrderRow {
  reference: string;
  status: string;
  amount_cents: number;
  currency: string;
  idempotency_key: string;
  language: string;
  metadata: Record<string, string>;
  membership_request_id: string | null;
  problem: string | null;
}

describe('payments API with the Stripe sandbox', { timeout: 180_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;

  before(async () => {
    stack = await startPaymentsStack(closers);
    const worker = await startPaymentsWorker(loadPaymentsConfig(stack.env), { logger: createLogger({ name: 'payments-worker', level: 'silent' }) });
    closers.add(() => worker.close());
  });
  after(() => closers.closeAll());

  const orderOf = async (sessionId: string): Promise<OrderRow | undefined> =>
    (await stack.pool.query<OrderRow>('SELECT * FROM checkout_orders WHERE stripe_session_id = $1', [sessionId])).rows[0];
  const ordersOfUser = async (userId: string): Promise<number> => (await stack.pool.query('SELECT 1 FROM checkout_orders WHERE user_id = $1', [userId])).rowCount ?? 0;
  const receiptsFor = async (reference: string): Promise<number> =>
    (await stack.pool.query("SELECT 1 FROM outbox WHERE queue = 'email' AND job_id = $1", [`receipt-${reference}`])).rowCount ?? 0;
  const eventsFor = async (sessionId: string) => (await stack.pool.query<{ id: string; processed_at: Date | null }>('SELECT id, processed_at FROM stripe_events WHERE session_id = $1', [sessionId])).rows;
  const waitForStatus = (sessionId: string, status: string) =>
    waitFor(async () => (await orderOf(sessionId))?.status === status, 20_000, `order of ${sessionId} to be ${status}`);

  describe('creating a checkout', () => {
    it('needs a login for a membership', async () => {
      const res = await call(`${stack.url}/create-checkout-session`, { body: { productName: 'Silver-Single', price: 10, customerEmail: 'a@example.org', membership: memberDetails('a@example.org') } });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { error: 'login_required', message: LOGIN_REQUIRED_MESSAGE });
    });

    it('rejects a tampered price, storing nothing and calling Stripe for nothing', async () => {
      const who = stack.identity.issue();
      const res = await call(`${stack.url}/create-checkout-session`, { token: who.token, body: { productName: 'Gold-Family', price: 2, customerEmail: who.user.email, membership: memberDetails(who.user.email) } });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'price_mismatch');
      assert.match(String(res.body.message), /\$200/);
      assert.equal(await ordersOfUser(who.user.id), 0);
    });

    it('refuses to buy for another e-mail address (403) and explains bad fields (400)', async () => {
      const who = stack.identity.issue();
      const other = await call(`${stack.url}/create-checkout-session`, { token: who.token, body: { productName: 'Silver-Single', price: 10, customerEmail: 'someone.else@example.org', membership: memberDetails('someone.else@example.org') } });
      assert.equal(other.status, 403);
      assert.equal(other.body.error, 'email_mismatch');
      const incomplete = memberDetails(who.user.email, { postalCode: '' });
      const bad = await call<{ error: string; fields: Record<string, string> }>(`${stack.url}/create-checkout-session`, {
        token: who.token,
        body: { productName: 'Silver-Single', price: 10, customerEmail: who.user.email, membership: incomplete },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.fields['membership.postalCode'], 'Postal Code is required');
      assert.equal(await ordersOfUser(who.user.id), 0);
    });

    it('answers 409 with the spec message when identity says a request exists, or the level is active', async () => {
      const pending = stack.identity.issue();
      stack.identity.setEligibility(pending.user.id, { allowed: false, reason: 'submission_not_allowed' });
      const res = await call(`${stack.url}/create-checkout-session`, { token: pending.token, body: { productName: 'Silver-Single', price: 10, customerEmail: pending.user.email, membership: memberDetails(pending.user.email) } });
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, { error: SUBMISSION_NOT_ALLOWED.error, message: SUBMISSION_NOT_ALLOWED.message });

      const active = stack.identity.issue();
      stack.identity.setEligibility(active.user.id, { allowed: false, reason: 'already_active' });
      const again = await call(`${stack.url}/create-checkout-session`, { token: active.token, body: { productName: 'Gold-Single', price: 100, customerEmail: active.user.email, membership: memberDetails(active.user.email) } });
      assert.equal(again.status, 409);
      assert.deepEqual(again.body, { error: 'already_active', message: 'You already have an active membership' });
    });

    it('answers 503 while identity cannot check eligibility', async (t) => {
      const who = stack.identity.issue();
      stack.identity.internalMode = 'unavailable';
      t.after(() => {
        stack.identity.internalMode = 'normal';
      });
      const res = await call(`${stack.url}/create-checkout-session`, { token: who.token, body: { productName: 'Silver-Single', price: 10, customerEmail: who.user.email, membership: memberDetails(who.user.email) } });
      assert.equal(res.status, 503);
      assert.equal(await ordersOfUser(who.user.id), 0);
    });

    it('stores the order before redirecting, and the session names it with the server price', async () => {
      const bought = await buyMembership(stack, 'Silver-Family', 20);
      const order = await orderOf(bought.sessionId);
      assert.ok(order);
      assert.equal(order.status, 'open');
      assert.equal(order.amount_cents, 2000);
      assert.match(order.idempotency_key, /^checkout-[0-9a-f-]{36}$/);
      const session = await stack.sandbox.stripe.checkout.sessions.retrieve(bought.sessionId);
      assert.equal(session.client_reference_id, order.reference);
      assert.deepEqual(session.metadata, { orderId: order.reference, kind: 'membership', userId: bought.userId, level: 'Silver-Family' });
      assert.equal(session.amount_total, 2000);
      assert.equal(session.currency, 'aud');
      assert.equal(session.success_url, 'https://tamil.example.org/success?session_id={CHECKOUT_SESSION_ID}');
      assert.equal(session.cancel_url, `https://tamil.example.org/cancel?order=${order.reference}`);
    });

    it('a checkout from a Tamil page: the session asks the sandbox for Tamil, the order keeps the language; English asks for en', async () => {
      const who = stack.identity.issue();
      const res = await call<{ url: string }>(`${stack.url}/create-checkout-session`, {
        token: who.token,
        lang: 'ta',
        body: { productName: 'Gold-Student', price: 50, customerEmail: who.user.email, membership: memberDetails(who.user.email) },
      });
      assert.equal(res.status, 200);
      const sessionId = /\/c\/pay\/(cs_test_[A-Za-z0-9_]+)/.exec(res.body.url)?.[1] ?? '';
      assert.equal((await orderOf(sessionId))?.language, 'ta');
      const session = await stack.sandbox.stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
      assert.equal(session.locale, 'ta');
      assert.equal(session.line_items?.data[0]?.description, 'தங்கம்-மாணவர் உறுப்புரிமை');
      const english = await buyMembership(stack, 'Silver-Single', 10);
      assert.equal((await orderOf(english.sessionId))?.language, 'en');
      assert.equal((await stack.sandbox.stripe.checkout.sessions.retrieve(english.sessionId)).locale, 'en');
    });

    it('sells the demo book without a login at $20 only', async () => {
      const ok = await call<{ url: string }>(`${stack.url}/create-checkout-session`, { body: { productName: DEMO_PRODUCT.name, price: 20, quantity: 1, customerEmail: 'reader@example.org' } });
      assert.equal(ok.status, 200);
      assert.match(ok.body.url, /\/c\/pay\/cs_test_/);
      const sessionId = /\/c\/pay\/(cs_test_[A-Za-z0-9_]+)/.exec(ok.body.url)?.[1] ?? '';
      await payOnHostedPage(ok.body.url);
      assert.deepEqual((await call(`${stack.url}/checkout-session/${sessionId}`)).body, { payment_status: 'paid' });
      const order = await orderOf(sessionId);
      assert.equal(order?.status, 'paid');
      const receipt = emailJobSchema.parse((await stack.pool.query<{ payload: unknown }>('SELECT payload FROM outbox WHERE job_id = $1', [`receipt-${order.reference}`])).rows[0]?.payload);
      assert.equal(receipt.to, 'reader@example.org');
      assert.match(receipt.text, /Product: Stubborn Attachments\nQuantity: 1\nAmount paid: A\$20\.00/);
      const cheap = await call(`${stack.url}/create-checkout-session`, { body: { productName: DEMO_PRODUCT.name, price: 2, quantity: 1 } });
      assert.equal(cheap.status, 400);
      assert.equal(cheap.body.error, 'price_mismatch');
      const many = await call(`${stack.url}/create-checkout-session`, { body: { productName: DEMO_PRODUCT.name, price: 20, quantity: 3 } });
      assert.equal(many.status, 400);
    });
  });

  describe('webhooks and fulfilment', () => {
    it('refuses unsigned, forged and stale deliveries and stores none of them', async () => {
      const bought = await buyMembership(stack, 'Silver-Single', 10);
      const session = await stack.sandbox.stripe.checkout.sessions.retrieve(bought.sessionId);
      const payload = eventFor('checkout.session.completed', session);
      const unsigned = await deliver(stack, payload, { secret: null });
      const forged = await deliver(stack, payload, { secret: 'whsec_not_the_real_secret' });
      const stale = await deliver(stack, payload, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      const tampered = await deliver(stack, payload.replace('"livemode":false', '"livemode":true'), { secret: null });
      for (const res of [unsigned, forged, stale, tampered]) {
        assert.equal(res.status, 400);
        assert.equal((res.body as { error: string }).error, 'invalid_signature');
      }
      assert.equal((await eventsFor(bought.sessionId)).length, 0);
    });

    // Found by payments-fuzz.test.ts: each of these, validly signed, was a 500.
    it('answers a validly signed delivery that is no readable event with 400 invalid_event, and stores events whose text jsonb refuses', async () => {
      const bought = await buyMembership(stack, 'Silver-Single', 10);
      const session = await stack.sandbox.stripe.checkout.sessions.retrieve(bought.sessionId);
      const event = JSON.parse(eventFor('checkout.session.expired', session)) as Record<string, unknown>;
      const unreadable = ['null', JSON.stringify({ ...event, data: null }), JSON.stringify({ ...event, data: '' }), JSON.stringify({ ...event, created: '' }), JSON.stringify({ ...event, created: 1e308 }), JSON.stringify({ type: event.type })];
      unreadable.push(JSON.stringify({ ...event, request: { nested: 0 } }).replace('{"nested":0}', `${'['.repeat(10_000)}0${']'.repeat(10_000)}`));
      for (const payload of unreadable) {
        const res = await deliver(stack, payload);
        assert.equal(res.status, 400, payload.slice(0, 200));
        assert.deepEqual(res.body, { error: 'invalid_event', message: 'The delivery is signed, but it is not a Stripe event this service can read.' });
      }
      assert.equal((await eventsFor(bought.sessionId)).length, 0);

      const odd = await deliver(stack, JSON.stringify({ ...event, pending_webhooks: 'a\u0000b', 'x\uD800': '\uDC00' }));
      assert.equal(odd.status, 200, JSON.stringify(odd.body));
      const { rows } = await stack.pool.query<{ payload: Record<string, unknown> }>('SELECT payload FROM stripe_events WHERE session_id = $1', [bought.sessionId]);
      assert.equal(rows[0]?.payload.pending_webhooks, 'a\uFFFDb');
      assert.equal(rows[0]?.payload['x\uFFFD'], '\uFFFD');
    });

    it('fulfils a paid session once: one membership, one receipt, however often events and lookups come', async () => {
      const bought = await buyMembership(stack, 'Gold-Student', 50);
      const paid = await payOnHostedPage(bought.url);
      assert.equal(paid.status, 303);
      assert.equal(paid.headers.get('location'), `https://tamil.example.org/success?session_id=${bought.sessionId}`);
      // The success page may ask before the webhook arrives: both paths fulfil, once.
      const lookup = await call(`${stack.url}/checkout-session/${bought.sessionId}`);
      assert.equal(lookup.status, 200);
      const answer = sessionLookupAnswerSchema.parse(lookup.body);
      assert.equal(answer.payment_status, 'paid');
      assert.equal(answer.membershipType, 'Gold-Student');
      await waitFor(async () => (await eventsFor(bought.sessionId)).some((e) => e.processed_at !== null), 20_000, 'the completed event to be processed');

      const membership = stack.identity.memberships.get(bought.sessionId);
      assert.ok(membership);
      assert.equal(answer.userId, membership.requestId);
      assert.equal(membership.request.userId, bought.userId);
      assert.equal(membership.request.membershipName, 'Gold-Student');
      assert.equal(membership.request.amountTotal, 5000);
      const order = await orderOf(bought.sessionId);
      assert.equal(order?.status, 'paid');
      assert.equal(order?.membership_request_id, membership.requestId);
      assert.equal(await receiptsFor(order.reference), 1);
      const receipt = emailJobSchema.parse((await stack.pool.query<{ payload: unknown }>('SELECT payload FROM outbox WHERE job_id = $1', [`receipt-${order.reference}`])).rows[0]?.payload);
      assert.match(receipt.subject, /Gold-Student membership receipt \(ORD-\d{4}-\d{6}\)/);
      assert.match(receipt.text, /Amount paid: A\$50\.00/);
      assert.match(receipt.text, /Order number: ORD-\d{4}-\d{6}/);
      assert.match(receipt.text, /Date: \w+day \d{1,2} \w+ \d{4} at .* AC[DS]T/);
      assert.match(receipt.html ?? '', /A\$50\.00/);

      // Stripe re-delivers the same event: acknowledged, stored once, nothing queued again.
      const stored = (await eventsFor(bought.sessionId))[0];
      assert.ok(stored);
      const original = (await stack.pool.query<{ payload: unknown }>('SELECT payload FROM stripe_events WHERE id = $1', [stored.id])).rows[0]?.payload;
      const replay = await deliver(stack, JSON.stringify(original));
      assert.equal(replay.status, 200);
      assert.deepEqual(replay.body, { received: true, handled: true, duplicate: true });
      assert.equal((await eventsFor(bought.sessionId)).length, 1);

      // The success page asked again, and again: the same answer, nothing new.
      const second = sessionLookupAnswerSchema.parse((await call(`${stack.url}/checkout-session/${bought.sessionId}`)).body);
      assert.deepEqual(second, answer);
      assert.equal(stack.identity.memberships.get(bought.sessionId)?.requestId, membership.requestId);
      assert.equal(await receiptsFor(order.reference), 1);
    });

    it('never lets a late expired or failed event undo a paid order (out-of-order delivery)', async () => {
      const bought = await buyMembership(stack, 'Silver-Single', 10);
      await payOnHostedPage(bought.url);
      await waitForStatus(bought.sessionId, 'paid');
      const session = await stack.sandbox.stripe.checkout.sessions.retrieve(bought.sessionId);
      const late = [eventFor('checkout.session.expired', { ...session, status: 'expired' }), eventFor('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' })];
      for (const payload of late) assert.equal((await deliver(stack, payload)).status, 200);
      await waitFor(async () => (await eventsFor(bought.sessionId)).filter((e) => e.processed_at !== null).length >= 3, 20_000, 'the late events to be processed');
      const order = await orderOf(bought.sessionId);
      assert.equal(order?.status, 'paid');
      assert.equal(await receiptsFor(order.reference), 1);
      assert.equal([...stack.identity.memberships.keys()].filter((id) => id === bought.sessionId).length, 1);
    });

    it('ignores a "completed" event for a session that is not paid, and expires an order whose session expired', async () => {
      const bought = await buyMembership(stack, 'Gold-Single', 100);
      const open = await stack.sandbox.stripe.checkout.sessions.retrieve(bought.sessionId);
      // A signed event claiming payment; Stripe itself says the session is open and unpaid.
      assert.equal((await deliver(stack, eventFor('checkout.session.completed', { ...open, status: 'complete', payment_status: 'paid' }))).status, 200);
      await waitFor(async () => (await eventsFor(bought.sessionId)).some((e) => e.processed_at !== null), 20_000, 'the event to be processed');
      assert.equal((await orderOf(bought.sessionId))?.status, 'open');
      assert.equal(stack.identity.memberships.has(bought.sessionId), false);

      await stack.sandbox.stripe.checkout.sessions.expire(bought.sessionId);
      await waitForStatus(bought.sessionId, 'expired');
      const lookup = await call(`${stack.url}/checkout-session/${bought.sessionId}`);
      assert.deepEqual(lookup.body, { payment_status: 'unpaid', membershipType: 'Gold-Single' });
    });

    it('does not fulfil a paid session whose amount disagrees with its order', async () => {
      // An order as the API stores it, and a session for it made elsewhere with another amount.
      const who = stack.identity.issue();
      const reference = `ord_tampered${Date.now()}`;
      await stack.pool.query(
        `INSERT INTO checkout_orders (reference, kind, user_id, email, product_name, level, amount_cents, currency, idempotency_key, member_details)
         VALUES ($1, 'membership', $2, $3, 'Gold-Family', 'Gold-Family', 20000, 'aud', $1, $4::jsonb)`,
        [reference, who.user.id, who.user.email, JSON.stringify(memberDetails(who.user.email))],
      );
      const session = await stack.sandbox.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'aud', unit_amount: 100, product_data: { name: 'Gold-Family membership' } } }],
        client_reference_id: reference,
        success_url: 'https://tamil.example.org/success?session_id={CHECKOUT_SESSION_ID}',
      });
      assert.ok(session.url);
      await payOnHostedPage(session.url);
      await waitFor(
        async () => (await stack.pool.query<{ problem: string | null }>('SELECT problem FROM checkout_orders WHERE reference = $1', [reference])).rows[0]?.problem != null,
        20_000,
        'the order to be flagged',
      );
      const order = (await stack.pool.query<OrderRow>('SELECT * FROM checkout_orders WHERE reference = $1', [reference])).rows[0];
      assert.notEqual(order?.status, 'paid');
      assert.match(order?.problem ?? '', /100 aud, the order 20000 aud/);
      assert.equal(stack.identity.memberships.has(session.id), false);
      assert.equal(await receiptsFor(reference), 0);
    });
  });

  describe('success and cancel pages', () => {
    it('answers 404 for unknown or malformed session ids', async () => {
      assert.equal((await call(`${stack.url}/checkout-session/cs_test_doesnotexist`)).status, 404);
      assert.equal((await call(`${stack.url}/checkout-session/not-a-session`)).status, 404);
      assert.equal((await call(`${stack.url}/checkout-session/ord_doesnotexist0000000/abandon`, { method: 'POST' })).status, 404);
    });

    it('abandons an open checkout from the cancel page: the session is expired and stays abandoned', async () => {
      const bought = await buyMembership(stack, 'Silver-Single', 10);
      const order = await orderOf(bought.sessionId);
      assert.ok(order);
      const res = await call(`${stack.url}/checkout-session/${order.reference}/abandon`, { method: 'POST' });
      assert.deepEqual(res.body, { status: 'abandoned' });
      assert.equal((await stack.sandbox.stripe.checkout.sessions.retrieve(bought.sessionId)).status, 'expired');
      // Stripe's expired event arrives later and changes nothing.
      await waitFor(async () => (await eventsFor(bought.sessionId)).some((e) => e.processed_at !== null), 20_000, 'the expired event to be processed');
      assert.equal((await orderOf(bought.sessionId))?.status, 'abandoned');
      assert.deepEqual((await call(`${stack.url}/checkout-session/${order.reference}/abandon`, { method: 'POST' })).body, { status: 'abandoned' });
    });

    it('does not abandon a checkout that was paid', async () => {
      const bought = await buyMembership(stack, 'Silver-Single', 10);
      await payOnHostedPage(bought.url);
      const res = await call(`${stack.url}/checkout-session/${bought.sessionId}/abandon`, { method: 'POST' });
      assert.deepEqual(res.body, { status: 'paid' });
    });
  });
});
