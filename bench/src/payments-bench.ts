import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import pg from 'pg';
import { QUEUES } from '@tca/contracts';
import type { RunningStack } from '@tca/stack';
import { log, reportProblems, runBench } from './bench-main.js';
import { benchDataDir, NO_IDENTITY_RATE_LIMITS, repoRoot, startBenchSite } from './bench-site.js';
import { processStopper } from './child.js';
import { postJson, registerAndLogin } from './gateway-requests.js';
import { LoadAborted } from './http-load.js';
import { runAfterWarmup, startLoadRunner } from './load-runner.js';
import { machineLine, siteLogLevel, startedSiteNote } from './machine-line.js';
import {
  BENCH_LEVEL,
  CHECKOUT_ANSWER_PATTERN,
  checkoutAnswerProblem,
  checkoutRowProblems,
  demoCheckoutBody,
  formatCheckoutTable,
  formatFulfilmentTable,
  fulfilmentRowProblems,
  membershipCheckoutBody,
  parsePaymentsBenchOptions,
  paymentAccounts,
  PAYMENTS_USAGE,
  sessionIdOf,
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
const WORKER_ENTRY = path.join(repoRoot, 'services/payments/dist/worker.js');

/** The limits that would refuse a benchmark's requests from one address. */
const NO_RATE_LIMITS = {
  ...NO_IDENTITY_RATE_LIMITS,
  CHECKOUT_RATE_LIMIT_PER_IP: '0',
  DOCUMENT_RATE_LIMIT_PER_IP: '0',
} as const;

/** Requests in flight while building a backlog (registrations are argon2id: CPU-bound). */
const PREPARE_CONCURRENCY = 8;
/** How long the webhooks of a backlog may take to be stored and queued. */
const QUEUE_WAIT_MS = 120_000;
const WORKER_READY_MS = 30_000;

async function mapLimit<T, R>(items: readonly T[], limit: number, signal: AbortSignal, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        if (signal.aborted) throw new LoadAborted('aborted');
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

/** Creates a checkout through the gateway; its hosted-page URL. */
async function createCheckout(gatewayUrl: string, body: string, token?: string): Promise<string> {
  const answer = await postJson(`${gatewayUrl}/create-checkout-session`, body, token);
  const problem = checkoutAnswerProblem(answer.status, answer.json);
  if (problem) throw new Error(`POST /create-checkout-session: ${problem} ${JSON.stringify(answer.json)}`);
  return (answer.json as { url: string }).url;
}

/** Pays on the sandbox's hosted page with the test card that succeeds, as a browser without JavaScript would (as services/payments/src/scale.test.ts). */
async function payOnHostedPage(url: string): Promise<void> {
  const page = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The hosted page ${url} answered ${page.status}: ${html.slice(0, 300)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !token) throw new Error(`The hosted page ${url} has no payment form.`);
  const form = new URLSearchParams({ form_token: token, email: 'payer@example.org', cardnumber: '4242 4242 4242 4242', cardexpiry: '12 / 40', cardcvc: '123', billingname: 'Test Payer' });
  const paid = await fetch(new URL(action.replace(/&amp;/g, '&'), url), { method: 'POST', body: form, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  await paid.body?.cancel();
  if (paid.status !== 303) throw new Error(`Paying on ${url} answered ${paid.status}, not 303.`);
}

async function countOf(db: pg.Pool, sql: string, sessionIds: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql, [sessionIds]);
  return Number(rows[0]?.n ?? 0);
}

const PAID_SQL = `SELECT count(*) AS n FROM payments.checkout_orders WHERE status = 'paid' AND stripe_session_id = ANY($1)`;
const RECEIPTS_SQL = `SELECT count(*) AS n FROM payments.outbox o JOIN payments.checkout_orders c ON o.job_id = 'receipt-' || c.reference
  WHERE o.queue = '${QUEUES.email}' AND c.stripe_session_id = ANY($1)`;
const QUEUED_SQL = `SELECT count(DISTINCT o.payload->>'sessionId') AS n FROM payments.outbox o
  WHERE o.queue = '${QUEUES.paymentFulfilment}' AND o.sent_at IS NOT NULL AND o.payload->>'sessionId' = ANY($1)`;

/** A backlog: `count` fresh accounts each create a membership checkout and pay it; resolves once every webhook's job is in the queue. */
async function buildBacklog(stack: RunningStack, db: pg.Pool, count: number, runId: string, group: string, signal: AbortSignal): Promise<string[]> {
  const accounts = paymentAccounts(count, runId, group);
  let done = 0;
  const sessionIds = await mapLimit(accounts, PREPARE_CONCURRENCY, signal, async (account) => {
    const token = await registerAndLogin(stack.gatewayUrl, account);
    const url = await createCheckout(stack.gatewayUrl, membershipCheckoutBody(account), token);
    const sessionId = sessionIdOf(url);
    if (!sessionId) throw new Error(`No Checkout Session id in ${url}`);
    await payOnHostedPage(url);
    done += 1;
    if (done % 50 === 0) log(`    ${done}/${count} paid`);
    return sessionId;
  });
  const deadline = Date.now() + QUEUE_WAIT_MS;
  for (;;) {
    const queued = await countOf(db, QUEUED_SQL, sessionIds);
    if (queued === count) break;
    if (signal.aborted) throw new LoadAborted('aborted');
    if (Date.now() > deadline) throw new Error(`Only ${queued} of ${count} payment webhooks were queued within ${QUEUE_WAIT_MS / 1000} s.`);
    await sleep(200);
  }
  const early = await countOf(db, PAID_SQL, sessionIds);
  if (early > 0) throw new Error(`${early} orders were fulfilled before any worker of this bench ran: is another payments worker using this database and Redis?`);
  return sessionIds;
}

interface WorkerProcess {
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** One `node services/payments/dist/worker.js` with the payments environment; ready once it logs "queue worker started". */
function startWorker(env: NodeJS.ProcessEnv, label: string): WorkerProcess {
  const proc: ChildProcess = spawn(process.execPath, [WORKER_ENTRY], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lastLines: string[] = [];
  const stop = processStopper(proc);
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within ${WORKER_READY_MS / 1000} s:\n${lastLines.join('\n')}`)), WORKER_READY_MS);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        lastLines.push(line);
        if (lastLines.length > 20) lastLines.shift();
        if (line.includes('"msg":"queue worker started"')) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${sig ?? `code ${code}`}):\n${lastLines.join('\n')}`));
    });
  });
  ready.catch(() => undefined);
  return { ready, stop };
}

