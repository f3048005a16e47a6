import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type Stripe from 'stripe';
import { waitFor } from '@tca/service-kit/testing';
import { backoffMs } from './delivery-loop.js';
import { signatureHeader } from './signature.js';
import { membershipSession, startWebhookReceiver, submitCard, useSandbox, type ReceivedWebhook, type WebhookReceiver } from '../testing/harness.js';

interface AdminEvent {
  id: string;
  type: string;
  object_id: string;
  deliveries: Array<{ endpoint: string; copy: number; status: string; attempts: number; last_status_code: number | null }>;
}

describe('webhook signatures', () => {
  it('are what stripe-node expects: t=…,v1=HMAC-SHA256("t.body") with the whole whsec_ secret', async () => {
    const { default: StripeClass } = await import('stripe');
    const stripe = new StripeClass('sk_test_unused12345678');
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
    const secret = 'whsec_testsecret123';
    const t = Math.floor(Date.now() / 1000);
    assert.equal(signatureHeader(body, secret, t), stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t }));
    assert.equal(stripe.webhooks.constructEvent(body, signatureHeader(body, secret), secret).id, 'evt_1');
    assert.throws(() => stripe.webhooks.constructEvent(body, signatureHeader(body, 'whsec_other'), secret), /signature/i);
  });

  it('retry backoff doubles from the base and is capped', () => {
    assert.deepEqual([1, 2, 3, 4].map((n) => backoffMs(n, 1000)), [1000, 2000, 4000, 8000]);
    assert.equal(backoffMs(40, 1000), 60 * 60 * 1000);
  });
});

