import { log, reportProblems, runBench } from './bench-main.js';
import { benchDataDir, NO_IDENTITY_RATE_LIMITS, startBenchSite } from './bench-site.js';
import { registerAndLogin } from './gateway-requests.js';
import { runAfterWarmup, startLoadRunner } from './load-runner.js';
import { machineLine, startedSiteNote } from './machine-line.js';
import {
  benchAccounts,
  formatLoginTable,
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

/** Registers the accounts and checks each one logs in with a proper answer. */
async function prepareAccounts(gatewayUrl: string, accounts: readonly BenchAccount[]): Promise<void> {
  for (const account of accounts) await registerAndLogin(gatewayUrl, account);
}

await runBench<LoginBenchOptions>(
  () => parseLoginBenchOptions(process.argv.slice(2), process.env),
  LOGIN_USAGE,
  async (options, controller, cleanups) => {
  const dataDir = await benchDataDir('login', cleanups);
  const stack = await startBenchSite({ dataDir, build: options.build, signal: controller.signal, env: { REDIS_URL: options.redisUrl, ...NO_IDENTITY_RATE_LIMITS } }, cleanups);
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
    const figures = await runAfterWarmup(runner, { ...load, connections: clients }, options);
    log(`  ${clients} clients: ${figures.rps.toFixed(1)} logins/s`);
    rows.push({ clients, figures });
  }

  console.log(`\nLogin through the gateway (POST /auth/login, valid credentials, argon2id), ${accounts.length} accounts in turn, ${options.durationS} s per run after ${options.warmupS} s warm-up`);
  console.log(`${machineLine()}, ${startedSiteNote()}\n`);
  console.log(formatLoginTable(rows));
  const problems = rows.flatMap(loginRowProblems);
  return reportProblems(problems);
  },
);
