import { buildAllowed, numberOption, optionOrEnv, parseBenchArgs } from './bench-options.js';
import { formatColumns, num } from './report-table.js';

/**
 * The pure parts of `npm run bench:failover`: its options, which processes it kills, the invariants its
 * figures must keep and the table it prints. No I/O here, so all of it is unit-tested.
 */

export interface FailoverBenchOptions {
  /** Members who each register, log in, create a membership checkout and pay it. */
  checkouts: number;
  /** GETs a second on the public lists (and a session lookup) through the gateway, the whole run. */
  getRate: number;
  /** The processes are killed once this many checkouts have been created. */
  killAfter: number;
  /** Members going through their checkout at the same time. */
  concurrency: number;
  /** The longest the whole run may take, in seconds (start-up of the site not counted). */
  timeoutS: number;
  /** Let startStack build what is missing or stale. */
  build: boolean;
  /** Redis for the stack this bench starts (never the one of `npm start` or the e2e tests). */
  redisUrl: string;
}

export const FAILOVER_LIMITS = {
  checkouts: { min: 1, max: 1000, default: 200 },
  getRate: { min: 1, max: 500, default: 40 },
  killAfter: { min: 0, max: 1000, default: 60 },
  concurrency: { min: 1, max: 32, default: 4 },
  timeoutS: { min: 30, max: 300, default: 300 },
} as const;

export const DEFAULT_FAILOVER_REDIS_URL = 'redis://127.0.0.1:6379/8';

export const FAILOVER_USAGE = `Usage: npm run bench:failover -- [options]
  --checkouts <n>     members who each register, log in, create a membership checkout and pay it (default ${FAILOVER_LIMITS.checkouts.default}; env BENCH_CHECKOUTS)
  --get-rate <n>      GETs a second through the gateway during the run (default ${FAILOVER_LIMITS.getRate.default}; env BENCH_GET_RATE)
  --kill-after <n>    kill one replica of each API and one copy of each worker once this many checkouts were created (default ${FAILOVER_LIMITS.killAfter.default}; env BENCH_KILL_AFTER)
  --concurrency <n>   members going through their checkout at once (default ${FAILOVER_LIMITS.concurrency.default}; env BENCH_CONCURRENCY)
  --timeout <s>       the longest the run may take once the site is up (default ${FAILOVER_LIMITS.timeoutS.default}, at most ${FAILOVER_LIMITS.timeoutS.max}; env BENCH_TIMEOUT)
  --no-build          do not build what is missing or stale before starting the site (env BENCH_BUILD=0)
  env BENCH_REDIS_URL Redis of the site the bench starts (default ${DEFAULT_FAILOVER_REDIS_URL})`;

/** Command line first, then BENCH_* environment variables, then the defaults; anything out of bounds is a UsageError. */
export function parseFailoverBenchOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): FailoverBenchOptions {
  const values = parseBenchArgs(argv, {
    checkouts: { type: 'string' },
    'get-rate': { type: 'string' },
    'kill-after': { type: 'string' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
  });
  const L = FAILOVER_LIMITS;
  const checkouts = numberOption('--checkouts', optionOrEnv(values.checkouts, env, 'BENCH_CHECKOUTS'), L.checkouts, true);
  return {
    checkouts,
    getRate: numberOption('--get-rate', optionOrEnv(values['get-rate'], env, 'BENCH_GET_RATE'), L.getRate, true),
    // Never after the last checkout: the kills must happen while checkouts are under way.
    killAfter: Math.min(numberOption('--kill-after', optionOrEnv(values['kill-after'], env, 'BENCH_KILL_AFTER'), L.killAfter, true), Math.max(0, checkouts - 1)),
    concurrency: numberOption('--concurrency', optionOrEnv(values.concurrency, env, 'BENCH_CONCURRENCY'), L.concurrency, true),
    timeoutS: numberOption('--timeout', optionOrEnv(values.timeout, env, 'BENCH_TIMEOUT'), L.timeoutS, true),
    build: buildAllowed(values, env),
    redisUrl: env.BENCH_REDIS_URL?.trim() || DEFAULT_FAILOVER_REDIS_URL,
  };
}

/** Each API's replicas and each worker's copies the bench runs. */
export const FAILOVER_REPLICAS = 2;
export const FAILOVER_WORKER_COPIES = 3;
export const FAILOVER_APIS = ['content', 'identity', 'payments'] as const;
export const FAILOVER_WORKERS = ['mailer', 'tickets-worker', 'membership-worker', 'payments-worker'] as const;

/** The environment asking the stack for those replicas and copies (CONTENT_REPLICAS=2, MAILER_WORKERS=3, …). */
export function replicaEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const api of FAILOVER_APIS) env[`${api.toUpperCase()}_REPLICAS`] = String(FAILOVER_REPLICAS);
  for (const worker of FAILOVER_WORKERS) env[`${worker.replace(/-worker$/, '').replace(/-/g, '_').toUpperCase()}_WORKERS`] = String(FAILOVER_WORKER_COPIES);
  return env;
}

/**
 * What is killed: the first replica of each API (identity's too: the services and workers take identity's
 * replicas in turn and skip one that refuses, as the gateway does), and the first copy of each worker.
 */
export const FAILOVER_VICTIMS = ['content', 'identity', 'payments', 'mailer', 'tickets-worker', 'membership-worker', 'payments-worker'] as const;

