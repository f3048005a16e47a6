import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { RunningStack } from '@tca/stack';
import { log, reportProblems, runBench, type Cleanups } from './bench-main.js';
import { benchDataDir, startBenchSite } from './bench-site.js';
import { postJson } from './gateway-requests.js';
import { CONTENT_LIST_PATHS } from './content-report.js';
import { LoadAborted } from './http-load.js';
import { loginAnswerProblem, loginBody, type BenchAccount } from './login-report.js';
import { machineLine, startedSiteNote } from './machine-line.js';
import { countOf, NO_RATE_LIMITS, PAID_SQL, payOnHostedPage } from './payments-backlog.js';
import { checkoutAnswerProblem, membershipCheckoutBody, paymentAccounts, sessionIdOf } from './payments-report.js';
import {
  countMails,
  FAILOVER_APIS,
  FAILOVER_REPLICAS,
  FAILOVER_USAGE,
  FAILOVER_VICTIMS,
  FAILOVER_WORKER_COPIES,
  FAILOVER_WORKERS,
  failoverProblems,
  formatFailoverTable,
  parseFailoverBenchOptions,
  replicaEnvironment,
  type FailoverBenchOptions,
  type FailoverFigures,
} from './failover-report.js';

/**
 * `npm run bench:failover` (issue 16): the site with two replicas of every API behind the gateway and three
 * copies of every worker; under a steady stream of GETs through the gateway (the public lists, read by the
 * content replicas themselves: the gateway's list cache is off, and a session lookup on identity) and a
 * stream of members who register, log in, create a membership checkout and pay it on the Stripe sandbox's
 * hosted page, it SIGKILLs one replica of each API and one copy of each worker part-way through. Then it
 * waits for every order to be fulfilled and checks: no GET failed, every checkout paid and fulfilled once
 * (one membership per member), every receipt e-mailed once. A POST answered 502 (its replica died under it)
 * is sent again by the client, and counted. Exit 1 when an invariant fails. Bounded by --timeout (300 s).
 */

/** How many times the client sends a POST again after a 502 before giving up. */
const POST_ATTEMPTS = 6;
const POST_RETRY_PAUSE_MS = 250;
/** The GETs in flight at most; beyond, a tick is skipped and counted as a failure (the gateway is not keeping up). */
const MAX_GETS_IN_FLIGHT = 200;

interface Retries {
  checkout: number;
  account: number;
}

/** POSTs through the gateway, again after a 502 (a replica died under the request): at most POST_ATTEMPTS times. */
async function postRetrying(url: string, body: string, token: string | undefined, retries: Retries, kind: keyof Retries): Promise<{ status: number; json: unknown }> {
  for (let attempt = 1; ; attempt++) {
    const answer = await postJson(url, body, token);
    if (answer.status !== 502 || attempt === POST_ATTEMPTS) return answer;
    retries[kind] += 1;
    await sleep(POST_RETRY_PAUSE_MS);
  }
}

/** Registers (a 409 after a retried registration means the first went through) and logs in; the session token. */
async function account(gatewayUrl: string, member: BenchAccount, retries: Retries): Promise<string> {
  const registered = await postRetrying(`${gatewayUrl}/auth/register`, JSON.stringify(member), undefined, retries, 'account');
  if (registered.status !== 201 && registered.status !== 409) throw new Error(`Registering ${member.email} answered ${registered.status}: ${JSON.stringify(registered.json)}`);
  const login = await postRetrying(`${gatewayUrl}/auth/login`, loginBody(member), undefined, retries, 'account');
  const problem = loginAnswerProblem(login.status, login.json, member.email);
  if (problem) throw new Error(`Logging in ${member.email} failed: ${problem} ${JSON.stringify(login.json)}`);
  return (login.json as { token: string }).token;
}

/** GETs at a fixed rate until stopped, over `paths` in turn; counts what was sent and what failed, by kind. */
function startGetLoad(gatewayUrl: string, paths: readonly string[], token: string, rate: number) {
  let sent = 0;
  let inFlight = 0;
  const failures: Record<string, number> = {};
  const began = performance.now();
  const fail = (kind: string) => {
    if (Object.keys(failures).length === 0) log(`  first failed GET ${((performance.now() - began) / 1000).toFixed(1)} s into the load: ${kind}`);
    failures[kind] = (failures[kind] ?? 0) + 1;
  };
  const pending = new Set<Promise<void>>();
  const tick = () => {
    const path = paths[sent % paths.length] as string;
    sent += 1;
    if (inFlight >= MAX_GETS_IN_FLIGHT) {
      fail('not sent: too many in flight');
      return;
    }
    inFlight += 1;
    const headers = path.startsWith('/auth/') ? { Authorization: `Bearer ${token}` } : undefined;
    const done = fetch(`${gatewayUrl}${path}`, { ...(headers ? { headers } : {}), signal: AbortSignal.timeout(30_000) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) fail(`${res.status} on ${path}`);
      })
      .catch((err: unknown) => fail(`no answer on ${path} (${err instanceof Error ? err.message : String(err)})`))
      .finally(() => {
        inFlight -= 1;
        pending.delete(done);
      });
    pending.add(done);
  };
  // Timers fire late on a busy machine: each turn sends the GETs due by now, so the rate holds.
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - began) / 1000) * rate);
    while (sent < due) tick();
  }, 1000 / rate);
  return {
    figures: () => ({ sent, failures: { ...failures }, seconds: (performance.now() - began) / 1000 }),
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
    },
  };
}