/** The environment the stack gives the payments service and its workers. */
function paymentsEnv(stack: RunningStack, serviceToken: string): NodeJS.ProcessEnv {
  const sandbox = stack.stripeSandbox;
  if (!sandbox) throw new Error('The site runs without the Stripe sandbox (STRIPE_SECRET_KEY is set?): this bench pays on the sandbox only.');
  const identityHealth = stack.healthUrls.identity;
  if (identityHealth === undefined) throw new Error('The site started without the identity service.');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...NO_RATE_LIMITS,
    HOST: '127.0.0.1',
    DATABASE_URL: stack.databaseUrl,
    REDIS_URL: stack.redisUrl,
    SMTP_URL: stack.smtpUrl,
    PUBLIC_URL: stack.siteUrl,
    LOG_LEVEL: siteLogLevel(),
    SERVICE_TOKEN: serviceToken,
    IDENTITY_URL: new URL(identityHealth).origin,
    STRIPE_SECRET_KEY: sandbox.secretKey,
    STRIPE_API_BASE: sandbox.url,
    STRIPE_WEBHOOK_SECRET: sandbox.webhookSecret,
  };
  delete env.PORT;
  return env;
}

/**
 * Starts `workers` processes on a queued backlog and times until every order is paid with its receipt in
 * the outbox. The queue is paused while the processes start, so the clock starts with all of them ready
 * (a process takes about a second to start: long next to a few seconds of work).
 */
async function drainBacklog(db: pg.Pool, redisUrl: string, env: NodeJS.ProcessEnv, workers: number, sessionIds: readonly string[], timeoutS: number, signal: AbortSignal): Promise<FulfilmentRow> {
  const queue = new Queue(QUEUES.paymentFulfilment, { connection: { url: redisUrl } });
  const started: WorkerProcess[] = [];
  try {
    await queue.pause();
    for (let i = 0; i < workers; i += 1) started.push(startWorker(env, `payments-worker-${i + 1}`));
    await Promise.all(started.map((w) => w.ready));
    const before = await countOf(db, PAID_SQL, sessionIds);
    if (before > 0) throw new Error(`${before} orders were fulfilled while the queue was paused: is another payments worker using this database and Redis?`);
    await queue.resume();
    const t0 = performance.now();
    const deadline = t0 + timeoutS * 1000;
    let fulfilled = 0;
    let receipts = 0;
    for (;;) {
      fulfilled = await countOf(db, PAID_SQL, sessionIds);
      receipts = fulfilled === sessionIds.length ? await countOf(db, RECEIPTS_SQL, sessionIds) : 0;
      const now = performance.now();
      if (fulfilled === sessionIds.length && receipts === sessionIds.length) return { workers, backlog: sessionIds.length, fulfilled, receipts, seconds: (now - t0) / 1000, timedOut: false };
      if (signal.aborted) throw new LoadAborted('aborted');
      if (now > deadline) {
        receipts = await countOf(db, RECEIPTS_SQL, sessionIds);
        return { workers, backlog: sessionIds.length, fulfilled, receipts, seconds: (now - t0) / 1000, timedOut: true };
      }
      await sleep(50);
    }
  } finally {
    await Promise.all(started.map((w) => w.stop()));
    // Never leave the queue paused for the next run.
    await queue.resume().catch(() => undefined);
    await queue.close();
  }
}

await runBench<PaymentsBenchOptions>(
  () => parsePaymentsBenchOptions(process.argv.slice(2), process.env),
  PAYMENTS_USAGE,
  async (options, controller, cleanups) => {
  const dataDir = await benchDataDir('payments', cleanups);
  const serviceToken = randomBytes(32).toString('hex');
  const stack = await startBenchSite(
    {
      dataDir,
      build: options.build,
      signal: controller.signal,
      env: { REDIS_URL: options.redisUrl, SERVICE_TOKEN: serviceToken, PAYMENTS_WORKERS: '0', ...NO_RATE_LIMITS },
      note: ' without payments workers',
    },
    cleanups,
  );
  const gatewayUrl = stack.gatewayUrl;
  const workerEnv = paymentsEnv(stack, serviceToken);
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  cleanups.push(() => db.end());
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
