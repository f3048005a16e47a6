import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from '@playwright/test';
import { REMOTE_NAMES, SESSION_STORAGE_KEYS, SESSION_TTL_MS } from '@tca/contracts';
import { freePort, planBuild, runBuild, type RunningStack } from '@tca/stack';
import { log, reportProblems, runBench } from '../bench-main.js';
import { benchDataDir, repoRoot, startBenchSite } from '../bench-site.js';
import { processStopper } from '../child.js';
import { LoadAborted } from '../http-load.js';
import { benchAccounts, loginAnswerProblem, loginBody } from '../login-report.js';
import { describeTree, machineLine } from '../machine-line.js';
import { appOf } from '../script-origin.js';
import { budgetRecord, BUDGET_FILE, formatBudget, formatScripts, kb, readBudget, type BudgetFile } from './budget-file.js';
import {
  budgetMisses,
  BUDGET_TARGETS,
  BUDGET_USAGE,
  formatFirstLoadTable,
  formatLighthouseTable,
  LIGHTHOUSE_PAGES,
  medianRun,
  parseBudgetOptions,
  rowNotes,
  rowProblems,
  targetMisses,
  type BudgetBenchOptions,
  type LighthouseFigures,
  type Measured,
  type PageRow,
} from './budget-report.js';
import { FIRST_LOAD_CONTEXT, measureFirstLoad, type FirstLoad, type FirstLoadPage } from './first-load.js';
import { buildFloor } from './floor-build.js';
import { runLighthouse } from './lighthouse.js';

/**
 * `npm run bench:budget`: the first-load JavaScript of /, /blog, /membership, /login and /profile on the
 * composed (Module Federation) site and on the FLOOR (the same sources in one build without Module
 * Federation, served by a second gateway in front of the same services), their ratio, Lighthouse's
 * mobile preset on the composed site (median of N runs), and the issue's targets. Starts the site
 * itself (free loopback ports, a temporary data folder, Redis database 4, copies of the frontends'
 * builds) and stops everything it started, also on failure or Ctrl-C.
 */
const GATEWAY_ENTRY = path.join(repoRoot, 'services/gateway/dist/index.js');
const GATEWAY_READY_MS = 30_000;

const ok = <T>(value: T): Measured<T> => ({ ok: true, value });
const failed = <T>(err: unknown): Measured<T> => {
  if (err instanceof LoadAborted) throw err;
  // Lighthouse sometimes rejects with a plain object.
  return { ok: false, error: err instanceof Error ? err.message : typeof err === 'object' ? JSON.stringify(err) : String(err) };
};

/** A second gateway serving the floor build as its shell, in front of the stack's services. */
async function startFloorGateway(stack: RunningStack, shellDir: string, workDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const upstream = (service: string) => {
    const health = stack.healthUrls[service];
    if (!health) throw new Error(`The site started without the ${service} service.`);
    return new URL(health).origin;
  };
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SHELL_DIR: shellDir,
    CONTENT_URL: upstream('content'),
    IDENTITY_URL: upstream('identity'),
    PAYMENTS_URL: upstream('payments'),
    // Its own (empty) registry and releases: never the repository's .data/.
    RELEASES_DIR: path.join(workDir, 'releases'),
    REMOTES_REGISTRY_FILE: path.join(workDir, 'remotes.json'),
    // No remote builds: the gateway then writes no preload hints for the remotes' code into the floor's page
    // (only its hint for the registry's manifest URL remains, one request answered 404).
    REMOTE_CONTENT_DIR: path.join(workDir, 'no-remotes'),
    REMOTE_MEMBERSHIP_DIR: path.join(workDir, 'no-remotes'),
    REMOTE_ACCOUNT_DIR: path.join(workDir, 'no-remotes'),
  };
  const proc = spawn(process.execPath, [GATEWAY_ENTRY], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lastLines: string[] = [];
  const keep = (chunk: Buffer) => {
    lastLines.push(...chunk.toString('utf8').split('\n').filter((l) => l.trim() !== ''));
    lastLines.splice(0, Math.max(0, lastLines.length - 20));
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const stop = processStopper(proc);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + GATEWAY_READY_MS;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`The floor's gateway exited:\n${lastLines.join('\n')}`);
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => (r.body?.cancel(), r.status),
      () => 0,
    );
    if (status === 200) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The floor's gateway was not ready within ${GATEWAY_READY_MS / 1000} s:\n${lastLines.join('\n')}`);
    }
    await sleep(150);
  }
}

/**
 * Copies of the shell's and the remotes' builds for the site to serve: a build someone starts in the
 * checkout during the run (they write into the same dist folders) cannot change what one run measures.
 */