/**
 * Waits until every content replica answers every list (a new database is seeded in the background, and the
 * lists wait for that import), so the load measures failover, not the seeding.
 */
async function warmUp(stack: RunningStack, paths: readonly string[], signal: AbortSignal): Promise<void> {
  const replicas = stack.processes().filter((p) => p.process === 'content' && p.url !== undefined);
  for (const replica of replicas) {
    for (const path of paths) {
      for (let attempt = 0; ; attempt++) {
        const status = await fetch(`${replica.url}${path}`, { signal: AbortSignal.any([signal, AbortSignal.timeout(60_000)]) }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        if (status === 200) break;
        if (signal.aborted) throw new LoadAborted('aborted');
        if (attempt === 60) throw new Error(`${replica.name} does not answer ${path} (last status ${status}).`);
        await sleep(1000);
      }
    }
  }
}

/** Kills each of FAILOVER_VICTIMS (SIGKILL), checking first that the stack runs the replicas and copies asked for. */
async function killVictims(stack: RunningStack): Promise<string[]> {
  const running = stack.processes().filter((p) => !p.exited);
  const killed: string[] = [];
  for (const name of FAILOVER_VICTIMS) {
    if (!running.some((p) => p.name === name)) throw new Error(`The stack runs no ${name} to kill (it runs ${running.map((p) => p.name).join(', ')}).`);
    await stack.killProcess(name);
    killed.push(name);
  }
  return killed;
}

/** Checks the stack runs FAILOVER_REPLICAS of each API and FAILOVER_WORKER_COPIES of each worker. */
function checkProcesses(stack: RunningStack): void {
  const processes = stack.processes();
  const copies = (name: string) => processes.filter((p) => p.process === name && !p.exited).length;
  const wrong = [
    ...FAILOVER_APIS.filter((api) => copies(api) !== FAILOVER_REPLICAS).map((api) => `${api}: ${copies(api)} replicas`),
    ...FAILOVER_WORKERS.filter((worker) => copies(worker) !== FAILOVER_WORKER_COPIES).map((worker) => `${worker}: ${copies(worker)} copies`),
  ];
  if (wrong.length > 0) throw new Error(`The stack does not run what was asked: ${wrong.join(', ')}.`);
  log(`  running: ${processes.map((p) => p.name).join(', ')}`);
}

interface MailDevMail {
  to?: Array<{ address?: string }>;
  subject?: string;
}

async function mailsIn(mailUrl: string): Promise<Array<{ to: string[]; subject: string }>> {
  const res = await fetch(new URL('/api/email', mailUrl), { signal: AbortSignal.timeout(30_000) });
  if (res.status !== 200) throw new Error(`The mail sink answered ${res.status}`);
  const mails = (await res.json()) as MailDevMail[];
  return mails.map((mail) => ({ to: (mail.to ?? []).map((to) => to.address ?? ''), subject: mail.subject ?? '' }));
}

const MEMBERSHIPS_SQL = `SELECT u.email, count(m.id) AS n FROM identity.users u LEFT JOIN identity.memberships m ON m.user_id = u.id
  WHERE u.email = ANY($1) GROUP BY u.email`;

async function membershipCounts(db: pg.Pool, emails: readonly string[]): Promise<FailoverFigures['membershipCounts']> {
  const { rows } = await db.query<{ email: string; n: string }>(MEMBERSHIPS_SQL, [emails]);
  const counts = { none: emails.length - rows.length, one: 0, more: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    if (n === 0) counts.none += 1;
    else if (n === 1) counts.one += 1;
    else counts.more += 1;
  }
  return counts;
}

async function measure(options: FailoverBenchOptions, controller: AbortController, cleanups: Cleanups): Promise<number> {
  const { signal } = controller;
  const dataDir = await benchDataDir('failover', cleanups);
  const stack = await startBenchSite(
    {
      dataDir,
      build: options.build,
      signal,
      // The lists are read by the content replicas on every request (no list cache in the gateway), so a dead replica shows.
      env: { REDIS_URL: options.redisUrl, ...NO_RATE_LIMITS, ...replicaEnvironment(), CONTENT_LIST_CACHE_MS: '0' },
      note: ` with ${FAILOVER_REPLICAS} replicas of each API and ${FAILOVER_WORKER_COPIES} copies of each worker`,
    },
    cleanups,
  );
  checkProcesses(stack);
  const mailUrl = stack.mailUrl;
  if (!mailUrl) throw new Error('The site runs without its mail sink (SMTP_URL is set?): this bench counts e-mails in MailDev.');
  if (!stack.stripeSandbox) throw new Error('The site runs without the Stripe sandbox (STRIPE_SECRET_KEY is set?): this bench pays on the sandbox.');
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  cleanups.push(() => db.end());

  const deadline = AbortSignal.any([signal, AbortSignal.timeout(options.timeoutS * 1000)]);
  const runId = randomBytes(4).toString('hex');
  const members = paymentAccounts(options.checkouts, runId, 'failover');
  const retries: Retries = { checkout: 0, account: 0 };
  const started = performance.now();

  const [watcher] = paymentAccounts(1, runId, 'watcher');
  if (!watcher) throw new Error('no watcher account');
  const watcherToken = await account(stack.gatewayUrl, watcher, retries);
  await warmUp(stack, CONTENT_LIST_PATHS, deadline);
  const load = startGetLoad(stack.gatewayUrl, [...CONTENT_LIST_PATHS, '/auth/session'], watcherToken, options.getRate);
  cleanups.push(() => load.stop());
  log(`GETs at ${options.getRate}/s; ${options.checkouts} members check out, ${options.concurrency} at a time; the kills after ${options.killAfter} checkouts`);

  let created = 0;
  let kills: Promise<string[]> | undefined;
  const startKills = () => {
    if (kills) return;
    log(`  killing at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    kills = killVictims(stack).then((names) => {
      log(`  killed ${names.join(', ')} (SIGKILL) after ${created} checkouts`);
      return names;
    });
  };
  if (options.killAfter === 0) startKills();
  const sessionIds: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, members.length) }, async () => {
      while (next < members.length) {
        if (deadline.aborted) throw signal.aborted ? new LoadAborted('aborted') : new Error(`The run took longer than ${options.timeoutS} s (${sessionIds.length} of ${members.length} paid).`);
        const member = members[next++] as BenchAccount;
        const token = await account(stack.gatewayUrl, member, retries);
        const answer = await postRetrying(`${stack.gatewayUrl}/create-checkout-session`, membershipCheckoutBody(member), token, retries, 'checkout');
        const problem = checkoutAnswerProblem(answer.status, answer.json);
        if (problem) throw new Error(`POST /create-checkout-session for ${member.email}: ${problem} ${JSON.stringify(answer.json)}`);
        created += 1;
        if (created >= options.killAfter) startKills();
        const url = (answer.json as { url: string }).url;
        const sessionId = sessionIdOf(url);
        if (!sessionId) throw new Error(`No Checkout Session id in ${url}`);
        await payOnHostedPage(url);
        sessionIds.push(sessionId);
        if (sessionIds.length % 50 === 0) log(`  ${sessionIds.length}/${members.length} paid`);
      }
    }),
  );
  const killed = await (kills ?? Promise.resolve([]));
  const lastPayment = performance.now();
  log('waiting until every order is fulfilled and its receipt sent...');

  const emails = new Set(members.map((m) => m.email.toLowerCase()));
  for (;;) {
    const paid = await countOf(db, PAID_SQL, sessionIds);
    const sent = countMails(await mailsIn(mailUrl), emails);
    if (paid === sessionIds.length && sent.receipts - sent.receiptDuplicates === sessionIds.length) break;
    if (signal.aborted) throw new LoadAborted('aborted');
    if (deadline.aborted) {
      log(`  gave up waiting: ${paid} paid, ${sent.receipts} receipts`);
      break;
    }
    await sleep(500);
  }
  const settleS = (performance.now() - lastPayment) / 1000;
  // A little longer, so a second copy of a job that was running in a killed worker would show too.
  await sleep(3000);
  await load.stop();
  const mail = countMails(await mailsIn(mailUrl), emails);
  const gets = load.figures();
  const figures: FailoverFigures = {
    getsSent: gets.sent,
    getSeconds: gets.seconds,
    getFailures: gets.failures,
    members: sessionIds.length,
    checkoutsCreated: created,
    checkoutRetries: retries.checkout,
    accountRetries: retries.account,
    paid: await countOf(db, PAID_SQL, sessionIds),
    membershipCounts: await membershipCounts(db, [...emails]),
    ...mail,
    kills: killed,
    durationS: (performance.now() - started) / 1000,
    settleS,
  };

  console.log(`\nFailover: ${FAILOVER_REPLICAS} replicas of each API, ${FAILOVER_WORKER_COPIES} copies of each worker; ${options.getRate} GETs/s, ${options.checkouts} checkouts (${machineLine()}, ${startedSiteNote()})`);
  console.log(formatFailoverTable(figures));
  return reportProblems(failoverProblems(figures, options.checkouts));
}

await runBench<FailoverBenchOptions>(() => parseFailoverBenchOptions(process.argv.slice(2), process.env), FAILOVER_USAGE, measure);
