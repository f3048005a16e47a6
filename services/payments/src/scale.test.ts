import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import type pg from 'pg';
import { QUEUES, sessionLookupAnswerSchema } from '@tca/contracts';
import { waitFor, type NodeProcess } from '@tca/service-kit/testing';
import { buyMembership, call, Closers, payOnHostedPage, startPaymentsStack, type PaymentsStack } from './testing/harness.js';
import { mapLimit, prepareRealIdentity, registerMembers, startRealMailer, startWorkerProcess } from './testing/real-services.js';

/**
 * The scale check: three payment worker processes, 300 paid sessions whose webhooks the Stripe
 * sandbox delivers twice each (and out of order), the success page asking about every session as well;
 * afterwards the real identity service holds exactly 300 memberships and the mailer sent exactly 300
 * receipts.
 */
const SESSIONS = Number(process.env.PAYMENTS_SCALE_SESSIONS ?? 300);
const WORKERS = 3;

describe(`${WORKERS} payment workers, ${SESSIONS} paid sessions, every webhook delivered twice`, { timeout: 600_000 }, () => {
  const closers = new Closers();
  let stack: PaymentsStack;
  let identityDb: pg.Pool;
  let identityUrl: string;
  const smtp = { mails: [] as Array<{ subject: string; messageId: string; to: string[] }> };
  const workers: NodeProcess[] = [];

  before(async () => {
    // The real identity service (its /internal/memberships is what fulfilment calls), on its own database.
    const identity = await prepareRealIdentity(closers, 'scale');
    identityUrl = identity.url;
    identityDb = identity.db;
    // Identity's Redis is only for its rate limits (off here) and e-mails; the test's own comes with the stack.
    stack = await startPaymentsStack(closers, {
      identity: { url: identity.url, serviceToken: identity.serviceToken },
      sandboxEnv: { SANDBOX_DUPLICATE_DELIVERY: '1', SANDBOX_OUT_OF_ORDER: '1', SANDBOX_DELIVERY_CONCURRENCY: '8' },
    });
    await identity.start(stack.redis.url);

    // The mailer sends what the workers' outbox relays queue, to an SMTP sink.
    smtp.mails = (await startRealMailer(closers, stack.redis.url)).sink.mails;

    for (let i = 0; i < WORKERS; i += 1) {
      const worker = await startWorkerProcess(stack, `payments-worker-${i + 1}`, { PAYMENTS_WORKER_CONCURRENCY: '5' });
      workers.push(worker);
      closers.add(() => worker.stop());
    }
  });
  after(() => closers.closeAll());

  it('creates exactly one membership and one receipt per paid session', async () => {
    // Members register and log in (identity's user ids are what memberships hang on).
    const members = await registerMembers(identityUrl, SESSIONS);

    // Each buys a membership and pays; the success page then asks about the session, as the browser does.
    const sessions = await mapLimit(members, 10, async (member, i) => {
      const bought = await buyMembership(stack, i % 2 === 0 ? 'Silver-Single' : 'Gold-Student', i % 2 === 0 ? 10 : 50, member);
      const paid = await payOnHostedPage(bought.url);
      assert.equal(paid.status, 303);
      const lookup = await call(`${stack.url}/checkout-session/${bought.sessionId}`);
      assert.equal(lookup.status, 200);
      assert.equal(sessionLookupAnswerSchema.parse(lookup.body).payment_status, 'paid');
      return bought.sessionId;
    });
    assert.equal(new Set(sessions).size, SESSIONS);

    const memberships = async () => Number((await identityDb.query<{ n: string }>('SELECT count(*) AS n FROM identity.memberships')).rows[0]?.n ?? 0);
    let seen = 0;
    await waitFor(
      async () => {
        seen = await memberships();
        return seen >= SESSIONS && smtp.mails.length >= SESSIONS;
      },
      240_000,
      () => `${SESSIONS} memberships and receipts (have ${seen} and ${smtp.mails.length})`,
    );

    // Every event went out twice and was acknowledged both times...
    const events = await fetch(`${stack.sandbox.url}/__sandbox/events?type=checkout.session.completed&limit=1000`, { headers: { Authorization: `Bearer ${stack.sandbox.secretKey}` } });
    const list = (await events.json()) as { data: Array<{ id: string; deliveries: Array<{ status: string }> }> };
    assert.equal(list.data.length, SESSIONS);
    await waitFor(
      async () => {
        const again = (await (await fetch(`${stack.sandbox.url}/__sandbox/events?type=checkout.session.completed&limit=1000`, { headers: { Authorization: `Bearer ${stack.sandbox.secretKey}` } })).json()) as typeof list;
        return again.data.every((event) => event.deliveries.filter((d) => d.status === 'delivered').length === 2);
      },
      60_000,
      'both copies of every event to be delivered',
    );
    // ...stored once each, and every fulfilment job has finished.
    assert.equal(Number((await stack.pool.query<{ n: string }>('SELECT count(*) AS n FROM stripe_events').then((r) => r.rows[0]?.n)) ?? 0), SESSIONS);
    const queue = new Queue(QUEUES.paymentFulfilment, { connection: { url: stack.redis.url } });
    try {
      await waitFor(
        async () => {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          return Object.values(counts).every((n) => n === 0);
        },
        60_000,
        'the fulfilment queue to drain',
      );
      const done = await queue.getJobCounts('completed', 'failed');
      assert.equal(done.failed, 0);
      assert.equal(done.completed, SESSIONS);
    } finally {
      await queue.close();
    }
    const emails = new Queue(QUEUES.email, { connection: { url: stack.redis.url } });
    try {
      await waitFor(async () => Object.values(await emails.getJobCounts('waiting', 'active', 'delayed')).every((n) => n === 0), 60_000, 'the e-mail queue to drain');
    } finally {
      await emails.close();
    }

    // Exactly one of each, per session.
    assert.equal(await memberships(), SESSIONS);
    const bySession = await identityDb.query<{ n: string }>('SELECT count(DISTINCT checkout_session_id) AS n FROM identity.memberships');
    assert.equal(Number(bySession.rows[0]?.n), SESSIONS);
    assert.equal(Number((await stack.pool.query<{ n: string }>("SELECT count(*) AS n FROM checkout_orders WHERE status = 'paid'")).rows[0]?.n), SESSIONS);
    assert.equal(Number((await stack.pool.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE queue = 'email'")).rows[0]?.n), SESSIONS);
    assert.equal(smtp.mails.length, SESSIONS);
    assert.equal(new Set(smtp.mails.map((mail) => mail.messageId)).size, SESSIONS);
    assert.ok(smtp.mails.every((mail) => /membership receipt \(ORD-\d{4}-\d{6}\)/.test(mail.subject)));
    // All three workers took part.
    for (const worker of workers) assert.match(worker.output(), /"msg":"payment event processed"/);
  });
});
