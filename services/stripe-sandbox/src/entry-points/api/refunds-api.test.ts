import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import Stripe from 'stripe';
import { waitFor } from '@tca/service-kit/testing';
import { membershipSession, startWebhookReceiver, submitCard, useSandbox, type WebhookReceiver } from '../../testing/harness.js';

/** Contract tests of the Refunds API through stripe-node 23.1.0, and the webhooks a refund sends. */
describe('refunds through stripe-node', () => {
  let receiver: WebhookReceiver;
  const sandbox = useSandbox(
    () => ({ SANDBOX_WEBHOOK_URL: receiver.url }),
    async () => {
      receiver = await startWebhookReceiver();
    },
  );
  after(() => receiver.close());

  async function paidPaymentIntent(): Promise<string> {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    assert.equal((await submitCard(session.url ?? '', { cardnumber: '4242 4242 4242 4242' })).status, 303);
    const paid = await sandbox.stripe.checkout.sessions.retrieve(session.id);
    assert.equal(typeof paid.payment_intent, 'string');
    return paid.payment_intent as string;
  }

  async function stripeError(promise: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
    try {
      await promise;
    } catch (err) {
      assert.ok(err instanceof Stripe.errors.StripeError, `expected a StripeError, got ${String(err)}`);
      return err;
    }
    assert.fail('expected the call to fail');
  }

  it('refunds a paid PaymentIntent in full, once per idempotency key, and refuses a second refund', async () => {
    const paymentIntent = await paidPaymentIntent();
    const params = { payment_intent: paymentIntent, reason: 'requested_by_customer' as const, metadata: { order_reference: 'ord_x' } };
    const refund = await sandbox.stripe.refunds.create(params, { idempotencyKey: `refund-${paymentIntent}` });
    assert.match(refund.id, /^re_/);
    assert.equal(refund.object, 'refund');
    assert.equal(refund.amount, 1000);
    assert.equal(refund.currency, 'aud');
    assert.equal(refund.status, 'succeeded');
    assert.equal(refund.payment_intent, paymentIntent);
    assert.equal(refund.charge, `ch_${paymentIntent.slice(3)}`);
    assert.equal(refund.reason, 'requested_by_customer');
    assert.deepEqual(refund.metadata, { order_reference: 'ord_x' });

    const again = await sandbox.stripe.refunds.create(params, { idempotencyKey: `refund-${paymentIntent}` });
    assert.equal(again.id, refund.id, 'a double click with the same key is the same refund');
    assert.equal(again.lastResponse.headers['idempotent-replayed'], 'true');
    assert.equal((await sandbox.stripe.refunds.retrieve(refund.id)).status, 'succeeded');

    const second = await stripeError(sandbox.stripe.refunds.create({ payment_intent: paymentIntent }));
    assert.equal(second.type, 'StripeInvalidRequestError');
    assert.equal(second.code, 'charge_already_refunded');
    assert.equal(second.statusCode, 400);
  });

  it('answers Stripe’s errors for unknown ids, bad parameters and amounts larger than what is left', async () => {
    const unknown = await stripeError(sandbox.stripe.refunds.create({ payment_intent: 'pi_doesnotexist' }));
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.code, 'resource_missing');
    const missing = await stripeError(sandbox.stripe.refunds.retrieve('re_doesnotexist'));
    assert.equal(missing.statusCode, 404);
    assert.match(missing.message, /No such refund: 're_doesnotexist'/);
    const noTarget = await stripeError(sandbox.stripe.refunds.create({}));
    assert.equal(noTarget.code, 'parameter_missing');
    const paymentIntent = await paidPaymentIntent();
    const tooLarge = await stripeError(sandbox.stripe.refunds.create({ payment_intent: paymentIntent, amount: 1001 }));
    assert.equal(tooLarge.code, 'amount_too_large');
    const badReason = await stripeError(sandbox.stripe.refunds.create({ payment_intent: paymentIntent, reason: 'changed_mind' as 'duplicate' }));
    assert.equal(badReason.param, 'reason');
    const part = await sandbox.stripe.refunds.create({ payment_intent: paymentIntent, amount: 400 });
    assert.equal(part.amount, 400);
    const rest = await sandbox.stripe.refunds.create({ payment_intent: paymentIntent });
    assert.equal(rest.amount, 600, 'without an amount: what is left');
  });

  it('sends charge.refunded (the charge with its refunds) and refund.updated, signed', async () => {
    const paymentIntent = await paidPaymentIntent();
    const refund = await sandbox.stripe.refunds.create({ payment_intent: paymentIntent });
    const events = () =>
      receiver.received
        .map((raw) => sandbox.stripe.webhooks.constructEvent(raw.body, String(raw.headers['stripe-signature']), sandbox.webhookSecret))
        .filter((event) => event.type === 'charge.refunded' || event.type === 'refund.updated')
        .filter((event) => (event.data.object as { payment_intent?: string }).payment_intent === paymentIntent);
    await waitFor(() => events().length >= 2, 15_000, 'the two refund events');
    const charge = events().find((event) => event.type === 'charge.refunded')?.data.object as Stripe.Charge;
    assert.equal(charge.object, 'charge');
    assert.equal(charge.refunded, true);
    assert.equal(charge.amount_refunded, 1000);
    assert.equal(charge.refunds?.data[0]?.id, refund.id);
    const updated = events().find((event) => event.type === 'refund.updated')?.data.object as Stripe.Refund;
    assert.equal(updated.id, refund.id);
    assert.equal(updated.status, 'succeeded');
  });
});