export interface FailoverFigures {
  getsSent: number;
  /** How long the GETs were sent for. */
  getSeconds: number;
  /** GETs answered with another status than 200, or not at all, by kind (e.g. "502", "network"). */
  getFailures: Record<string, number>;
  /** Members who went through register, login, checkout and payment. */
  members: number;
  /** POST /create-checkout-session answered 200 with a URL (retries included). */
  checkoutsCreated: number;
  /** POSTs the client sent again after a 502 (a replica died under them): checkout creations, and registrations/logins. */
  checkoutRetries: number;
  accountRetries: number;
  /** Checkout orders paid (fulfilled by a payments worker) among the sessions the members paid. */
  paid: number;
  /** Members by how many memberships identity holds for them: exactly one is right. */
  membershipCounts: { none: number; one: number; more: number };
  /** Receipt e-mails in the mail sink to the members, and how many of those were a second copy. */
  receipts: number;
  receiptDuplicates: number;
  /** Any other e-mail (same recipient and subject) to the members that came twice or more. */
  otherDuplicates: number;
  kills: string[];
  /** From the first request to the last figure. */
  durationS: number;
  /** From the last payment on the hosted page until every order was paid with its receipt sent. */
  settleS: number;
}

export const getFailureCount = (figures: Pick<FailoverFigures, 'getFailures'>): number => Object.values(figures.getFailures).reduce((sum, n) => sum + n, 0);

/** What the run proves wrong, if anything (each line an invariant broken); empty when all held. */
export function failoverProblems(figures: FailoverFigures, expectedMembers: number): string[] {
  const problems: string[] = [];
  const failed = getFailureCount(figures);
  if (failed > 0) problems.push(`${failed} of ${figures.getsSent} GETs failed (${Object.entries(figures.getFailures).map(([kind, n]) => `${n} × ${kind}`).join(', ')})`);
  if (figures.getsSent === 0) problems.push('no GET was sent');
  if (figures.members !== expectedMembers) problems.push(`${figures.members} of ${expectedMembers} members got through their checkout`);
  if (figures.paid !== figures.members) problems.push(`${figures.paid} of ${figures.members} paid checkouts were fulfilled`);
  const { none, more } = figures.membershipCounts;
  if (none > 0 || more > 0) problems.push(`memberships per member: ${none} with none, ${more} with more than one`);
  if (figures.receipts - figures.receiptDuplicates !== figures.members) problems.push(`${figures.receipts - figures.receiptDuplicates} of ${figures.members} members got their receipt`);
  if (figures.receiptDuplicates > 0) problems.push(`${figures.receiptDuplicates} receipts were sent twice`);
  if (figures.otherDuplicates > 0) problems.push(`${figures.otherDuplicates} other e-mails were sent twice`);
  const missing = FAILOVER_VICTIMS.filter((name) => !figures.kills.includes(name));
  if (missing.length > 0) problems.push(`not killed: ${missing.join(', ')}`);
  return problems;
}

interface Line {
  what: string;
  value: string;
}

/** The figures as a two-column table. */
export function formatFailoverTable(figures: FailoverFigures): string {
  const { none, one, more } = figures.membershipCounts;
  const lines: Line[] = [
    { what: 'GETs sent / failed', value: `${figures.getsSent} / ${getFailureCount(figures)} (${num(figures.getsSent / figures.getSeconds, 1)}/s for ${num(figures.getSeconds, 1)} s)` },
    { what: 'checkouts created / paid', value: `${figures.checkoutsCreated} / ${figures.paid}` },
    { what: 'POSTs retried after a 502 (checkout / account)', value: `${figures.checkoutRetries} / ${figures.accountRetries}` },
    { what: 'members with 1 membership (0 / >1)', value: `${one} of ${figures.members} (${none} / ${more})` },
    { what: 'receipt e-mails sent / duplicates', value: `${figures.receipts} / ${figures.receiptDuplicates}` },
    { what: 'other e-mails sent twice', value: String(figures.otherDuplicates) },
    { what: 'kills (SIGKILL)', value: `${figures.kills.length}: ${figures.kills.join(', ')}` },
    { what: 'settled after the last payment (s)', value: num(figures.settleS, 1) },
    { what: 'duration (s)', value: num(figures.durationS, 1) },
  ];
  return formatColumns<Line>(
    [
      { title: 'figure', width: 47, alignLeft: true, cell: (line) => line.what },
      { title: 'value', width: 10, alignLeft: true, cell: (line) => line.value },
    ],
    lines,
  );
}

/** Per recipient and subject, the copies: the receipts, the duplicate receipts and the other duplicates among `mails` to `recipients`. */
export function countMails(mails: ReadonlyArray<{ to: readonly string[]; subject: string }>, recipients: ReadonlySet<string>): { receipts: number; receiptDuplicates: number; otherDuplicates: number } {
  const copies = new Map<string, number>();
  let receipts = 0;
  let receiptDuplicates = 0;
  let otherDuplicates = 0;
  for (const mail of mails) {
    for (const address of mail.to) {
      const to = address.toLowerCase();
      if (!recipients.has(to)) continue;
      const key = `${to}\n${mail.subject}`;
      const seen = (copies.get(key) ?? 0) + 1;
      copies.set(key, seen);
      const receipt = /membership receipt/i.test(mail.subject);
      if (receipt) receipts += 1;
      if (seen > 1 && receipt) receiptDuplicates += 1;
      else if (seen > 1) otherDuplicates += 1;
    }
  }
  return { receipts, receiptDuplicates, otherDuplicates };
}
