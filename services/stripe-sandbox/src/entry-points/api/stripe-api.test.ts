import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Stripe from 'stripe';
import { membershipSession, stripeClient, useSandbox } from '../../testing/harness.js';

/** Contract tests: stripe-node 23.1.0 itself, pointed at the sandbox with host/port/protocol. */

async function rejectsWith(promise: Promise<unknown>, check: (err: InstanceType<typeof Stripe.errors.StripeError>) => void): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof Stripe.errors.StripeError, `expected a StripeError, got ${String(err)}`);
    check(err);
    return true;
  });
}

describe('Stripe API through stripe-node', () => {
  const sandbox = useSandbox();

  it('creates a Checkout Session shaped like Stripe’s', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    assert.match(session.id, /^cs_test_[A-Za-z0-9]{58}$/);
    assert.equal(session.object, 'checkout.session');
    assert.equal(session.status, 'open');
    assert.equal(session.payment_status, 'unpaid');
    assert.equal(session.mode, 'payment');
    assert.equal(session.amount_total, 1000);
    assert.equal(session.amount_subtotal, 1000);
    assert.equal(session.currency, 'aud');
    assert.equal(session.customer_email, 'member@example.org');
    assert.equal(session.client_reference_id, 'order-1');
    assert.deepEqual(session.metadata, { orderId: 'order-1' });
    assert.equal(session.customer_details, null);
    assert.equal(session.livemode, false);
    assert.equal(session.success_url, 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}');
    assert.equal(session.url, `${sandbox.url}/c/pay/${session.id}`);
    assert.ok(session.created >= before && session.created <= before + 5);
    assert.equal(session.expires_at, session.created + 24 * 60 * 60);
    assert.equal(session.lastResponse.statusCode, 200);
    assert.match(session.lastResponse.requestId, /^req_/);
  });

  it('sums several line items and quantities, and takes expires_at', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2 * 60 * 60;
    const session = await sandbox.stripe.checkout.sessions.create(
      membershipSession({
        line_items: [
          { price_data: { currency: 'aud', unit_amount: 2500, product_data: { name: 'Family membership', description: 'Two adults and children' } }, quantity: 2 },
          { price_data: { currency: 'aud', unit_amount: 500, product_data: { name: 'Donation' } }, quantity: 1 },
        ],
        expires_at: expiresAt,
      }),
    );
    assert.equal(session.amount_total, 5500);
    assert.equal(session.expires_at, expiresAt);
  });

  it('replays a request with the same Idempotency-Key and parameters, and refuses other parameters', async () => {
    const key = `order-${Date.now()}`;
    const first = await sandbox.stripe.checkout.sessions.create(membershipSession(), { idempotencyKey: key });
    const again = await sandbox.stripe.checkout.sessions.create(membershipSession(), { idempotencyKey: key });
    assert.equal(again.id, first.id);
    assert.equal(again.lastResponse.headers['idempotent-replayed'], 'true');
    assert.equal(first.lastResponse.headers['idempotent-replayed'], undefined);
    await rejectsWith(sandbox.stripe.checkout.sessions.create(membershipSession({ client_reference_id: 'order-2' }), { idempotencyKey: key }), (err) => {
      assert.ok(err instanceof Stripe.errors.StripeIdempotencyError);
      assert.equal(err.type, 'StripeIdempotencyError');
      assert.equal(err.statusCode, 400);
      assert.match(err.message, /same parameters/);
    });
  });

  it('answers concurrent requests with one key with one session', async () => {
    const key = `concurrent-${Date.now()}`;
    const sessions = await Promise.all(Array.from({ length: 5 }, () => sandbox.stripe.checkout.sessions.create(membershipSession(), { idempotencyKey: key })));
    assert.equal(new Set(sessions.map((s) => s.id)).size, 1);
    assert.equal(sessions.filter((s) => s.lastResponse.headers['idempotent-replayed'] === 'true').length, 4);
  });

  it('does not keep a failed request under its key: the key works once the parameters are right', async () => {
    const key = `retry-${Date.now()}`;
    await rejectsWith(sandbox.stripe.checkout.sessions.create(membershipSession({ success_url: 'not a url' }), { idempotencyKey: key }), (err) => assert.equal(err.param, 'success_url'));
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession(), { idempotencyKey: key });
    assert.equal(session.status, 'open');
  });

  it('retrieves a session, expanding line_items and payment_intent', async () => {
    const created = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const plain = await sandbox.stripe.checkout.sessions.retrieve(created.id);
    assert.equal(plain.id, created.id);
    assert.equal(plain.line_items, undefined);
    const expanded = await sandbox.stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items', 'payment_intent'] });
    assert.equal(expanded.line_items?.object, 'list');
    const item = expanded.line_items?.data[0];
    assert.equal(item?.description, 'Student membership');
    assert.equal(item?.quantity, 1);
    assert.equal(item?.amount_total, 1000);
    assert.equal(item?.price?.unit_amount, 1000);
    assert.equal(expanded.payment_intent, null);
    const listed = await sandbox.stripe.checkout.sessions.listLineItems(created.id);
    assert.equal(listed.data[0]?.description, 'Student membership');
    const onCreate = await sandbox.stripe.checkout.sessions.create({ ...membershipSession(), expand: ['line_items'] });
    assert.equal(onCreate.line_items?.data.length, 1);
  });

  it('refuses to expand what it cannot', async () => {
    const created = await sandbox.stripe.checkout.sessions.create(membershipSession());
    await rejectsWith(sandbox.stripe.checkout.sessions.retrieve(created.id, { expand: ['customer'] }), (err) => {
      assert.ok(err instanceof Stripe.errors.StripeInvalidRequestError);
      assert.equal(err.param, 'expand');
      assert.match(err.message, /cannot be expanded \(customer\)/);
    });
  });

  it('expires an open session once', async () => {
    const created = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const expired = await sandbox.stripe.checkout.sessions.expire(created.id);
    assert.equal(expired.status, 'expired');
    assert.equal(expired.payment_status, 'unpaid');
    assert.equal(expired.url, null);
    assert.equal((await sandbox.stripe.checkout.sessions.retrieve(created.id)).status, 'expired');
    await rejectsWith(sandbox.stripe.checkout.sessions.expire(created.id), (err) => {
      assert.ok(err instanceof Stripe.errors.StripeInvalidRequestError);
      assert.equal(err.code, 'checkout_session_not_open');
      assert.match(err.message, /status of "expired"/);
    });
  });

  it('answers 401 in Stripe’s shape for a missing or wrong key', async () => {
    await rejectsWith(stripeClient(sandbox.url, 'sk_test_wrongwrongwrong1234').checkout.sessions.create(membershipSession()), (err) => {
      assert.ok(err instanceof Stripe.errors.StripeAuthenticationError);
      assert.equal(err.statusCode, 401);
      assert.equal(err.message, 'Invalid API Key provided: sk_test_****1234');
    });
    const res = await fetch(`${sandbox.url}/v1/checkout/sessions`, { method: 'POST' });
    assert.equal(res.status, 401);
    const body = (await res.json()) as { error: { type: string; message: string } };
    assert.equal(body.error.type, 'invalid_request_error');
    assert.match(body.error.message, /did not provide an API key/);
  });

  it('names the missing or bad parameter', async () => {
    const cases: Array<[Stripe.Checkout.SessionCreateParams, string, RegExp]> = [
      [{ ...membershipSession(), mode: undefined }, 'mode', /Missing required param: mode/],
      [{ ...membershipSession(), line_items: undefined }, 'line_items', /Missing required param: line_items/],
      [{ ...membershipSession(), success_url: undefined }, 'success_url', /Missing required param: success_url/],
      [membershipSession({ line_items: [{ price_data: { currency: 'aud', unit_amount: 1000, product_data: { name: 'x' } } }] }), 'line_items[0][quantity]', /Missing required param/],
      [membershipSession({ line_items: [{ price_data: { currency: 'aud', product_data: { name: 'x' } }, quantity: 1 }] }), 'line_items[0][price_data][unit_amount]', /Missing required param/],
      [membershipSession({ line_items: [{ price_data: { currency: 'aud', unit_amount: 1000, product_data: { name: '' } }, quantity: 1 }] }), 'line_items[0][price_data][product_data][name]', /Missing/],
      [membershipSession({ line_items: [{ price_data: { currency: 'aud', unit_amount: 10, product_data: { name: 'x' } }, quantity: 1 }] }), 'line_items', /at least 50/],
      [membershipSession({ line_items: [{ price: 'price_123', quantity: 1 }] }), 'line_items[0][price]', /price_data/],
      [membershipSession({ customer_email: 'not-an-email' }), 'customer_email', /Invalid email address/],
      [membershipSession({ cancel_url: 'ftp://example.org' }), 'cancel_url', /Not a valid URL/],
      [membershipSession({ mode: 'subscription' }), 'mode', /only mode=payment/],
      [membershipSession({ expires_at: Math.floor(Date.now() / 1000) + 60 }), 'expires_at', /at least 30 minutes/],
      [{ ...membershipSession(), ...({ colour: 'blue' } as object) }, 'colour', /Received unknown parameter: colour/],
    ];
    for (const [params, param, message] of cases) {
      await rejectsWith(sandbox.stripe.checkout.sessions.create(params), (err) => {
        assert.ok(err instanceof Stripe.errors.StripeInvalidRequestError, `${param}: ${err.type}`);
        assert.equal(err.statusCode, 400);
        assert.equal(err.param, param);
        assert.match(err.message, message);
      });
    }
  });

  it('answers an unknown session or path with 404 resource_missing', async () => {
    await rejectsWith(sandbox.stripe.checkout.sessions.retrieve('cs_test_nothere'), (err) => {
      assert.ok(err instanceof Stripe.errors.StripeInvalidRequestError);
      assert.equal(err.statusCode, 404);
      assert.equal(err.code, 'resource_missing');
      assert.match(err.message, /No such checkout.session: 'cs_test_nothere'/);
    });
    const res = await fetch(`${sandbox.url}/v1/customers`, { headers: { Authorization: `Bearer ${sandbox.secretKey}` } });
    assert.equal(res.status, 404);
    assert.match(((await res.json()) as { error: { message: string } }).error.message, /Unrecognized request URL \(GET: \/v1\/customers\)/);
  });

  it('is alive and ready with Postgres checked', async () => {
    const ready = await fetch(`${sandbox.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ready', checks: { postgres: 'ok' } });
  });
});
