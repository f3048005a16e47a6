import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import { QUEUES } from '@tca/contracts';
import type { RunningStack } from '@tca/stack';
import { log, type Cleanups } from './bench-main.js';
import { benchDataDir, NO_IDENTITY_RATE_LIMITS, repoRoot, startBenchSite } from './bench-site.js';
import { postJson, registerAndLogin } from './gateway-requests.js';
import { LoadAborted } from './http-load.js';
import { siteLogLevel } from './machine-line.js';
import { checkoutAnswerProblem, membershipCheckoutBody, paymentAccounts, sessionIdOf, type FulfilmentRow } from './payments-report.js';
import { startWorkerProcess, timeUntil, withWorkersReady } from './worker-process.js';

/**
 * What the benches that need paid membership checkouts share (bench:payments, bench:workers): a backlog of
 * them built through the gateway and the Stripe sandbox's hosted page with no payments worker running,
 * the environment the stack gives the payments workers, and timing N worker processes until the backlog
 * is fulfilled.
 */

/** What the payments worker logs once it takes jobs (service-kit's queue worker). */
const WORKER_READY_LINE = '"msg":"queue worker started"';

/** The built payments worker. */
export const WORKER_ENTRY = path.join(repoRoot, 'services/payments/dist/worker.js');

/** The limits that would refuse a benchmark's requests from one address. */
export const NO_RATE_LIMITS = {
  ...NO_IDENTITY_RATE_LIMITS,
  CHECKOUT_RATE_LIMIT_PER_IP: '0',
  DOCUMENT_RATE_LIMIT_PER_IP: '0',
} as const;

/** Requests in flight while building a backlog (registrations are argon2id: CPU-bound). */
const PREPARE_CONCURRENCY = 8;
/** How long the webhooks of a backlog may take to be stored and queued. */
const QUEUE_WAIT_MS = 120_000;

/** Runs `work` over `items`, at most `limit` at once; results in the items' order. */
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
export async function createCheckout(gatewayUrl: string, body: string, token?: string): Promise<string> {
  const answer = await postJson(`${gatewayUrl}/create-checkout-session`, body, token);
  const problem = checkoutAnswerProblem(answer.status, answer.json);
  if (problem) throw new Error(`POST /create-checkout-session: ${problem} ${JSON.stringify(answer.json)}`);
  return (answer.json as { url: string }).url;
}

/** Pays on the sandbox's hosted page with the test card that succeeds, as a browser without JavaScript would (as services/payments/src/scale.test.ts). */
export async function payOnHostedPage(url: string): Promise<void> {
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

export async function countOf(db: pg.Pool, sql: string, sessionIds: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql, [sessionIds]);
  return Number(rows[0]?.n ?? 0);
}

export const PAID_SQL = `SELECT count(*) AS n FROM payments.checkout_orders WHERE status = 'paid' AND stripe_session_id = ANY($1)`;
const RECEIPTS_SQL = `SELECT count(*) AS n FROM payments.outbox o JOIN payments.checkout_orders c ON o.job_id = 'receipt-' || c.reference
  WHERE o.queue = '${QUEUES.email}' AND c.stripe_session_id = ANY($1)`;
const QUEUED_SQL = `SELECT count(DISTINCT o.payload->>'sessionId') AS n FROM payments.outbox o
  WHERE o.queue = '${QUEUES.paymentFulfilment}' AND o.sent_at IS NOT NULL AND o.payload->>'sessionId' = ANY($1)`;

/** A backlog: `count` fresh accounts each create a membership checkout and pay it; resolves once every webhook's job is in the queue. */
export async function buildBacklog(stack: RunningStack, db: pg.Pool, count: number, runId: string, group: string, signal: AbortSignal): Promise<string[]> {
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
 * the outbox (withWorkersReady: the clock starts with all of them ready).
 */
export async function drainBacklog(db: pg.Pool, redisUrl: string, env: NodeJS.ProcessEnv, workers: number, sessionIds: readonly string[], timeoutS: number, signal: AbortSignal): Promise<FulfilmentRow> {
  const queue = new Queue(QUEUES.paymentFulfilment, { connection: { url: redisUrl } });
  try {
    return await withWorkersReady(queue, workers, (i) => startWorkerProcess(WORKER_ENTRY, env, `payments-worker-${i + 1}`, WORKER_READY_LINE), async () => {
      const before = await countOf(db, PAID_SQL, sessionIds);
      if (before > 0) throw new Error(`${before} orders were fulfilled while the queue was paused: is another payments worker using this database and Redis?`);
      await queue.resume();
      let fulfilled = 0;
      let receipts = 0;
      const { seconds, timedOut } = await timeUntil(async () => {
        fulfilled = await countOf(db, PAID_SQL, sessionIds);
        receipts = fulfilled === sessionIds.length ? await countOf(db, RECEIPTS_SQL, sessionIds) : 0;
        return fulfilled === sessionIds.length && receipts === sessionIds.length;
      }, timeoutS, signal);
      if (timedOut) receipts = await countOf(db, RECEIPTS_SQL, sessionIds);
      return { workers, backlog: sessionIds.length, fulfilled, receipts, seconds, timedOut };
    });
  } finally {
    await queue.close();
  }
}

export interface PaymentsSite {
  stack: RunningStack;
  /** The environment of a payments worker process for this site (paymentsEnv). */
  workerEnv: NodeJS.ProcessEnv;
  /** A small pool on the site's database, for counting. */
  db: pg.Pool;
}

/**
 * The site of a bench that times payments workers: started without any (PAYMENTS_WORKERS=0) in a temporary
 * data folder (`tca-bench-<name>-…`), rate limits off; the cleanups stop it.
 */
export async function startPaymentsSite(name: string, options: { build: boolean; redisUrl: string }, signal: AbortSignal, cleanups: Cleanups): Promise<PaymentsSite> {
  const dataDir = await benchDataDir(name, cleanups);
  const serviceToken = randomBytes(32).toString('hex');
  const stack = await startBenchSite(
    {
      dataDir,
      build: options.build,
      signal,
      env: { REDIS_URL: options.redisUrl, SERVICE_TOKEN: serviceToken, PAYMENTS_WORKERS: '0', ...NO_RATE_LIMITS },
      note: ' without payments workers',
    },
    cleanups,
  );
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  cleanups.push(() => db.end());
  return { stack, workerEnv: paymentsEnv(stack, serviceToken), db };
}