describe('webhook deliveries', () => {
  let receiver: WebhookReceiver;
  const sandbox = useSandbox(
    () => ({ SANDBOX_WEBHOOK_URL: receiver.url, SANDBOX_MAX_ATTEMPTS: '3' }),
    async () => {
      receiver = await startWebhookReceiver();
    },
  );
  after(() => receiver.close());

  /** What the receiver got for one session, as verified events. */
  function eventsFor(sessionId: string): Array<{ event: Stripe.Event; raw: ReceivedWebhook }> {
    return receiver.received
      .map((raw) => ({ raw, event: sandbox.stripe.webhooks.constructEvent(raw.body, String(raw.headers['stripe-signature']), sandbox.webhookSecret) }))
      .filter(({ event }) => (event.data.object as { id?: string }).id === sessionId);
  }
  async function waitForEvents(sessionId: string, count: number): Promise<Array<{ event: Stripe.Event; raw: ReceivedWebhook }>> {
    await waitFor(() => eventsFor(sessionId).length >= count, 15_000, () => `${count} webhook requests for ${sessionId} (got ${eventsFor(sessionId).length})`);
    return eventsFor(sessionId);
  }
  async function adminEvents(sessionId: string): Promise<AdminEvent[]> {
    const res = await sandbox.admin(`/__sandbox/events?session=${sessionId}`);
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: AdminEvent[] }).data;
  }
  async function setSwitches(switches: Record<string, unknown>): Promise<void> {
    const res = await sandbox.admin('/__sandbox/config', { method: 'POST', body: JSON.stringify(switches) });
    assert.equal(res.status, 200, await res.text());
  }

  before(() => {
    receiver.respond = () => 200;
  });

  it('paying on the hosted page redirects to success_url and sends a signed checkout.session.completed', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const res = await submitCard(session.url ?? '', { cardnumber: '4242 4242 4242 4242', email: 'someone@example.org' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), `http://localhost:3000/success?session_id=${session.id}`);

    const [delivery] = await waitForEvents(session.id, 1);
    assert.ok(delivery);
    const { event, raw } = delivery;
    assert.match(String(raw.headers['stripe-signature']), /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.match(String(raw.headers['content-type']), /^application\/json/);
    assert.match(event.id, /^evt_/);
    assert.equal(event.object, 'event');
    assert.equal(event.type, 'checkout.session.completed');
    assert.equal(event.livemode, false);
    const object = event.data.object as Stripe.Checkout.Session;
    assert.equal(object.status, 'complete');
    assert.equal(object.payment_status, 'paid');
    assert.equal(object.amount_total, 1000);
    assert.equal(object.client_reference_id, 'order-1');
    assert.deepEqual(object.metadata, { orderId: 'order-1' });
    // customer_email was given, so the page did not ask for another.
    assert.equal(object.customer_details?.email, 'member@example.org');
    assert.equal(object.customer_details?.name, 'Test Payer');

    const retrieved = await sandbox.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    assert.equal(retrieved.status, 'complete');
    assert.equal(retrieved.payment_status, 'paid');
    assert.equal(retrieved.url, null);
    assert.equal((retrieved.payment_intent as Stripe.PaymentIntent | null)?.status, 'succeeded');

    await waitFor(async () => (await adminEvents(session.id))[0]?.deliveries[0]?.status === 'delivered', 5000, 'delivered status');
    const [recorded] = await adminEvents(session.id);
    assert.equal(recorded?.id, event.id);
    assert.deepEqual(recorded?.deliveries.map((d) => [d.endpoint, d.status, d.attempts, d.last_status_code]), [[receiver.url, 'delivered', 1, 200]]);
  });

  it('a declined card sends nothing and leaves the session open', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const res = await submitCard(session.url ?? '', { cardnumber: '4000000000000002' });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<div class="alert" role="alert" id="payment-alert"><p>Your card was declined\.<\/p>/);
    assert.equal((await sandbox.stripe.checkout.sessions.retrieve(session.id)).status, 'open');
    assert.deepEqual(await adminEvents(session.id), []);
  });

  it('expiring sends checkout.session.expired', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    await sandbox.stripe.checkout.sessions.expire(session.id);
    const [delivery] = await waitForEvents(session.id, 1);
    assert.equal(delivery?.event.type, 'checkout.session.expired');
    assert.equal((delivery?.event.data.object as Stripe.Checkout.Session).status, 'expired');
  });

  it('retries with backoff until the endpoint answers 2xx', async (t) => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    let failuresLeft = 2;
    receiver.respond = (_n, body) => (body.includes(session.id) && failuresLeft-- > 0 ? 500 : 200);
    t.after(() => {
      receiver.respond = () => 200;
    });
    await sandbox.stripe.checkout.sessions.expire(session.id);
    const deliveries = await waitForEvents(session.id, 3);
    assert.deepEqual(deliveries.map((d) => d.raw.answered), [500, 500, 200]);
    assert.equal(new Set(deliveries.map((d) => d.event.id)).size, 1);
    await waitFor(async () => (await adminEvents(session.id))[0]?.deliveries[0]?.status === 'delivered', 5000, 'delivered after retries');
    assert.equal((await adminEvents(session.id))[0]?.deliveries[0]?.attempts, 3);
  });

  it('gives up after SANDBOX_MAX_ATTEMPTS', async (t) => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    receiver.respond = (_n, body) => (body.includes(session.id) ? 503 : 200);
    t.after(() => {
      receiver.respond = () => 200;
    });
    await sandbox.stripe.checkout.sessions.expire(session.id);
    await waitFor(async () => (await adminEvents(session.id))[0]?.deliveries[0]?.status === 'failed', 10_000, 'failed status');
    const [event] = await adminEvents(session.id);
    assert.deepEqual(event?.deliveries.map((d) => [d.status, d.attempts, d.last_status_code]), [['failed', 3, 503]]);
    assert.equal(eventsFor(session.id).length, 3);
  });

  it('delivers every event twice with SANDBOX_DUPLICATE_DELIVERY', async (t) => {
    await setSwitches({ duplicateDelivery: true });
    t.after(() => setSwitches({ duplicateDelivery: false }));
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    await sandbox.stripe.checkout.sessions.expire(session.id);
    const deliveries = await waitForEvents(session.id, 2);
    assert.equal(deliveries.length, 2);
    assert.equal(deliveries[0]?.event.id, deliveries[1]?.event.id);
    await waitFor(async () => (await adminEvents(session.id))[0]?.deliveries.every((d) => d.status === 'delivered') === true, 5000, 'both copies delivered');
    assert.deepEqual((await adminEvents(session.id))[0]?.deliveries.map((d) => d.copy), [1, 2]);
  });

  it('delivers events of one window newest first with SANDBOX_OUT_OF_ORDER', async (t) => {
    await setSwitches({ outOfOrder: true, outOfOrderWindowMs: 1500 });
    t.after(() => setSwitches({ outOfOrder: false }));
    const first = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const second = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const paid = await submitCard(first.url ?? '', { cardnumber: '4242424242424242' });
    assert.equal(paid.status, 303);
    await sandbox.stripe.checkout.sessions.expire(second.id);
    await waitForEvents(first.id, 1);
    await waitForEvents(second.id, 1);
    const order = receiver.received
      .map((raw) => (JSON.parse(raw.body) as Stripe.Event).data.object as { id: string })
      .map((object) => object.id)
      .filter((id) => id === first.id || id === second.id);
    assert.deepEqual(order, [second.id, first.id]);
  });

  it('refuses bad switch values and admin calls without the key', async () => {
    const bad = await sandbox.admin('/__sandbox/config', { method: 'POST', body: JSON.stringify({ deliveryConcurrency: 0 }) });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: { message: string } }).error.message, /deliveryConcurrency/);
    const unknown = await sandbox.admin('/__sandbox/config', { method: 'POST', body: JSON.stringify({ loud: true }) });
    assert.equal(unknown.status, 400);
    const anonymous = await fetch(`${sandbox.url}/__sandbox/events`);
    assert.equal(anonymous.status, 401);
  });
});
