import { log, reportProblems, runBench } from './bench-main.js';
import { registerAndLogin } from './gateway-requests.js';
import { runAfterWarmup, startLoadRunner } from './load-runner.js';
import { machineLine, startedSiteNote } from './machine-line.js';
import { buildBacklog, createCheckout, drainBacklog, startPaymentsSite } from './payments-backlog.js';
import {
  BENCH_LEVEL,
  CHECKOUT_ANSWER_PATTERN,
  checkoutRowProblems,
  demoCheckoutBody,
  formatCheckoutTable,
  formatFulfilmentTable,
  fulfilmentRowProblems,
  membershipCheckoutBody,
  parsePaymentsBenchOptions,
  paymentAccounts,
  PAYMENTS_USAGE,
  speedup,
  type CheckoutRow,
  type FulfilmentRow,
  type PaymentsBenchOptions,
} from './payments-report.js';

/**
 * `npm run bench:payments`: (1) checkout-session creation through the gateway, for the demo book (no
 * login) and for a membership (logged-in accounts in turn), at 1 and 8 connections by default, from a
 * separate load-generator process; every answer must be 200 with a URL. (2) Fulfilment throughput: with
 * no payments worker running (PAYMENTS_WORKERS=0), a backlog of paid membership checkouts is built (each
 * paid on the Stripe sandbox's hosted page, whose webhook queues a `payment-fulfilment` job); then K
 * worker processes start and the bench times until every order is paid with its receipt in the outbox.
 * A fresh backlog per K. The site runs on free loopback ports with a temporary data folder and Redis
 * database 6, rate limits off. Stops what it started, also on failure or Ctrl-C.
 */

await runBench<PaymentsBenchOptions>(
  () => parsePaymentsBenchOptions(process.argv.slice(2), process.env),
  PAYMENTS_USAGE,
  async (options, controller, cleanups) => {
  const { stack, workerEnv, db } = await startPaymentsSite('payments', options, controller.signal, cleanups);
  const gatewayUrl = stack.gatewayUrl;
  const runId = Date.now().toString(36);

  // 1. Checkout-session creation ---------------------------------------------------------------
  log(`registering ${options.users} accounts and checking each can start a membership checkout...`);
  const accounts = paymentAccounts(options.users, runId, 'checkout');
  const tokens: string[] = [];
  for (const account of accounts) {
    const token = await registerAndLogin(gatewayUrl, account);
    await createCheckout(gatewayUrl, membershipCheckoutBody(account), token);
    tokens.push(token);
  }
  await createCheckout(gatewayUrl, demoCheckoutBody());

  const runner = startLoadRunner();
  cleanups.push(() => runner.close());
  const url = `${gatewayUrl}/create-checkout-session`;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const kinds = [
    { kind: 'demo book', requests: [{ method: 'POST' as const, body: demoCheckoutBody() }] },
    {
      kind: 'membership',
      requests: accounts.map((account, i) => ({ method: 'POST' as const, body: membershipCheckoutBody(account), headers: { Authorization: `Bearer ${tokens[i] ?? ''}` } })),
    },
  ];
  const checkoutRows: CheckoutRow[] = [];
  for (const { kind, requests } of kinds) {
    for (const connections of options.concurrency) {
      const figures = await runAfterWarmup(runner, { url, headers, requests, connections, expectBody: CHECKOUT_ANSWER_PATTERN, signal: controller.signal }, options);
      log(`  ${kind}, ${connections} connections: ${figures.rps.toFixed(1)} checkouts/s`);
      checkoutRows.push({ kind, connections, figures });
    }
  }

  // 2. Fulfilment throughput -------------------------------------------------------------------
  const fulfilmentRows: FulfilmentRow[] = [];
  for (const [round, workers] of options.workers.entries()) {
    log(`building a backlog of ${options.backlog} paid membership checkouts (no payments worker running)...`);
    const sessionIds = await buildBacklog(stack, db, options.backlog, runId, `backlog${round + 1}`, controller.signal);
    log(`  ${sessionIds.length} fulfilment jobs queued; starting ${workers} payments worker${workers === 1 ? '' : 's'}...`);
    const row = await drainBacklog(db, stack.redisUrl, workerEnv, workers, sessionIds, options.fulfilTimeoutS, controller.signal);
    log(`  ${workers} worker${workers === 1 ? '' : 's'}: ${row.fulfilled} fulfilled in ${row.seconds.toFixed(2)} s`);
    fulfilmentRows.push(row);
  }

  console.log(`\nCheckout-session creation through the gateway (POST /create-checkout-session, Stripe sandbox), ${options.durationS} s per run after ${options.warmupS} s warm-up`);
  console.log(`membership = ${BENCH_LEVEL} with member details, by ${accounts.length} logged-in accounts in turn; ${machineLine()}, ${startedSiteNote()}\n`);
  console.log(formatCheckoutTable(checkoutRows));
  console.log(`\nFulfilment of a backlog of ${options.backlog} paid membership checkouts (webhook jobs queued before the workers start; done = order paid and receipt in the outbox)`);
  console.log(`PAYMENTS_WORKER_CONCURRENCY ${process.env.PAYMENTS_WORKER_CONCURRENCY?.trim() || '5 (default)'} per process; the queue is paused until every worker is ready, then the clock starts\n`);
  console.log(formatFulfilmentTable(fulfilmentRows));
  const [first, last] = [fulfilmentRows[0], fulfilmentRows.at(-1)];
  if (first && last && first !== last) console.log(`\n${last.workers} workers vs ${first.workers}: ${speedup(last, first).toFixed(2)}× the fulfilments per second`);

  const problems = [...checkoutRows.flatMap(checkoutRowProblems), ...fulfilmentRows.flatMap(fulfilmentRowProblems)];
  return reportProblems(problems);
  },
);
