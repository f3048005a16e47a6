import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Queue } from 'bullmq';
import type pg from 'pg';
import { QUEUES, type EmailJob } from '@tca/contracts';
import { log, reportProblems, runBench, type Cleanups } from './bench-main.js';
import { repoRoot } from './bench-site.js';
import { describeTree, machineLine } from './machine-line.js';
import { buildBacklog, drainBacklog, startPaymentsSite } from './payments-backlog.js';
import { startDelayedSmtpSink, startDelayProxy, type DelayedSmtpSink } from './slow-peers.js';
import { startWorkerProcess, timeUntil, withWorkersReady } from './worker-process.js';
import {
  formatRatioLines,
  formatScalingTable,
  parseWorkerScalingOptions,
  ratioProblems,
  scalingRowProblems,
  WORKER_SCALING_USAGE,
  type ScalingRow,
  type WorkerScalingOptions,
} from './worker-scaling-report.js';

/**
 * `npm run bench:workers` (issue 16): how the e-mail worker (services/mailer/dist/index.js) and the payments
 * fulfilment worker (services/payments/dist/worker.js) scale with 1, 2 and 4 processes when the round trip
 * to the outside dominates. Each process runs one job at a time (concurrency 1), so a process's throughput
 * is about one job per round trip and any gain comes from the processes alone.
 *
 * - e-mail: K = processes × --email-jobs jobs queued on a unique key prefix, as the outbox relays queue
 *   them (the key is the job id); an SMTP sink in this process waits --smtp-delay ms before accepting each
 *   message; timed from the queue's resumption (all processes ready) until every key was accepted; a key
 *   accepted twice is a duplicate.
 * - fulfilment: the site started without payments workers; K = processes × --fulfil-jobs membership
 *   checkouts paid on the Stripe sandbox's hosted page (their webhooks queue the jobs); the workers talk to
 *   the sandbox through a proxy adding --stripe-delay ms to each request; timed until every order is paid
 *   with its receipt in the outbox; a second membership for a session at identity is a duplicate. A first
 *   backlog of FULFIL_WARMUP_JOBS, not counted, warms the freshly started site up.
 *
 * Exits 1 when 2 processes do less than 1.8 × the jobs per second of 1, or a job was lost or done twice.
 */
const MAILER_ENTRY = path.join(repoRoot, 'services/mailer/dist/index.js');
const MAILER_READY_LINE = '"msg":"email worker started"';
/** Jobs one process runs at once, for both workers: one, so a process is one round trip at a time. */
const CONCURRENCY_PER_PROCESS = '1';
/** Paid checkouts fulfilled, and e-mails sent, before the measured runs, to warm the site (and the sink) up. */
const FULFIL_WARMUP_JOBS = 10;
const EMAIL_WARMUP_JOBS = 30;

/** The environment of the mailer processes of one e-mail run. */
function mailerEnv(options: WorkerScalingOptions, sink: DelayedSmtpSink, prefix: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    REDIS_URL: options.redisUrl,
    SMTP_URL: sink.url,
    BULLMQ_PREFIX: prefix,
    MAIL_CONCURRENCY: CONCURRENCY_PER_PROCESS,
    // The queue-wide limiter (10/s by default) would cap every run at the same rate, whatever the processes.
    SMTP_RATE_PER_SECOND: '0',
    // The ready line is an info line.
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
  };
  delete env.PORT;
  return env;
}

function benchMail(key: string): EmailJob {
  return { key, to: `member-${key}@example.org`, subject: `Receipt ${key}`, text: `Hello ${key}, thank you for your payment.` };
}

