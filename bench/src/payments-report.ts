import { DEMO_PRODUCT, membershipLevel, type MembershipCheckoutRequest } from '@tca/contracts';
import { buildAllowed, listOption, numberOption, optionOrEnv, parseBenchArgs } from './bench-options.js';
import type { LoadFigures } from './content-report.js';
import type { BenchAccount } from './login-report.js';
import { formatColumns, num, otherStatusCount, otherStatusText, type Column } from './report-table.js';

/**
 * The pure parts of `npm run bench:payments`: its options, the request bodies, how answers are
 * checked, the fulfilment figures and the tables it prints. No I/O here, so all of it is unit-tested.
 */

export interface PaymentsBenchOptions {
  /** Seconds each measured checkout run lasts. */
  durationS: number;
  /** Seconds of load before each measured run, not counted. */
  warmupS: number;
  /** Concurrent connections of each checkout run, in the order measured. */
  concurrency: number[];
  /** Accounts that buy memberships in turn in the checkout runs. */
  users: number;
  /** Paid checkouts queued before the workers start, per fulfilment run. */
  backlog: number;
  /** Payments-worker processes of each fulfilment run, in the order measured. */
  workers: number[];
  /** The longest one fulfilment run may take, in seconds. */
  fulfilTimeoutS: number;
  /** Let startStack build what is missing or stale. */
  build: boolean;
  /** Redis for the stack this bench starts (never the one of `npm start` or the e2e tests). */
  redisUrl: string;
}

export const PAYMENTS_LIMITS = {
  durationS: { min: 0.2, max: 120, default: 5 },
  warmupS: { min: 0, max: 30, default: 1 },
  concurrency: { min: 1, max: 64, default: [1, 8] },
  users: { min: 1, max: 64, default: 4 },
  backlog: { min: 1, max: 2000, default: 200 },
  workers: { min: 1, max: 16, default: [1, 3] },
  fulfilTimeoutS: { min: 10, max: 1800, default: 300 },
} as const;

export const DEFAULT_PAYMENTS_REDIS_URL = 'redis://127.0.0.1:6379/6';

export const PAYMENTS_USAGE = `Usage: npm run bench:payments -- [options]
  --duration <s>         seconds per measured checkout run (default ${PAYMENTS_LIMITS.durationS.default}; env BENCH_DURATION)
  --warmup <s>           seconds of unmeasured load before each checkout run (default ${PAYMENTS_LIMITS.warmupS.default}; env BENCH_WARMUP)
  --concurrency <a,b>    connections per checkout run (default ${PAYMENTS_LIMITS.concurrency.default.join(',')}; env BENCH_CONCURRENCY)
  --users <n>            accounts buying memberships in turn in the checkout runs (default ${PAYMENTS_LIMITS.users.default}; env BENCH_USERS)
  --backlog <n>          paid membership checkouts queued per fulfilment run (default ${PAYMENTS_LIMITS.backlog.default}; env BENCH_BACKLOG)
  --workers <a,b>        payments-worker processes per fulfilment run (default ${PAYMENTS_LIMITS.workers.default.join(',')}; env BENCH_WORKERS)
  --fulfil-timeout <s>   the longest one fulfilment run may take (default ${PAYMENTS_LIMITS.fulfilTimeoutS.default}; env BENCH_FULFIL_TIMEOUT)
  --no-build             do not build what is missing or stale before starting the site (env BENCH_BUILD=0)
  env BENCH_REDIS_URL    Redis of the site the bench starts (default ${DEFAULT_PAYMENTS_REDIS_URL})`;

