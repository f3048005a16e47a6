import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { QUEUES } from '@tca/contracts';
import { createLogger } from '@tca/service-kit';
import { waitFor } from '@tca/service-kit/testing';
import { loadPaymentsConfig } from '../../config.js';
import { retryDelayMs } from './fulfilment-worker.js';
import { startPaymentsWorker, type PaymentsWorker } from './payments-worker.js';
import { buyMembership, Closers, deliver, eventFor, payOnHostedPage, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

describe('retry schedule', () => {
  it('doubles from the base delay: 15 tries from 2 s wait about 9 hours in all', () => {
    assert.deepEqual([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 2000)), [2000, 4000, 8000, 16000]);
    const total = Array.from({ length: 14 }, (_, i) => retryDelayMs(i + 1, 2000)).reduce((a, b) => a + b, 0);
    assert.ok(total > 9 * 3600 * 1000 && total < 9.2 * 3600 * 1000, String(total));
  });
});

describe('payments worker', { timeout: 120_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;
  let worker: PaymentsWorker;
  let queue: Queue;

  before(async () => {
    // The sandbox sends no webhooks here: each test delivers its own events (or none).
    stack = await startPaymentsStack(closers, { deliverWebhooks: false, env: { RECONCILE_MIN_AGE_MS: '0', FULFIL_RETRY_BASE_MS: '50' } });
    worker = await startPaymentsWorker(loadPaymentsConfig(stack.env), { logger: createLogger({ name: 'payments-worker', level: 'silent' }) });
    closers.add(() => worker.close());
    queue = new Queue(QUEUES.paymentFulfilment, { connection: { url: stack.redis.url } });
    closers.add(() => queue.close());
  });
  after(() => closers.closeAll());

  const statusOf = async (sessionId: string) => (await stack.pool.query<{ status: string }>('SELECT status FROM checkout_orders WHERE stripe_session_id = $1', [sessionId])).rows[0]?.status;

  async function paidSession(level: 'Silver-Single' | 'Gold-Student' = 'Silver-Single', price = 10) {
    const bought = await buyMembership(stack, level, price);
    await payOnHostedPage(bought.url);
    return { ...bought, session: await stack.sandbox.stripe.checkout.sessions.retrieve(bought.sessionId) };
  }

  it('keeps retrying while identity is down, and fulfils once it is back', async (t) => {
    const paid = await paidSession();
    stack.identity.internalMode = 'unavailable';
    t.after(() => {
      stack.identity.internalMode = 'normal';
    });
    const before = stack.identity.createCalls;
    assert.equal((await deliver(stack, eventFor('checkout.session.completed', paid.session))).status, 200);
    await waitFor(() => stack.identity.createCalls >= before + 3, 20_000, 'three tries against the unavailable identity');
    assert.equal(await statusOf(paid.sessionId), 'open');
    stack.identity.internalMode = 'normal';
    await waitFor(async () => (await statusOf(paid.sessionId)) === 'paid', 20_000, 'the order to be paid');
    assert.ok(stack.identity.memberships.has(paid.sessionId));
  });

  it('fails a job for good when identity refuses the membership (a 4xx), without retrying', async (t) => {
    const paid = await paidSession();
    stack.identity.internalMode = 'reject';
    t.after(() => {
      stack.identity.internalMode = 'normal';
    });
    const before = stack.identity.createCalls;
    const eventId = `evt_test_refused${Date.now()}`;
    assert.equal((await deliver(stack, eventFor('checkout.session.completed', paid.session, eventId))).status, 200);
    await waitFor(async () => (await queue.getJobState(`stripe-${eventId}`)) === 'failed', 20_000, 'the job to fail');
    const job = await queue.getJob(`stripe-${eventId}`);
    assert.match(job?.failedReason ?? '', /identity create membership: answered 400/);
    assert.equal(stack.identity.createCalls, before + 1);
    assert.equal(await statusOf(paid.sessionId), 'open');
  });

  it('reconciles an order whose webhook never came', async () => {
    const paid = await paidSession('Gold-Student', 50);
    assert.equal(await statusOf(paid.sessionId), 'open');
    const checked = await worker.reconcile();
    assert.ok(checked >= 1);
    assert.equal(await statusOf(paid.sessionId), 'paid');
    assert.ok(stack.identity.memberships.has(paid.sessionId));
  });
});