/** Removes what an e-mail run left in Redis: every key under its unique prefix (the queue, the outcomes queue's, the sent markers). */
async function removeEmailRun(queue: Queue<EmailJob>, prefix: string): Promise<void> {
  const client = await queue.getBackend().client;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, { MATCH: `${prefix}:*`, COUNT: 1000 });
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** One e-mail run: `workers` mailer processes send `count` queued mails to the slow sink; `name` makes its key prefix unique. */
async function emailRun(options: WorkerScalingOptions, sink: DelayedSmtpSink, name: string, workers: number, count: number, signal: AbortSignal): Promise<ScalingRow> {
  const prefix = `bench-workers-${name}`;
  const keys = Array.from({ length: count }, (_, i) => `${prefix}-mail-${i + 1}`);
  const queue = new Queue<EmailJob>(QUEUES.email, { connection: { url: options.redisUrl }, prefix });
  const env = mailerEnv(options, sink, prefix);
  try {
    // Paused before anything is queued: no job may start before every process is ready.
    await queue.pause();
    await queue.addBulk(keys.map((key) => ({ name: 'send', data: benchMail(key), opts: { jobId: key, attempts: 5, backoff: { type: 'fixed', delay: 1000 } } })));
    const accepted = () => keys.filter((key) => sink.countByKey.has(key)).length;
    const timing = await withWorkersReady(queue, workers, (i) => startWorkerProcess(MAILER_ENTRY, env, `mailer-${i + 1}`, MAILER_READY_LINE), async () => {
      await queue.resume();
      return timeUntil(() => Promise.resolve(accepted() === keys.length), options.runTimeoutS, signal);
    });
    // The workers are stopped (their jobs in progress finished): what arrived twice has arrived.
    const duplicates = keys.reduce((sum, key) => sum + Math.max(0, (sink.countByKey.get(key) ?? 0) - 1), 0);
    return { workload: 'e-mail', workers, jobs: keys.length, done: accepted(), duplicates, ...timing };
  } finally {
    await removeEmailRun(queue, prefix).catch((err: unknown) => log(`warning: could not remove the e-mail run's keys under ${prefix}: ${(err as Error).message}`));
    await queue.close();
  }
}

async function measureEmail(options: WorkerScalingOptions, runId: string, signal: AbortSignal, cleanups: Cleanups): Promise<ScalingRow[]> {
  const sink = await startDelayedSmtpSink(options.smtpDelayMs);
  cleanups.push(() => sink.close());
  log(`e-mail: warming up with ${EMAIL_WARMUP_JOBS} mails and one mailer process (not counted)...`);
  const warm = await emailRun(options, sink, `${runId}-warmup`, 1, EMAIL_WARMUP_JOBS, signal);
  log(`  ${warm.done} accepted in ${warm.seconds.toFixed(2)} s`);
  const rows: ScalingRow[] = [];
  for (const workers of options.workers) {
    log(`e-mail: ${workers * options.emailJobsPerWorker} mails queued for ${workers} mailer process${workers === 1 ? '' : 'es'}...`);
    const row = await emailRun(options, sink, `${runId}-${workers}`, workers, workers * options.emailJobsPerWorker, signal);
    log(`  ${row.done} accepted in ${row.seconds.toFixed(2)} s`);
    rows.push(row);
  }
  return rows;
}

/** Memberships identity created for `sessionIds` beyond one per session. */
async function extraMemberships(db: pg.Pool, sessionIds: readonly string[]): Promise<{ sessions: number; extra: number }> {
  const { rows } = await db.query<{ total: string; sessions: string }>(
    'SELECT count(*) AS total, count(DISTINCT checkout_session_id) AS sessions FROM identity.memberships WHERE checkout_session_id = ANY($1)',
    [sessionIds],
  );
  const total = Number(rows[0]?.total ?? 0);
  const sessions = Number(rows[0]?.sessions ?? 0);
  return { sessions, extra: total - sessions };
}