/** Command line first, then BENCH_* environment variables, then the defaults; anything out of bounds is a UsageError. */
export function parsePaymentsBenchOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): PaymentsBenchOptions {
  const values = parseBenchArgs(argv, {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    concurrency: { type: 'string' },
    users: { type: 'string' },
    backlog: { type: 'string' },
    workers: { type: 'string' },
    'fulfil-timeout': { type: 'string' },
  });
  const L = PAYMENTS_LIMITS;
  return {
    durationS: numberOption('--duration', optionOrEnv(values.duration, env, 'BENCH_DURATION'), L.durationS, false),
    warmupS: numberOption('--warmup', optionOrEnv(values.warmup, env, 'BENCH_WARMUP'), L.warmupS, false),
    concurrency: listOption('--concurrency', optionOrEnv(values.concurrency, env, 'BENCH_CONCURRENCY'), L.concurrency),
    users: numberOption('--users', optionOrEnv(values.users, env, 'BENCH_USERS'), L.users, true),
    backlog: numberOption('--backlog', optionOrEnv(values.backlog, env, 'BENCH_BACKLOG'), L.backlog, true),
    workers: listOption('--workers', optionOrEnv(values.workers, env, 'BENCH_WORKERS'), L.workers),
    fulfilTimeoutS: numberOption('--fulfil-timeout', optionOrEnv(values['fulfil-timeout'], env, 'BENCH_FULFIL_TIMEOUT'), L.fulfilTimeoutS, true),
    build: buildAllowed(values, env),
    redisUrl: env.BENCH_REDIS_URL?.trim() || DEFAULT_PAYMENTS_REDIS_URL,
  };
}

/** The level the checkout runs buy: annual, no family details; creating a checkout never creates a membership, so any account may repeat it. */
export const BENCH_LEVEL = 'Silver-Single';

/** Registration bodies for `count` accounts, unique to `runId` and `group` (e.g. `checkout`, `backlog1`). */
export function paymentAccounts(count: number, runId: string, group: string): BenchAccount[] {
  return Array.from({ length: count }, (_, i) => ({
    firstName: 'Bench',
    lastName: `Buyer${i + 1}`,
    email: `bench-pay-${runId}-${group}-${i + 1}@example.org`,
    phoneNumber: `6141234${String(5000 + (i % 5000)).padStart(4, '0')}`,
    password: `Bench#${runId}${i + 1}aA`,
    termsAccepted: true,
  }));
}

/** The body of POST /create-checkout-session for the demo book (no login). */
export const demoCheckoutBody = (): string => JSON.stringify({ productName: DEMO_PRODUCT.name, price: DEMO_PRODUCT.amt, quantity: DEMO_PRODUCT.quantity });

/** The body of POST /create-checkout-session buying `BENCH_LEVEL` for `account` (membershipCheckoutRequestSchema, valid member details). */
export function membershipCheckoutBody(account: Pick<BenchAccount, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>): string {
  const level = membershipLevel(BENCH_LEVEL);
  if (!level) throw new Error(`${BENCH_LEVEL} is not a membership level`);
  const request: MembershipCheckoutRequest = {
    productName: level.name,
    price: level.amt,
    customerEmail: account.email,
    membership: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phoneNumber: account.phoneNumber,
      addressLine1: '12 Kolam Street',
      suburb: 'Mawson Lakes',
      stateProvince: 'SA',
      postalCode: '5095',
      profession: 'Engineer',
      dateOfBirth: '1990-04-14',
      gender: 'female',
      maritalStatus: 'single',
    },
  };
  return JSON.stringify(request);
}

/** What every checkout answer body must match in the load runs: a JSON object with an http(s) `url`. */
export const CHECKOUT_ANSWER_PATTERN = String.raw`"url"\s*:\s*"https?://`;

/** Null when a create-checkout-session answer is 200 with a URL, else what is wrong with it. */
export function checkoutAnswerProblem(status: number, body: unknown): string | null {
  if (status !== 200) return `HTTP ${status}`;
  if (typeof body !== 'object' || body === null) return 'the answer is not a JSON object';
  const { url } = body as { url?: unknown };
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return 'the answer has no checkout URL';
  return null;
}

/** The Checkout Session id in a hosted-page URL (…/c/pay/cs_test_…), or undefined. */
export function sessionIdOf(url: string): string | undefined {
  return /\/c\/pay\/(cs_[A-Za-z0-9_]+)/.exec(url)?.[1];
}

export interface CheckoutRow {
  /** `demo book` or `membership`. */
  kind: string;
  connections: number;
  figures: LoadFigures;
}

/** What makes a checkout row's figures untrustworthy: any answer but 200 with a URL, connection errors, no answers at all. */
export function checkoutRowProblems(row: CheckoutRow): string[] {
  const { figures } = row;
  const name = `${row.kind}, ${row.connections} connections`;
  if (figures.requests === 0) return [`${name}: no response at all`];
  const problems: string[] = [];
  const other = otherStatusText(figures.statuses, 200);
  if (other !== '') problems.push(`${name}: ${other} (every checkout should answer 200)`);
  if (figures.unexpectedBodies === undefined) problems.push(`${name}: the answers' bodies were not checked`);
  else if (figures.unexpectedBodies > 0) problems.push(`${name}: ${figures.unexpectedBodies} answers without a checkout URL`);
  if (figures.errors > 0) problems.push(`${name}: ${figures.errors} connection errors (${figures.timeouts} time-outs)`);
  return problems;
}

