import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  emailJobSchema,
  ORDER_ALREADY_REFUNDED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_NOT_PAID_MESSAGE,
  paymentsAuditPageAnswerSchema,
  REFUND_REASON_REQUIRED_MESSAGE,
  REFUND_REQUESTED_MESSAGE,
  staffOrderAnswerSchema,
  staffPaymentsPaths,
} from '@tca/contracts';
import { createLogger } from '@tca/service-kit';
import { waitFor } from '@tca/service-kit/testing';
import { loadPaymentsConfig } from '../../config.js';
import { insertOrder } from '../../data-access/order-repository.js';
import { createIdentityInternalClient } from '../../domain/identity-internal-client.js';
import { settleRefund } from '../../domain/refunds.js';
import type { Stripe } from '../../domain/stripe-client.js';
import { startPaymentsWorker } from '../workers/payments-worker.js';
import { buyMembership, call, Closers, payOnHostedPage, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

interface SandboxEvent {
  id: string;
  type: string;
  object_id: string;
  deliveries: Array<{ copy: number; status: string }>;
}

/**
 * Issue 15's "done means" for refunds: a treasurer refunds a membership paid through the Stripe sandbox,
 * which delivers every event twice and newest first; one refund, one Cancelled membership, one e-mail.
 */
describe('refunding an order from the treasurer desk', { timeout: 180_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;
  let treasurer: string;
  let owner: string;
  let editor: string;

  before(async () => {
    stack = await startPaymentsStack(closers, { sandboxEnv: { SANDBOX_DUPLICATE_DELIVERY: '1', SANDBOX_OUT_OF_ORDER: '1', SANDBOX_OUT_OF_ORDER_WINDOW_MS: '300' } });
    const worker = await startPaymentsWorker(loadPaymentsConfig(stack.env), { logger: createLogger({ name: 'payments-worker', level: 'silent' }) });
    closers.add(() => worker.close());
    treasurer = stack.identity.issue({ id: '801', email: 'treasurer@example.org' }, { roles: ['treasurer'] }).token;
    owner = stack.identity.issue({ id: '802', email: 'owner@example.org' }, { roles: ['owner'] }).token;
    editor = stack.identity.issue({ id: '803', email: 'editor@example.org' }, { roles: ['editor'] }).token;
  });
  after(() => closers.closeAll());

  const orderRow = async (sessionId: string) =>
    (await stack.pool.query<{ reference: string; status: string }>('SELECT reference, status FROM checkout_orders WHERE stripe_session_id = $1', [sessionId])).rows[0];
  const outboxCount = async (jobId: string) => (await stack.pool.query('SELECT 1 FROM outbox WHERE job_id = $1', [jobId])).rowCount ?? 0;
  const refund = (reference: string, token: string | undefined, reason: unknown = 'Paid twice by mistake') =>
    call(`${stack.url}${staffPaymentsPaths.refund(reference)}`, { ...(token ? { token } : {}), body: { reason } });
  async function sandboxEvents(type: string): Promise<SandboxEvent[]> {
    const res = await fetch(`${stack.sandbox.url}/__sandbox/events?type=${type}`, { headers: { Authorization: `Bearer ${stack.sandbox.secretKey}` } });
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: SandboxEvent[] }).data;
  }

  /** A membership bought and paid through the sandbox, fulfilled: its order reference and session. */
  async function paidMembership(): Promise<{ reference: string; sessionId: string }> {
    const bought = await buyMembership(stack, 'Gold-Single', 100);
    assert.equal((await payOnHostedPage(bought.url)).status, 303);
    await waitFor(async () => (await orderRow(bought.sessionId))?.status === 'paid', 20_000, 'the order to be paid');
    const row = await orderRow(bought.sessionId);
    assert.ok(row);
    return { reference: row.reference, sessionId: bought.sessionId };
  }

  it('refunds once under a double click and duplicate, out-of-order webhooks: one refund, one Cancelled membership, one e-mail', async () => {
    const { reference, sessionId } = await paidMembership();
    const receiptsBefore = await outboxCount(`receipt-${reference}`);

    // A double click: both requests at once. The order is locked while Stripe is asked; the second finds it refunded.
    const answers = await Promise.all([refund(reference, treasurer), refund(reference, treasurer)]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    const accepted = answers.find((a) => a.status === 200);
    const refused = answers.find((a) => a.status === 409);
    const { order, message } = staffOrderAnswerSchema.parse(accepted?.body);
    assert.equal(message, REFUND_REQUESTED_MESSAGE);
    assert.match(order.refund?.id ?? '', /^re_/);
    assert.equal(order.refund?.reason, 'Paid twice by mistake');
    assert.equal(order.refund?.requestedBy, 'treasurer@example.org');
    assert.equal((refused?.body as { message: string }).message, ORDER_ALREADY_REFUNDED_MESSAGE);

    await waitFor(async () => (await orderRow(sessionId))?.status === 'refunded', 20_000, 'the order to be refunded');
    // Every refund event delivered twice (both copies acknowledged), and settled by then.
    await waitFor(
      async () => {
        const events = [...(await sandboxEvents('charge.refunded')), ...(await sandboxEvents('refund.updated'))];
        return events.length === 2 && events.every((event) => event.deliveries.length === 2 && event.deliveries.every((d) => d.status === 'delivered'));
      },
      20_000,
      'both refund events delivered twice',
    );
    await waitFor(async () => (await stack.pool.query("SELECT 1 FROM stripe_events WHERE object_id IS NOT NULL AND session_id IS NULL AND processed_at IS NOT NULL")).rowCount === 2, 20_000, 'both refund events processed');

    const refunds = await sandboxEvents('refund.updated');
    assert.deepEqual(refunds.map((event) => event.object_id), [order.refund?.id], 'one refund in the sandbox');
    assert.equal(stack.identity.cancellations, 1, 'one membership cancelled');
    assert.equal(stack.identity.memberships.get(sessionId)?.status, 'Cancelled');
    assert.equal(await outboxCount(`refund-${reference}`), 1, 'one refund e-mail');
    assert.equal(await outboxCount(`receipt-${reference}`), receiptsBefore, 'no second receipt');
    const mail = emailJobSchema.parse((await stack.pool.query<{ payload: unknown }>('SELECT payload FROM outbox WHERE job_id = $1', [`refund-${reference}`])).rows[0]?.payload);
    assert.match(mail.subject, /Your refund for your Gold-Single membership \(ORD-\d{4}-\d{6}\)/);
    assert.match(mail.text, /Amount refunded: A\$100\.00/);
    assert.match(mail.text, /Status: Cancelled/);

    const after = staffOrderAnswerSchema.parse((await call(`${stack.url}${staffPaymentsPaths.order(reference)}`, { token: treasurer })).body).order;
    assert.equal(after.status, 'refunded');
    assert.equal(after.membershipStatus, 'Cancelled');
    assert.ok(after.refund?.refundedAt);
    assert.deepEqual(
      after.events.map((event) => [event.fromStatus, event.toStatus]),
      [[null, 'created'], ['created', 'open'], ['open', 'paid'], ['paid', 'paid'], ['paid', 'refunded']],
      'one refund request and one change to refunded in the history',
    );
    const audit = paymentsAuditPageAnswerSchema.parse((await call(`${stack.url}${staffPaymentsPaths.audit}?action=order_refunded`, { token: owner })).body);
    assert.equal(audit.entries.length, 1);
    assert.equal(audit.entries[0]?.target, reference);
    assert.match(audit.entries[0]?.summary ?? '', /A\$100\.00 .*: Paid twice by mistake$/);

    // Refunding it again is refused, and Stripe would refuse too: one refund.
    const again = await refund(reference, owner);
    assert.equal(again.status, 409);
    await assert.rejects(stack.sandbox.stripe.refunds.create({ payment_intent: after.stripePaymentIntentId ?? '' }), /already been refunded/);
  });

  it('forgets a refund Stripe reports failed, so the desk can refund again (with a new idempotency key)', async () => {
    const { reference, sessionId } = await paidMembership();
    await stack.pool.query("UPDATE checkout_orders SET refund_id = 're_failedxxxxxxxxxxxxxxxxxx', refund_reason = 'Paid twice', refund_requested_by = 'treasurer@example.org', refund_requested_at = now() WHERE reference = $1", [reference]);
    const paymentIntentId = (await stack.pool.query<{ pi: string }>('SELECT stripe_payment_intent_id AS pi FROM checkout_orders WHERE reference = $1', [reference])).rows[0]?.pi ?? '';
    const failing = { refunds: { retrieve: () => Promise.resolve({ id: 're_failedxxxxxxxxxxxxxxxxxx', status: 'failed', failure_reason: 'expired_or_canceled_card', amount: 10000 }) } } as unknown as Stripe;
    const logger = createLogger({ name: 'test', level: 'silent' });
    const settled = await settleRefund({ pool: stack.pool, stripe: failing, identity: createIdentityInternalClient({ baseUrl: stack.identity.url, serviceToken: stack.identity.serviceToken, timeoutMs: 1000 }), logger, publicUrl: 'https://tamil.example.org' }, { paymentIntentId, refundId: null, source: 'reconcile' });
    assert.equal(settled.outcome, 'failed');
    const { order } = staffOrderAnswerSchema.parse((await call(`${stack.url}${staffPaymentsPaths.order(reference)}`, { token: treasurer })).body);
    assert.equal(order.status, 'paid');
    assert.equal(order.refund, null);
    assert.match(order.events.at(-1)?.detail ?? '', /^Refund re_failedx+ failed: expired_or_canceled_card$/);
    const again = await refund(reference, treasurer, 'Paid twice, second try');
    assert.equal(again.status, 200);
    await waitFor(async () => (await orderRow(sessionId))?.status === 'refunded', 20_000, 'the second refund to settle');
  });

  it('answers 401 without a login, 403 for another staff role, 404 for an unknown order, 409 for an unpaid one, 400 without a reason', async () => {
    const { reference } = await paidMembership();
    assert.equal((await refund(reference, undefined)).status, 401);
    const forbidden = await refund(reference, editor);
    assert.equal(forbidden.status, 403);
    assert.equal((forbidden.body as { error: string }).error, 'forbidden');
    const missing = await refund('ord_doesnotexist0000000', treasurer);
    assert.equal(missing.status, 404);
    assert.equal((missing.body as { message: string }).message, ORDER_NOT_FOUND_MESSAGE);
    const open = await insertOrder(stack.pool, { kind: 'demo', userId: null, email: 'buyer@example.org', productName: 'Demo book', level: null, quantity: 1, amountCents: 2000, currency: 'aud', memberDetails: null, metadata: {} });
    const unpaid = await refund(open.reference, treasurer);
    assert.equal(unpaid.status, 409);
    assert.equal((unpaid.body as { message: string }).message, ORDER_NOT_PAID_MESSAGE);
    const blank = await refund(reference, treasurer, '  ');
    assert.equal(blank.status, 400);
    assert.match((blank.body as { message: string }).message, new RegExp(REFUND_REASON_REQUIRED_MESSAGE));
    assert.equal((await orderRow((await stack.pool.query<{ stripe_session_id: string }>('SELECT stripe_session_id FROM checkout_orders WHERE reference = $1', [reference])).rows[0]?.stripe_session_id ?? ''))?.status, 'paid', 'nothing refunded by refused requests');
  });
});