async function measureFulfilment(options: WorkerScalingOptions, runId: string, controller: AbortController, cleanups: Cleanups): Promise<ScalingRow[]> {
  const { stack, workerEnv: env, db } = await startPaymentsSite('workers', options, controller.signal, cleanups);
  const proxy = await startDelayProxy(new URL(env.STRIPE_API_BASE ?? ''), options.stripeDelayMs);
  cleanups.push(() => proxy.close());
  Object.assign(env, {
    STRIPE_API_BASE: proxy.url,
    PAYMENTS_WORKER_CONCURRENCY: CONCURRENCY_PER_PROCESS,
    // No sweep asking Stripe about older orders in the middle of a run.
    RECONCILE_INTERVAL_MS: '0',
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
  });
  // The site has just started: its first fulfilments (identity, the sandbox, PostgreSQL's caches) are slower
  // than the rest, which would flatter every run after the first. A few, not counted, warm it up.
  log(`fulfilment: warming the site up with ${FULFIL_WARMUP_JOBS} paid checkouts and one worker (not counted)...`);
  const warmup = await buildBacklog(stack, db, FULFIL_WARMUP_JOBS, runId, 'warmup', controller.signal);
  const warm = await drainBacklog(db, stack.redisUrl, env, 1, warmup, options.runTimeoutS, controller.signal);
  log(`  ${warm.fulfilled} fulfilled in ${warm.seconds.toFixed(2)} s`);
  const rows: ScalingRow[] = [];
  for (const workers of options.workers) {
    const count = workers * options.fulfilJobsPerWorker;
    log(`fulfilment: building a backlog of ${count} paid membership checkouts (no payments worker running)...`);
    const sessionIds = await buildBacklog(stack, db, count, runId, `workers${workers}`, controller.signal);
    log(`  ${count} jobs queued; ${workers} payments worker process${workers === 1 ? '' : 'es'}...`);
    const run = await drainBacklog(db, stack.redisUrl, env, workers, sessionIds, options.runTimeoutS, controller.signal);
    const memberships = await extraMemberships(db, sessionIds);
    const row: ScalingRow = {
      workload: 'fulfilment',
      workers,
      jobs: count,
      done: Math.min(run.fulfilled, run.receipts, memberships.sessions),
      duplicates: memberships.extra,
      seconds: run.seconds,
      timedOut: run.timedOut,
    };
    log(`  ${row.done} fulfilled in ${row.seconds.toFixed(2)} s`);
    rows.push(row);
  }
  return rows;
}

await runBench<WorkerScalingOptions>(
  () => parseWorkerScalingOptions(process.argv.slice(2), process.env),
  WORKER_SCALING_USAGE,
  async (options, controller, cleanups) => {
    const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const started = performance.now();
    const rows: ScalingRow[] = [];
    if (options.workloads.includes('e-mail')) rows.push(...(await measureEmail(options, runId, controller.signal, cleanups)));
    if (options.workloads.includes('fulfilment')) rows.push(...(await measureFulfilment(options, runId, controller, cleanups)));

    console.log(`\nWorker scaling with a slow outside (issue 16): ${machineLine()}, ${describeTree(repoRoot)}, built workers (dist/)`);
    console.log(
      `each process runs ${CONCURRENCY_PER_PROCESS} job at a time (MAIL_CONCURRENCY, PAYMENTS_WORKER_CONCURRENCY); jobs queued = processes × ${options.emailJobsPerWorker} e-mails or × ${options.fulfilJobsPerWorker} paid checkouts;`,
    );
    console.log(
      `the SMTP sink accepts each message ${options.smtpDelayMs} ms after receiving it; each Stripe request of the workers is delayed ${options.stripeDelayMs} ms; timed from the queue's resumption with every process ready;\nthe fulfilment runs share one site; before the runs of each workload, ${EMAIL_WARMUP_JOBS} e-mails or ${FULFIL_WARMUP_JOBS} fulfilments with one process, not counted\n`,
    );
    console.log(formatScalingTable(rows));
    console.log(`\n${formatRatioLines(rows)}`);
    log(`(the bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    return reportProblems([...rows.flatMap(scalingRowProblems), ...ratioProblems(rows)]);
  },
);
