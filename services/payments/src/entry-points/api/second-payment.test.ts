import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paymentsAuditPageAnswerSchema, staffOrderListAnswerSchema, staffPaymentsPaths } from '@tca/contracts';
import { createLogger } from '@tca/service-kit';
import { loadPaymentsConfig } from '../../config.js';
import { buyMembership, call, Closers, payOnHostedPage, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';
import { startPaymentsWorker } from '../workers/payments-worker.js';

interface Row {
  reference: string;
  status: string;
  problem: string | null;
  refund_id: string | null;
  membership_request_id: string | null;
}

/**
 * Issue 15: a member with two checkouts for one level. A new checkout expires the other open one; a second
 * payment that still arrives (both paid before either was settled) is refunded automatically, gets no
 * membership and is listed first to the treasurer. The sandbox sends no webhooks here: the success page's
 * lookups settle the orders, in the order the test chooses.
 */
describe('two checkouts for one membership', { timeout: 180_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;

  before(async () => {
    stack = await startPaymentsStack(closers, { deliverWebhooks: false });
  });
  after(() => closers.closeAll());

  const row = async (sessionId: string): Promise<Row> => {
    const { rows } = await stack.pool.query<Row>('SELECT reference, status, problem, refund_id, membership_request_id FROM checkout_orders WHERE stripe_session_id = $1', [sessionId]);
    assert.ok(rows[0], `an order for ${sessionId}`);
    return rows[0];
  };
  const lookup = async (sessionId: string) => assert.equal((await call(`${stack.url}/checkout-session/${sessionId}`)).status, 200);

  it("a new checkout expires the member's other open checkout for that level (at Stripe too), not other levels' or other members'", async () => {
    const member = stack.identity.issue();
    const first = await buyMembership(stack, 'Gold-Single', 100, member);
    const otherLevel = await buyMembership(stack, 'Silver-Single', 10, member);
    const someoneElse = await buyMembership(stack, 'Gold-Single', 100);
    const second = await buyMembership(stack, 'Gold-Single', 100, member);
    assert.equal((await row(first.sessionId)).status, 'expired');
    assert.equal((await stack.sandbox.stripe.checkout.sessions.retrieve(first.sessionId)).status, 'expired');
    const { rows } = await stack.pool.query<{ source: string; detail: string }>(
      "SELECT e.source, e.detail FROM order_events e JOIN checkout_orders o ON o.id = e.order_id WHERE o.stripe_session_id = $1 AND e.to_status = 'expired'",
      [first.sessionId],
    );
    assert.deepEqual(rows, [{ source: 'new checkout', detail: `Replaced by ${(await row(second.sessionId)).reference}` }]);
    for (const open of [otherLevel, someoneElse, second]) assert.equal((await row(open.sessionId)).status, 'open');
  });

  it('refunds a second payment automatically: one membership, the second order listed first as a problem, audited', async () => {
    const member = stack.identity.issue();
    // Two tabs: the first checkout is paid before the second is opened, and neither is settled yet.
    const first = await buyMembership(stack, 'Gold-Family', 200, member);
    assert.equal((await payOnHostedPage(first.url)).status, 303);
    const second = await buyMembership(stack, 'Gold-Family', 200, member);
    assert.equal((await row(first.sessionId)).status, 'open', 'Stripe would not expire a paid session');
    assert.equal((await payOnHostedPage(second.url)).status, 303);

    await lookup(first.sessionId);
    await lookup(second.sessionId);
    await lookup(second.sessionId);
    const paidFirst = await row(first.sessionId);
    const paidSecond = await row(second.sessionId);
    assert.equal(paidFirst.status, 'paid');
    assert.ok(paidFirst.membership_request_id);
    assert.equal(paidSecond.membership_request_id, null, 'no second membership');
    assert.ok(stack.identity.memberships.has(first.sessionId));
    assert.ok(!stack.identity.memberships.has(second.sessionId));
    assert.match(paidSecond.problem ?? '', new RegExp(`^Second payment for the Gold-Family membership: order ${paidFirst.reference} paid it`));
    assert.match(paidSecond.refund_id ?? '', /^re_/);
    assert.equal((await stack.sandbox.stripe.refunds.retrieve(paidSecond.refund_id ?? '')).amount, 20000);
    const receipts = await stack.pool.query('SELECT 1 FROM outbox WHERE job_id = $1', [`receipt-${paidSecond.reference}`]);
    assert.equal(receipts.rowCount, 0, 'no receipt for the second payment');

    const treasurer = stack.identity.issue({ id: '601' }, { roles: ['treasurer'] }).token;
    const listed = staffOrderListAnswerSchema.parse((await call(`${stack.url}${staffPaymentsPaths.orders}`, { token: treasurer })).body);
    assert.equal(listed.orders[0]?.reference, paidSecond.reference, 'problems first');
    const owner = stack.identity.issue({ id: '602' }, { roles: ['owner'] }).token;
    const audit = paymentsAuditPageAnswerSchema.parse((await call(`${stack.url}${staffPaymentsPaths.audit}?action=order_refunded`, { token: owner })).body);
    assert.deepEqual(
      audit.entries.map((entry) => [entry.actorEmail, entry.target]),
      [['system:second-payment', paidSecond.reference]],
    );

    // No webhook reaches this service: the reconciliation sweep settles the refund Stripe confirmed.
    const worker = await startPaymentsWorker(loadPaymentsConfig({ ...stack.env, RECONCILE_MIN_AGE_MS: '0' }), { logger: createLogger({ name: 'payments-worker', level: 'silent' }) });
    closers.add(() => worker.close());
    assert.ok((await worker.reconcile()) >= 1);
    assert.equal((await row(second.sessionId)).status, 'refunded');
    assert.equal((await row(first.sessionId)).status, 'paid', 'the first payment keeps its membership');
    const mails = await stack.pool.query('SELECT 1 FROM outbox WHERE job_id = $1', [`refund-${paidSecond.reference}`]);
    assert.equal(mails.rowCount, 1, 'the member is told about the refund once');
    assert.equal(stack.identity.cancellations, 0, 'no membership to cancel');
  });
});