/** The checkout table: requests per second and p50/p99 latency per kind and number of connections. */
export function formatCheckoutTable(rows: readonly CheckoutRow[]): string {
  const columns: Array<Column<CheckoutRow>> = [
    { title: 'kind', width: Math.max(4, ...rows.map((row) => row.kind.length)), alignLeft: true, cell: (row) => row.kind },
    { title: 'conns', width: 5, cell: (row) => String(row.connections) },
    { title: 'req/s', width: 8, cell: (row) => num(row.figures.rps, 1) },
    { title: 'p50 ms', width: 8, cell: (row) => num(row.figures.p50, 2) },
    { title: 'p99 ms', width: 8, cell: (row) => num(row.figures.p99, 2) },
    { title: 'answers', width: 8, cell: (row) => String(row.figures.requests) },
    { title: 'bad', width: 6, cell: (row) => String(Math.max(otherStatusCount(row.figures.statuses, 200), row.figures.unexpectedBodies ?? 0)) },
    { title: 'errors', width: 7, cell: (row) => String(row.figures.errors) },
  ];
  return formatColumns(columns, rows, (row) => (checkoutRowProblems(row).length > 0 ? ' !' : ''));
}

export interface FulfilmentRow {
  workers: number;
  /** Paid checkouts queued before the workers started. */
  backlog: number;
  /** Orders marked paid (with their receipt in the outbox) when the run ended. */
  fulfilled: number;
  /** Receipts in the outbox for these orders when the run ended. */
  receipts: number;
  /** From the first worker being ready until the last order was paid (or the run gave up). */
  seconds: number;
  /** The run gave up after its time limit. */
  timedOut: boolean;
}

/** Fulfilments per second of a run (NaN without a positive duration). */
export function fulfilmentRate(row: Pick<FulfilmentRow, 'fulfilled' | 'seconds'>): number {
  return row.seconds > 0 ? row.fulfilled / row.seconds : Number.NaN;
}

/** How many times faster `row` fulfilled than `baseline` (NaN when either rate is not a positive number). */
export function speedup(row: Pick<FulfilmentRow, 'fulfilled' | 'seconds'>, baseline: Pick<FulfilmentRow, 'fulfilled' | 'seconds'>): number {
  const base = fulfilmentRate(baseline);
  const rate = fulfilmentRate(row);
  return base > 0 && Number.isFinite(rate) ? rate / base : Number.NaN;
}

export function fulfilmentRowProblems(row: FulfilmentRow): string[] {
  const name = `${row.workers} worker${row.workers === 1 ? '' : 's'}`;
  const problems: string[] = [];
  if (row.timedOut) problems.push(`${name}: gave up after ${row.seconds.toFixed(1)} s`);
  if (row.fulfilled !== row.backlog) problems.push(`${name}: ${row.fulfilled} of ${row.backlog} orders paid`);
  if (row.receipts !== row.backlog) problems.push(`${name}: ${row.receipts} of ${row.backlog} receipts in the outbox`);
  return problems;
}

/** The fulfilment table; the ratio column compares each row with the first. */
export function formatFulfilmentTable(rows: readonly FulfilmentRow[]): string {
  const first = rows[0];
  const columns: Array<Column<FulfilmentRow>> = [
    { title: 'workers', width: 7, cell: (row) => String(row.workers) },
    { title: 'backlog', width: 8, cell: (row) => String(row.backlog) },
    { title: 'paid', width: 6, cell: (row) => String(row.fulfilled) },
    { title: 'receipts', width: 8, cell: (row) => String(row.receipts) },
    { title: 'seconds', width: 8, cell: (row) => num(row.seconds, 2) },
    { title: 'fulfil/s', width: 9, cell: (row) => num(fulfilmentRate(row), 1) },
    {
      title: 'ratio',
      width: 6,
      cell: (row) => {
        const ratio = first ? speedup(row, first) : Number.NaN;
        return Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '–';
      },
    },
  ];
  return formatColumns(columns, rows, (row) => (fulfilmentRowProblems(row).length > 0 ? ' !' : ''));
}
