import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '@tca/stack';
import { log, reportProblems, runBench } from './bench-main.js';
import { startLoadRunner } from './load-runner.js';
import {
  benchAccounts,
  formatLoginTable,
  loginAnswerProblem,
  loginBody,
  loginRowProblems,
  LOGIN_ANSWER_PATTERN,
  LOGIN_USAGE,
  parseLoginBenchOptions,
  type BenchAccount,
  type LoginBenchOptions,
  type LoginRow,
} from './login-report.js';

/**
 * `npm run bench:login`: login latency (p50/p99) and logins per second through the gateway, at 1 and
 * 32 concurrent clients by default. Starts the composed site on free ports with a temporary data
 * folder and Redis database 2, with the identity rate limits off (every request comes from one
 * address), registers a few accounts, checks each logs in, then POSTs /auth/login with valid
 * credentials from a separate load-generator process. Every answer must be 200 with a session
 * token. Stops what it started, also on failure or Ctrl-C.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The identity limits that would refuse a benchmark's logins and registrations from one address. */
const NO_RATE_LIMITS = {
  LOGIN_RATE_LIMIT_PER_IP: '0',
  LOGIN_FAILURE_LIMIT_PER_ACCOUNT: '0',
  REGISTER_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_EMAIL: '0',
} as const;

async function postJson(url: string, body: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

/** Registers the accounts and checks each one logs in with a proper answer. */
async function prepareAccounts(gatewayUrl: string, accounts: readonly BenchAccount[]): Promise<void> {
  for (const account of accounts) {
    const registered = await postJson(`${gatewayUrl}/auth/register`, JSON.stringify(account));
    if (registered.status !== 201) throw new Error(`Registering ${account.email} answered ${registered.status}: ${JSON.stringify(registered.json)}`);
    const login = await postJson(`${gatewayUrl}/auth/login`, loginBody(account));
    const problem = loginAnswerProblem(login.status, login.json, account.email);
    if (problem) throw new Error(`Logging in ${account.email} failed: ${problem} ${JSON.stringify(login.json)}`);
  }
}

await runBench<LoginBenchOptions>(
  () => parseLoginBenchOptions(process.argv.slice(2), process.env),
  LOGIN_USAGE,
  async (options, controller, cleanups) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tca-bench-login-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // The embedded PostgreSQL runs as the "postgres" user when we are root: it must reach its data folder.
  await chmod(dataDir, 0o755);
  log('starting the site (PostgreSQL, Redis, the services, the gateway)...');
  const stack = await startStack({
    mode: 'start',
    rootDir,
    dataDir,
    gatewayPort: 0,
    quiet: true,
    build: options.build,
    signal: controller.signal,
    env: { REDIS_URL: options.redisUrl, ...NO_RATE_LIMITS },
  });
  cleanups.push(() => stack.stop());
  const gatewayUrl = stack.gatewayUrl;

  const runId = Date.now().toString(36);
  const accounts = benchAccounts(options.users, runId);
  log(`registering ${accounts.length} accounts and checking each logs in...`);
  await prepareAccounts(gatewayUrl, accounts);

  const runner = startLoadRunner();
  cleanups.push(() => runner.close());
  const load = {
    url: `${gatewayUrl}/auth/login`,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    requests: accounts.map((account) => ({ method: 'POST' as const, body: loginBody(account) })),
    expectBody: LOGIN_ANSWER_PATTERN,
    signal: controller.signal,
  };
  const rows: LoginRow[] = [];
  for (const clients of options.concurrency) {
    if (options.warmupS > 0) await runner.run({ ...load, connections: clients, durationS: options.warmupS });
    const figures = await runner.run({ ...load, connections: clients, durationS: options.durationS });
    log(`  ${clients} clients: ${figures.rps.toFixed(1)} logins/s`);
    rows.push({ clients, figures });
  }

  console.log(`\nLogin through the gateway (POST /auth/login, valid credentials, argon2id), ${accounts.length} accounts in turn, ${options.durationS} s per run after ${options.warmupS} s warm-up`);
  console.log(`Node ${process.version}, ${availableParallelism()} CPUs, the site started for this run, LOG_LEVEL ${process.env.LOG_LEVEL?.trim() || 'info'}\n`);
  console.log(formatLoginTable(rows));
  const problems = rows.flatMap(loginRowProblems);
  return reportProblems(problems);
  },
);
