import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { QUEUES, type PaymentFulfilmentJob } from '@tca/contracts';
import { stopChild, waitFor } from '@tca/service-kit/testing';
import type { FulfilmentJobResult } from './fulfilment-worker.js';
import { buyMembership, Closers, payOnHostedPage, startPaymentsStack } from '../../testing/harness.js';
import { mapLimit, prepareRealIdentity, registerMembers, startRealMailer, startWorkerProcess } from '../../testing/real-services.js';

/**
 * Issue 13, faults injected: a payments worker SIGKILLed in the middle of fulfilling 200 paid sessions.
 *
 * Everything is real: 200 members registered with the real identity service (a child process on its own
 * database; its POST /internal/memberships is idempotent per checkout session with a unique constraint),
 * 200 checkouts created through the payments API and paid on the Stripe sandbox's hosted page, the
 * sandbox's signed checkout.session.completed webhooks stored by the API, which queues one fulfilment job
 * each (transactional outbox). Only then do three payments worker processes start (src/worker.ts, the
 * real entry point); worker A is SIGKILLed once a third of the orders are paid, with jobs in flight.
 * B and C take over A's jobs once their locks expire (PAYMENTS_LOCK_DURATION_MS 5 s here instead of 60 s,
 * so the test is quick); the reconciliation sweep is off, so it cannot mask a lost job. Receipts go through
 * the workers' outbox relays to the `email` queue and the real mailer to an SMTP sink, where they are
 * counted by Message-ID (`<receipt-<order reference>@…>`, one per order).
 *
 * Asserted: every session fulfilled (order paid with identity's request id, its event processed), exactly
 * one membership per session and per member at identity, exactly one receipt per order at the sink, no
 * job failed or left over, the kill hit jobs in flight (they were taken over), all within 60 s of the
 * workers being ready.
 */
const SESSIONS = Number(process.env.PAYMENTS_KILL_SESSIONS ?? 200);
const KILL_AFTER = Math.round(SESSIONS / 3);
const WORKER_CONCURRENCY = 5;
const BOUND_MS = 60_000;

const count = (rows: Array<{ n: string | number }>) => Number(rows[0]?.n ?? 0);