async function snapshotFrontends(dir: string): Promise<Record<string, string>> {
  const apps = [{ app: 'shell', variable: 'SHELL_DIR', check: 'index.html' }, ...REMOTE_NAMES.map((r) => ({ app: `mf-${r}`, variable: `REMOTE_${r.toUpperCase()}_DIR`, check: 'mf-manifest.json' }))];
  const env: Record<string, string> = {};
  for (const { app, variable, check } of apps) {
    const copy = path.join(dir, app);
    await cp(path.join(repoRoot, app, 'dist'), copy, { recursive: true });
    if (!existsSync(path.join(copy, check))) throw new Error(`${app}/dist has no ${check} (is it being rebuilt right now? try again)`);
    env[variable] = copy;
  }
  return env;
}

interface Login {
  token: string;
  user: { id: string; email: string; firstName: string; lastName: string; phoneNumber: string };
}

/** Registers a member through the gateway (POST /auth/register, then /auth/login), for /profile. */
async function registerMember(gatewayUrl: string): Promise<Login> {
  const [account] = benchAccounts(1, `budget${Date.now().toString(36)}`);
  if (!account) throw new Error('no account');
  const post = (p: string, body: string) =>
    fetch(`${gatewayUrl}${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });
  const registered = await post('/auth/register', JSON.stringify(account));
  if (registered.status !== 201) throw new Error(`POST /auth/register answered ${registered.status}: ${await registered.text()}`);
  const login = await post('/auth/login', loginBody(account));
  const body = (await login.json().catch(() => null)) as unknown;
  const problem = loginAnswerProblem(login.status, body, account.email);
  if (problem) throw new Error(`POST /auth/login: ${problem}`);
  return body as Login;
}

/** Measures one page in a fresh browser context (the login stored first, as the login page stores it, when given). */
async function measurePage(browser: Browser, origin: string, page: FirstLoadPage, login: Login | undefined): Promise<FirstLoad> {
  const context = await browser.newContext(FIRST_LOAD_CONTEXT);
  try {
    if (login) {
      const { user } = login;
      await context.addInitScript(
        ({ keys, value, token, ttl }) => {
          // Runs in the page; the bench is compiled without the DOM types.
          const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
          storage.setItem(keys.user, JSON.stringify({ value, expiry: Date.now() + ttl }));
          storage.setItem(keys.token, token);
        },
        {
          keys: SESSION_STORAGE_KEYS,
          value: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, phone: user.phoneNumber, phoneCountry: '+61' },
          token: login.token,
          ttl: SESSION_TTL_MS,
        },
      );
    }
    return await measureFirstLoad(await context.newPage(), origin, page);
  } finally {
    await context.close();
  }
}

/** Per app (shell or a remote): scripts and gzip bytes, largest first. */
function byApp(load: FirstLoad): string {
  const sums = new Map<string, { files: number; gzip: number }>();
  for (const s of load.scripts) {
    const app = appOf(new URL(s.url));
    const sum = sums.get(app) ?? { files: 0, gzip: 0 };
    sum.files += 1;
    sum.gzip += s.gzip;
    sums.set(app, sum);
  }
  return [...sums.entries()]
    .sort((a, b) => b[1].gzip - a[1].gzip)
    .map(([app, s]) => `${app} ${kb(s.gzip)} (${s.files})`)
    .join(', ');
}

await runBench<BudgetBenchOptions>(
  () => parseBudgetOptions(process.argv.slice(2), process.env),
  BUDGET_USAGE,
  async (options, controller, cleanups) => {
    const { signal } = controller;
    const dataDir = await benchDataDir('budget', cleanups);
    if (options.build) {
      // What startStack would build, built first so the frontends can be copied before the site starts.
      const plan = await planBuild(repoRoot);
      for (const { why } of plan.skipped) log(`warning: ${why}`);
      if (plan.steps.length > 0) await runBuild(repoRoot, plan.steps, (line) => log(`  ${line}`));
      if (signal.aborted) throw new LoadAborted('aborted');
    }
    const frontends = await snapshotFrontends(path.join(dataDir, 'frontends'));
    const stack = await startBenchSite(
      {
        dataDir,
        build: false,
        signal,
        env: { ...frontends, REDIS_URL: options.redisUrl, MAIL_UI_PORT: '0', MAIL_SMTP_PORT: '0', LOGIN_RATE_LIMIT_PER_IP: '0', REGISTER_RATE_LIMIT_PER_IP: '0' },
      },
      cleanups,
    );

    let floorUrl: string | undefined;
    if (options.floor) {
      log('building the floor (the same sources, one build, no Module Federation)...');
      const floorDist = path.join(dataDir, 'floor-dist');
      const started = Date.now();
      await buildFloor(repoRoot, floorDist);
      log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (signal.aborted) throw new LoadAborted('aborted');
      const floorGateway = await startFloorGateway(stack, floorDist, path.join(dataDir, 'floor-gateway'));
      cleanups.push(() => floorGateway.stop());
      floorUrl = floorGateway.url;
    }

    const login = options.pages.includes('/profile') ? await registerMember(stack.gatewayUrl) : undefined;
    const browser = await chromium.launch({ executablePath: options.chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    cleanups.push(() => browser.close());

    const rows: PageRow[] = [];
    for (const page of options.pages) {
      if (signal.aborted) throw new LoadAborted('aborted');
      log(`first load of ${page}...`);
      const pageLogin = page === '/profile' ? login : undefined;
      const mf = await measurePage(browser, stack.siteUrl, page, pageLogin).then(ok, failed<FirstLoad>);
      const floor = floorUrl === undefined ? undefined : await measurePage(browser, floorUrl, page, pageLogin).then(ok, failed<FirstLoad>);
      if (signal.aborted) throw new LoadAborted('aborted');
      rows.push({ path: page, mf, ...(floor ? { floor } : {}) });
    }

    if (options.runs > 0) {
      for (const row of rows) {
        if (!(LIGHTHOUSE_PAGES as readonly string[]).includes(row.path)) continue;
        const runs: LighthouseFigures[] = [];
        try {
          for (let i = 1; i <= options.runs; i += 1) {
            log(`Lighthouse ${row.path} run ${i}/${options.runs}...`);
            runs.push(await runLighthouse(`${stack.siteUrl}${row.path}`, options.chromiumPath, signal));
          }
          const median = medianRun(runs);
          row.lighthouse = median ? ok({ runs, median }) : failed(new Error('no runs'));
        } catch (err) {
          if (signal.aborted) throw new LoadAborted('aborted');
          row.lighthouse = failed(err);
        }
      }
    }

    let budget: BudgetFile | undefined;
    try {
      budget = await readBudget();
    } catch (err) {
      log(`no budget to compare with: ${(err as Error).message.split('\n')[0]}`);
    }

    console.log(`\nFirst-load JavaScript: gzip -9 bytes of every script the browser fetched until \`main h1\` was visible and the network quiet for 500 ms (1 KB = 1024 bytes)`);
    console.log(`MF = the composed site (shell + remotes at run time); floor = the same sources in one Rspack build without Module Federation; budget = ${path.relative(repoRoot, BUDGET_FILE)}${budget ? ` (${budget.recordedAt.slice(0, 10)})` : ' (none)'}`);
    console.log(`${machineLine()}, ${describeTree(repoRoot)}\n`);
    console.log(formatFirstLoadTable(rows, budget));
    for (const row of rows) {
      if (!row.mf.ok) continue;
      console.log(`  ${row.path.padEnd(12)} ${byApp(row.mf.value)}`);
    }
    if (options.listScripts) {
      for (const row of rows) {
        for (const [what, m] of [['MF', row.mf], ['floor', row.floor]] as const) {
          if (!m?.ok) continue;
          console.log(`\n${row.path} (${what}): ${m.value.scripts.length} scripts, ${kb(m.value.gzip)} gzip, ${kb(m.value.raw)} raw, ${m.value.requests} requests`);
          console.log(formatScripts(m.value));
        }
      }
    }
    if (rows.some((r) => r.lighthouse)) {
      console.log(`\nLighthouse 12 on the composed site: default config (mobile form factor, simulated throttling), performance only; median of ${options.runs} run${options.runs === 1 ? '' : 's'} by score\n`);
      console.log(formatLighthouseTable(rows));
    }

    const misses = [...rows.flatMap(targetMisses), ...budgetMisses(rows, budget)];
    console.log(
      `\nTargets: Lighthouse performance ≥ ${BUDGET_TARGETS.lighthouseScore} and CLS ≤ ${BUDGET_TARGETS.cls} per page; first-load JS of / ≤ ${BUDGET_TARGETS.homeFloorRatio}× its floor and ≤ 120 KB; /blog, /membership, /login ≤ 140 KB; no page more than 5 % over its budget.`,
    );
    console.log(misses.length === 0 ? 'All measured targets met.' : `! missed (${misses.length}):\n  ${misses.join('\n  ')}`);

    const notes = rows.flatMap(rowNotes);
    if (notes.length > 0) console.log(`\nRequests that failed (not scripts; the figures stand):\n  ${notes.join('\n  ')}`);
    const problems = rows.flatMap(rowProblems);
    if (options.record) {
      if (rows.some((r) => !r.mf.ok)) {
        problems.push(`not recorded: a page could not be measured`);
      } else {
        const loads = rows.flatMap((r) => (r.mf.ok ? [r.mf.value] : []));
        const note = `Recorded by \`npm run bench:budget -- --record\` from ${describeTree(repoRoot)}. First-load JS per page of the composed site: gzip -9 bytes of every script until \`main h1\` is visible and the network is quiet. e2e/tests/first-load-budget.spec.ts fails when a page grows more than 5 % past it; re-record after an intended change.`;
        await writeFile(BUDGET_FILE, formatBudget(budgetRecord(loads, note, new Date())));
        console.log(`\nRecorded the first loads in ${path.relative(repoRoot, BUDGET_FILE)}.`);
      }
    }
    const code = reportProblems(problems);
    return code !== 0 ? code : options.strict && misses.length > 0 ? 1 : 0;
  },
);
