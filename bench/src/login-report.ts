import { buildAllowed, listOption, numberOption, optionOrEnv, parseBenchArgs } from './bench-options.js';
import type { LoadFigures } from './content-report.js';
import { formatColumns, num, otherStatusCount, otherStatusText, type Column } from './report-table.js';

/**
 * The pure parts of `npm run bench:login`: its options, the accounts it registers, how a login
 * answer is checked, and the table it prints. No I/O here, so all of it is unit-tested.
 */

export interface LoginBenchOptions {
  /** Seconds each measured run lasts. */
  durationS: number;
  /** Seconds of load before each measured run, not counted. */
  warmupS: number;
  /** Concurrent clients (keep-alive connections) of each run, in the order measured. */
  concurrency: number[];
  /** Accounts registered first; every client logs them in in turn. */
  users: number;
  /** Let startStack build what is missing or stale. */
  build: boolean;
  /** Redis for the stack this bench starts (never the one of `npm start` or the e2e tests). */
  redisUrl: string;
}

export const LOGIN_LIMITS = {
  durationS: { min: 0.2, max: 120, default: 5 },
  warmupS: { min: 0, max: 30, default: 1 },
  concurrency: { min: 1, max: 256, default: [1, 32] },
  users: { min: 1, max: 64, default: 4 },
} as const;

export const LOGIN_USAGE = `Usage: npm run bench:login -- [options]
  --duration <s>         seconds per measured run (default ${LOGIN_LIMITS.durationS.default}; env BENCH_DURATION)
  --warmup <s>           seconds of unmeasured load before each run (default ${LOGIN_LIMITS.warmupS.default}; env BENCH_WARMUP)
  --concurrency <a,b>    concurrent clients per run (default ${LOGIN_LIMITS.concurrency.default.join(',')}; env BENCH_CONCURRENCY)
  --users <n>            accounts registered and logged in in turn (default ${LOGIN_LIMITS.users.default}; env BENCH_USERS)
  --no-build             do not build what is missing or stale before starting the site (env BENCH_BUILD=0)
  env BENCH_REDIS_URL    Redis of the site the bench starts (default redis://127.0.0.1:6379/2)`;

/** Command line first, then BENCH_* environment variables, then the defaults; anything out of bounds is a UsageError. */
export function parseLoginBenchOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): LoginBenchOptions {
  const values = parseBenchArgs(argv, {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    concurrency: { type: 'string' },
    users: { type: 'string' },
  });
  const durationS = numberOption('--duration', optionOrEnv(values.duration, env, 'BENCH_DURATION'), LOGIN_LIMITS.durationS, false);
  const warmupS = numberOption('--warmup', optionOrEnv(values.warmup, env, 'BENCH_WARMUP'), LOGIN_LIMITS.warmupS, false);
  const users = numberOption('--users', optionOrEnv(values.users, env, 'BENCH_USERS'), LOGIN_LIMITS.users, true);
  const concurrency = listOption('--concurrency', optionOrEnv(values.concurrency, env, 'BENCH_CONCURRENCY'), LOGIN_LIMITS.concurrency);

  const build = buildAllowed(values, env);
  const redisUrl = env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379/2';
  return { durationS, warmupS, concurrency, users, build, redisUrl };
}

export interface BenchAccount {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  termsAccepted: true;
}

/**
 * `count` registration bodies that meet the identity service's rules (spec §5), unique to `runId` so
 * a second run against the same database never collides with the first.
 */
export function benchAccounts(count: number, runId: string): BenchAccount[] {
  return Array.from({ length: count }, (_, i) => ({
    firstName: 'Bench',
    lastName: `User${i + 1}`,
    email: `bench-login-${runId}-${i + 1}@example.org`,
    phoneNumber: `6141234${String(5000 + i).padStart(4, '0')}`,
    password: `Bench#${runId}${i + 1}aA`,
    termsAccepted: true,
  }));
}

/** The body of POST /auth/login for an account. */
export const loginBody = (account: Pick<BenchAccount, 'email' | 'password'>): string => JSON.stringify({ email: account.email, password: account.password });

/**
 * Null when `body` is the answer of a successful login for `email` (spec §7: a token and the user),
 * else what is wrong with it.
 */
export function loginAnswerProblem(status: number, body: unknown, email: string): string | null {
  if (status !== 200) return `HTTP ${status}`;
  if (typeof body !== 'object' || body === null) return 'the answer is not a JSON object';
  const { token, user } = body as { token?: unknown; user?: unknown };
  if (typeof token !== 'string' || token.length < 20) return 'the answer has no session token';
  if (typeof user !== 'object' || user === null) return 'the answer has no user';
  const userEmail = (user as { email?: unknown }).email;
  if (typeof userEmail !== 'string' || userEmail.toLowerCase() !== email.toLowerCase()) return `the answer is for another user (${String(userEmail)})`;
  return null;
}

/** What every login answer's body must contain during the load (its source, for LoadRun.expectBody): a session token. */
export const LOGIN_ANSWER_PATTERN = '"token":"[A-Za-z0-9_-]{20,}"';

export interface LoginRow {
  clients: number;
  figures: LoadFigures;
}

/** What makes a row's figures untrustworthy: any answer but 200, connection errors, no answers at all. */
export function loginRowProblems(row: LoginRow): string[] {
  const { figures } = row;
  if (figures.requests === 0) return [`${row.clients} clients: no response at all`];
  const problems: string[] = [];
  const other = otherStatusText(figures.statuses, 200);
  if (other !== '') problems.push(`${row.clients} clients: ${other} (every login should answer 200)`);
  if (figures.errors > 0) problems.push(`${row.clients} clients: ${figures.errors} connection errors (${figures.timeouts} time-outs)`);
  if ((figures.unexpectedBodies ?? 0) > 0) problems.push(`${row.clients} clients: ${figures.unexpectedBodies} answers without a session token`);
  return problems;
}

/** The table `npm run bench:login` prints: logins per second and p50/p99 latency per number of clients. */
export function formatLoginTable(rows: readonly LoginRow[]): string {
  const columns: Array<Column<LoginRow>> = [
    { title: 'clients', width: 7, cell: (row) => String(row.clients) },
    { title: 'logins/s', width: 9, cell: (row) => num(row.figures.rps, 1) },
    { title: 'p50 ms', width: 8, cell: (row) => num(row.figures.p50, 2) },
    { title: 'p99 ms', width: 8, cell: (row) => num(row.figures.p99, 2) },
    { title: 'logins', width: 8, cell: (row) => String(row.figures.requests) },
    { title: 'non-200', width: 8, cell: (row) => String(otherStatusCount(row.figures.statuses, 200)) },
    { title: 'errors', width: 7, cell: (row) => String(row.figures.errors) },
  ];
  return formatColumns(columns, rows, (row) => (loginRowProblems(row).length > 0 ? ' !' : ''));
}