describe('a payments worker SIGKILLed in the middle of fulfilling a batch', { timeout: 300_000 }, () => {
  const closers = new Closers();
  after(() => closers.closeAll());

  test(`${SESSIONS} paid sessions, one of three workers killed after about ${KILL_AFTER}: ${SESSIONS} memberships, ${SESSIONS} receipts, none twice, none stuck`, async () => {
    const identity = await prepareRealIdentity(closers, 'kill');
    const stack = await startPaymentsStack(closers, {
      identity: { url: identity.url, serviceToken: identity.serviceToken },
      // A dead worker's jobs go to the others after about 5 s + 1 s (defaults 60 s + 30 s).
      env: { PAYMENTS_LOCK_DURATION_MS: '5000', PAYMENTS_STALLED_INTERVAL_MS: '1000' },
    });
    await identity.start(stack.redis.url);
    const { sink } = await startRealMailer(closers, stack.redis.url);
    const fulfilment = new Queue<PaymentFulfilmentJob, FulfilmentJobResult>(QUEUES.paymentFulfilment, { connection: { url: stack.redis.url } });
    closers.add(() => fulfilment.close());
    const emails = new Queue(QUEUES.email, { connection: { url: stack.redis.url } });
    closers.add(() => emails.close());
    const paidOrders = async () => count((await stack.pool.query<{ n: string }>("SELECT count(*) AS n FROM checkout_orders WHERE status = 'paid'")).rows);
    const membershipCount = async () => count((await identity.db.query<{ n: string }>('SELECT count(*) AS n FROM identity.memberships')).rows);

    // 200 members buy a membership each and pay on the sandbox's page; its webhooks reach the API.
    const members = await registerMembers(identity.url, SESSIONS);
    const sessions = await mapLimit(members, 10, async (member, i) => {
      const bought = await buyMembership(stack, i % 2 === 0 ? 'Silver-Single' : 'Gold-Student', i % 2 === 0 ? 10 : 50, member);
      assert.equal((await payOnHostedPage(bought.url)).status, 303);
      return bought.sessionId;
    });
    assert.equal(new Set(sessions).size, SESSIONS);
    // Every event stored once and its job queued; no worker yet, so nothing is fulfilled.
    await waitFor(async () => (await fulfilment.getJobCounts('waiting')).waiting === SESSIONS, 60_000, `${SESSIONS} fulfilment jobs waiting`);
    assert.equal(count((await stack.pool.query<{ n: string }>('SELECT count(*) AS n FROM stripe_events')).rows), SESSIONS);
    assert.equal(await paidOrders(), 0);

    const spawned = Date.now();
    const [workerA, workerB, workerC] = await Promise.all(
      ['A', 'B', 'C'].map((name) => startWorkerProcess(stack, `payments worker ${name}`, { PAYMENTS_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) })),
    );
    assert.ok(workerA && workerB && workerC);
    // The bound counts from here: all three ready (tsx compiling three processes at once takes a while on a busy machine).
    const started = Date.now();
    const startUpMs = started - spawned;
    closers.add(() => stopChild(workerA.child, 'SIGKILL'));
    closers.add(() => workerB.stop());
    closers.add(() => workerC.stop());

    // Poll tightly: the kill must land while A has jobs in flight.
    let paidAtKill = 0;
    await waitFor(
      async () => (paidAtKill = await paidOrders()) >= KILL_AFTER,
      BOUND_MS,
      () => `${KILL_AFTER} paid orders (${paidAtKill} so far)`,
    );
    await stopChild(workerA.child, 'SIGKILL');
    assert.equal(workerA.child.signalCode, 'SIGKILL');
    const killedAfterMs = Date.now() - spawned;
    // Postgres's clock (identity's database is on the same server), to tell what A's calls had done.
    const killedAt = (await stack.pool.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0]?.at ?? new Date();
    assert.ok(paidAtKill < SESSIONS, `the kill came before the end of the batch (${paidAtKill} paid)`);
    assert.match(workerA.output(), /"msg":"payment event processed"/, 'worker A had been fulfilling');

    // B and C finish, taking over what A was doing.
    let seen = { paid: 0, memberships: 0, receipts: 0 };
    await waitFor(
      async () => {
        seen = { paid: await paidOrders(), memberships: await membershipCount(), receipts: new Set(sink.mails.map((m) => m.messageId)).size };
        return seen.paid >= SESSIONS && seen.memberships >= SESSIONS && seen.receipts >= SESSIONS;
      },
      Math.max(1, BOUND_MS - (Date.now() - started)),
      () => `every session fulfilled within ${BOUND_MS} ms of the workers being ready (paid ${seen.paid}, memberships ${seen.memberships}, receipts ${seen.receipts})`,
    );
    const elapsedMs = Date.now() - started;
    // Nothing still running or waiting that could yet add a membership or a receipt.
    const drained = async (queue: Queue) => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')).every((n) => n === 0);
    await waitFor(async () => (await drained(fulfilment)) && (await drained(emails)), 15_000, 'the fulfilment and e-mail queues to drain');

    // Orders: all paid with identity's request id, every event processed.
    const orders = await stack.pool.query<{ reference: string; stripe_session_id: string; user_id: string; status: string; membership_request_id: string | null }>(
      'SELECT reference, stripe_session_id, user_id, status, membership_request_id FROM checkout_orders',
    );
    const stuck = orders.rows.filter((o) => o.status !== 'paid' || o.membership_request_id === null);
    const unprocessed = count((await stack.pool.query<{ n: string }>('SELECT count(*) AS n FROM stripe_events WHERE processed_at IS NULL')).rows);

    // Memberships, at identity: one per session and one per member (a second one under another key would show there).
    const stored = await identity.db.query<{ checkout_session_id: string | null; user_id: number; request_id: string }>('SELECT checkout_session_id, user_id, request_id FROM identity.memberships');
    const membershipSessions = new Set(stored.rows.map((m) => m.checkout_session_id));
    const membershipUsers = new Set(stored.rows.map((m) => String(m.user_id)));
    const duplicatedMemberships = stored.rows.length - Math.min(membershipSessions.size, membershipUsers.size);

    // Receipts, at the SMTP sink: one Message-ID per order.
    const receiptIds = sink.mails.map((m) => m.messageId);
    const distinctReceipts = new Set(receiptIds);
    const duplicatedReceipts = receiptIds.length - distinctReceipts.size;

    // The jobs: all completed; those A had in flight were found stalled and run again by B or C.
    const jobCounts = await fulfilment.getJobCounts('completed', 'failed');
    const jobs = await fulfilment.getJobs(['completed'], 0, SESSIONS * 2);
    const takenOver = jobs.filter((job) => job.stalledCounter > 0);
    // Of those, the ones whose membership identity had already created for A: the re-run had to get the same one back.
    const takenOverSessions = new Set(takenOver.map((job) => job.data.sessionId));
    const takenOverUsers = orders.rows.filter((o) => takenOverSessions.has(o.stripe_session_id)).map((o) => Number(o.user_id));
    const createdForA = count(
      (await identity.db.query<{ n: string }>('SELECT count(DISTINCT user_id) AS n FROM identity.memberships WHERE user_id = ANY($1::int[]) AND created_at < $2', [takenOverUsers, killedAt])).rows,
    );
    const outcomes = new Map<string, number>();
    for (const job of jobs) outcomes.set(job.returnvalue.outcome, (outcomes.get(job.returnvalue.outcome) ?? 0) + 1);

    console.log(
      `payments worker SIGKILL: sessions ${SESSIONS} / fulfilled ${orders.rows.length - stuck.length} / memberships ${stored.rows.length} / receipts ${receiptIds.length}` +
        ` / duplicated ${duplicatedMemberships + duplicatedReceipts} (memberships ${duplicatedMemberships}, receipts ${duplicatedReceipts}) / stuck ${stuck.length}` +
        ` / time ${(elapsedMs / 1000).toFixed(1)} s (from all three workers ready; their start-up took ${(startUpMs / 1000).toFixed(1)} s).` +
        ` Worker A killed ${(killedAfterMs / 1000).toFixed(1)} s after the workers were spawned, at ${paidAtKill} paid;` +
        ` ${takenOver.length} of its jobs in flight taken over by B and C (${createdForA} of them with the membership already created by A's call); job outcomes ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );

    assert.equal(stuck.length, 0, `orders not fulfilled: ${stuck.map((o) => `${o.reference} ${o.status}`).join(', ')}`);
    assert.equal(orders.rows.length, SESSIONS);
    assert.equal(unprocessed, 0, 'every stored event processed');
    assert.equal(duplicatedMemberships, 0, 'no membership created twice');
    assert.equal(stored.rows.length, SESSIONS, 'exactly one membership per session');
    assert.deepEqual([...membershipSessions].sort(), [...sessions].sort(), 'the memberships are those of the paid sessions');
    assert.equal(membershipUsers.size, SESSIONS, 'one membership per member');
    assert.deepEqual(
      orders.rows.map((o) => o.membership_request_id).sort(),
      stored.rows.map((m) => m.request_id).sort(),
      'each order holds the request id of its membership',
    );
    assert.equal(duplicatedReceipts, 0, 'no receipt sent twice');
    assert.deepEqual([...distinctReceipts].map((id) => /^<(receipt-ord_[^@]+)@/.exec(id)?.[1]).sort(), orders.rows.map((o) => `receipt-${o.reference}`).sort(), 'one receipt per order');
    assert.deepEqual(jobCounts, { completed: SESSIONS, failed: 0 });
    assert.ok(takenOver.length >= 1, `the kill hit jobs in flight, which the others took over (${takenOver.length})`);
    assert.ok(elapsedMs < BOUND_MS, `done within ${BOUND_MS} ms (${elapsedMs} ms)`);
  });
});
