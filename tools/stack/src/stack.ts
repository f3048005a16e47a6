import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { planBuild, readWorkspaces, runBuild } from './build.js';
import { ManagedChild, printLine, type ChildSpec, type Output } from './children.js';
import { resolvePostgres, type PostgresHandle } from './infra/postgres.js';
import { resolveRedis, type RedisHandle } from './infra/redis.js';
import { resolveSmtp, type SmtpHandle } from './infra/smtp.js';
import { readProcesses, type ProcessSpec } from './processes.js';
import { API_SERVICES, DEV_PORTS, GATEWAY_PORT, REMOTES, REPO_ROOT, STRIPE_SANDBOX } from './project.js';
import { freePort, isPortFree, preferredPort, redactUrl, StackError } from './util.js';

export type StackMode = 'start' | 'dev';

export interface StackOptions {
  /** start: built code (builds what is missing); dev: sources in watch mode and the frontends' dev servers. */
  mode?: StackMode;
  /** The repository root (default: the one this file is in). */
  rootDir?: string;
  /**
   * Embedded PostgreSQL data (<dataDir>/postgres), releases and the remote registry (default <root>/.data).
   * As root, when the postgres user cannot reach <dataDir>/postgres (a checkout under a 0700 directory),
   * the cluster lives under /var/tmp/tca-embedded-postgres instead (RunningStack.postgresDataDir).
   */
  dataDir?: string;
  /** Start with an empty embedded database (deletes the embedded cluster first). */
  freshDatabase?: boolean;
  /** As root: where the embedded PostgreSQL's binaries and cluster go when the postgres user cannot reach them (default /var/tmp/tca-embedded-postgres). */
  postgresRuntimeRoot?: string;
  /** Gateway port (default 3000; 0 = any free port). In dev mode it must be 3000: the shell dev server proxies to it. */
  gatewayPort?: number;
  /**
   * Extra environment for the children. DATABASE_URL, REDIS_URL, SMTP_URL, MAIL_UI_PORT, MAIL_SMTP_PORT,
   * LOG_LEVEL and each worker's count (MAILER_WORKERS, TICKETS_WORKERS, …) are looked up here first, then
   * in process.env.
   */
  env?: Record<string, string | undefined>;
  /** Print nothing (children's output is still kept for error messages). */
  quiet?: boolean;
  /** Build what is missing or stale before starting (mode start only). Default true. */
  build?: boolean;
  /** How long each process may take to become ready. Default 90 s (120 s for dev servers). */
  readyTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace per child on stop. Default 10 s. */
  stopGraceMs?: number;
  /** Aborting it during start-up stops what was started and rejects. */
  signal?: AbortSignal;
}

export interface RunningStack {
  mode: StackMode;
  /** The site in a browser: the gateway (start) or the shell dev server (dev). */
  siteUrl: string;
  /** The gateway (same as siteUrl in mode start). */
  gatewayUrl: string;
  /** The mail inbox, when the stack runs MailDev (no SMTP_URL given). Its REST API: <origin>/api/email. */
  mailUrl?: string;
  /** Health/readiness URL per process, e.g. { gateway: .../healthz, content: .../readyz }. */
  healthUrls: Record<string, string>;
  databaseUrl: string;
  /** Where the embedded PostgreSQL keeps its cluster (unset with DATABASE_URL). */
  postgresDataDir?: string;
  redisUrl: string;
  smtpUrl: string;
  /**
   * The local Stripe, when the stack runs it (no STRIPE_SECRET_KEY given): its URL (API, hosted page
   * /c/pay/<id>, test API /__sandbox/events), the random sk_test_ key the payments service was given and
   * the whsec_ secret webhooks are signed with.
   */
  stripeSandbox?: { url: string; secretKey: string; webhookSecret: string };
  /** Stops the gateway, the frontends, the workers, the APIs, then MailDev, Redis and PostgreSQL. Idempotent. */
  stop(): Promise<void>;
  /** Kills every child at once (second Ctrl-C). */
  kill(): void;
}

interface Started {
  children: ManagedChild[];
  postgres?: PostgresHandle;
  redis?: RedisHandle;
  smtp?: SmtpHandle;
}

const LOG_PREFIX_WIDTH = 13;

function abortIfNeeded(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StackError('Start-up interrupted.');
}

/** Polls `url` until `accept(status)`; fails early, with the child's last lines, if the child exits. */
async function waitForHttp(
  child: ManagedChild,
  url: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  accept: (status: number) => boolean = (status) => status === 200,
  owns: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'nothing (no connection)';
  for (;;) {
    abortIfNeeded(signal);
    if (child.hasExited) throw new StackError(`${child.name} ${child.describeExit()} before it was ready. Its last lines:\n${child.lastLines()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000), headers: { Accept: '*/*' } });
      await res.body?.cancel();
      // An answer only counts once the child itself says it listens there (another process may hold the port).
      if (accept(res.status) && owns()) return;
      last = `HTTP ${res.status}`;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new StackError(`${child.name} was not ready within ${Math.round(timeoutMs / 1000)} s (${url} answered ${last}). Its last lines:\n${child.lastLines()}`);
    }
    await sleep(150);
  }
}

/** Fails if the child exits within `ms` (processes without an HTTP endpoint: workers). */
async function waitAlive(child: ManagedChild, ms: number): Promise<void> {
  await Promise.race([child.exited, sleep(ms)]);
  if (child.hasExited) throw new StackError(`${child.name} ${child.describeExit()} right after starting. Its last lines:\n${child.lastLines()}`);
}

function nodeArgs(mode: StackMode, rootDir: string, process: ProcessSpec): { args: string[]; file: string } {
  const serviceDir = join(rootDir, 'services', process.service);
  if (mode === 'dev') {
    const file = join(serviceDir, 'src', `${process.entry}.ts`);
    return { file, args: ['--conditions=source', '--import', 'tsx', '--watch', file] };
  }
  const file = join(serviceDir, 'dist', `${process.entry}.js`);
  return { file, args: [file] };
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const mode = options.mode ?? 'start';
  const rootDir = resolve(options.rootDir ?? REPO_ROOT);
  const dataDir = resolve(options.dataDir ?? join(rootDir, '.data'));
  const quiet = options.quiet ?? false;
  const output: Output = { quiet, color: !quiet && process.stdout.isTTY === true && !process.env.NO_COLOR, prefixWidth: LOG_PREFIX_WIDTH };
  const say = (text: string) => printLine(output, 'stack', text);
  const warn = (text: string) => printLine(output, 'stack', output.color ? `\u001b[33m${text}\u001b[0m` : `warning: ${text}`);
  const lookup = (name: string): string | undefined => {
    const value = options.env?.[name] ?? process.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const graceMs = options.stopGraceMs ?? 10_000;
  const { signal } = options;

  const started: Started = { children: [] };
  let stopped: Promise<void> | undefined;
  /** Start-up is over: from now on a child that exits is reported (during start-up, the wait reports it). */
  let running = false;
  const killAll = () => {
    for (const child of started.children) child.killNow();
  };
  process.on('exit', killAll);

  async function stopAll(): Promise<void> {
    const groups: Array<(c: ManagedChild) => boolean> = [
      (c) => c.name === 'gateway',
      (c) => c.name === 'shell' || c.name.startsWith('mf-'),
      (c) => !(c.name in API_SERVICES),
      () => true,
    ];
    const remaining = new Set(started.children);
    for (const belongs of groups) {
      const batch = [...remaining].filter(belongs);
      batch.forEach((c) => remaining.delete(c));
      await Promise.all(batch.map((c) => c.stop(graceMs)));
    }
    const results = await Promise.allSettled([started.smtp?.stop(), started.redis?.stop(), started.postgres?.stop()]);
    for (const r of results) if (r.status === 'rejected') warn(`stopping infrastructure: ${(r.reason as Error).message}`);
    process.off('exit', killAll);
  }
  const stop = (): Promise<void> => {
    stopped ??= stopAll();
    return stopped;
  };

  /** service-kit's startService logs `{"url":"http://host:port","msg":"listening"}` at info level. */
  const logsListening = ['trace', 'debug', 'info'].includes(lookup('LOG_LEVEL') ?? 'info');
  const listensOn = (child: ManagedChild, port: number) => () =>
    !logsListening || child.printed((line) => line.includes('"listening"') && line.includes(`:${port}"`));

  /**
   * Starts an HTTP child on `port` and waits for `healthPath`. If the port was taken in the meantime
   * (EADDRINUSE: another stack started at the same moment) and `retryOnFreePort`, once more on a free port.
   */
  async function startHttpChild(
    spec: (port: number) => ChildSpec,
    port: number,
    healthPath: string,
    retryOnFreePort: boolean,
  ): Promise<{ child: ManagedChild; port: number; ready: Promise<void> }> {
    const child = spawnChild(spec(port));
    const ready = waitForHttp(child, `http://127.0.0.1:${port}${healthPath}`, readyTimeoutMs, signal, undefined, listensOn(child, port));
    if (!retryOnFreePort) return { child, port, ready };
    try {
      await ready;
      return { child, port, ready };
    } catch (err) {
      if (!child.hasExited || !child.printed((line) => line.includes('EADDRINUSE'))) throw err;
      const next = await freePort();
      say(`${child.name}: port ${port} was taken meanwhile; using ${next}`);
      const again = spawnChild(spec(next));
      return { child: again, port: next, ready: waitForHttp(again, `http://127.0.0.1:${next}${healthPath}`, readyTimeoutMs, signal, undefined, listensOn(again, next)) };
    }
  }

  function spawnChild(spec: ChildSpec): ManagedChild {
    const child = new ManagedChild(spec, output);
    started.children.push(child);
    void child.exited.then(() => {
      if (!running || stopped || child.isStopping) return;
      warn(`${child.name} ${child.describeExit()} unexpectedly.${quiet ? `\n${child.lastLines()}` : ''}`);
    });
    return child;
  }

  try {
    // 1. Build what is missing (start) -------------------------------------------------------------
    if (mode === 'start' && options.build !== false) {
      const plan = await planBuild(rootDir);
      for (const { why } of plan.skipped) warn(why);
      if (plan.steps.length > 0) await runBuild(rootDir, plan.steps, say);
      abortIfNeeded(signal);
    }

    // 2. What to run: the one process list (processes.ts), also behind docker-compose.yml -------------
    const { processes, unknown } = await readProcesses(rootDir);
    for (const name of unknown) warn(`services/${name} is not started by the stack (add it to tools/stack/src/processes.ts, or declare its workers).`);
    const entryFile = (p: ProcessSpec) => `services/${p.service}/${mode === 'dev' ? `src/${p.entry}.ts` : `dist/${p.entry}.js`}`;
    const runnable = (p: ProcessSpec | undefined): { args: string[]; file: string } | undefined => {
      if (!p) return undefined;
      const spec = nodeArgs(mode, rootDir, p);
      return existsSync(spec.file) ? spec : undefined;
    };
    const gatewayRun = runnable(processes.find((p) => p.kind === 'gateway'));
    if (!gatewayRun) throw new StackError(`services/gateway has no ${mode === 'dev' ? 'src/index.ts' : 'dist/index.js'}; nothing can serve the site.`);
    const workerCounts = new Map<ProcessSpec, number>();
    for (const p of processes.filter((q) => q.kind === 'worker')) {
      const variable = p.countVariable ?? '';
      const text = lookup(variable) ?? '1';
      const count = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(count)) throw new StackError(`${variable} must be a whole number (got ${text}).`);
      workerCounts.set(p, count);
    }

    // 3. Ports -------------------------------------------------------------------------------------
    const requestedGatewayPort = options.gatewayPort ?? GATEWAY_PORT;
    if (mode === 'dev' && requestedGatewayPort !== GATEWAY_PORT) throw new StackError(`In dev mode the gateway must use port ${GATEWAY_PORT} (the shell dev server proxies to it).`);
    let gatewayPort: number = requestedGatewayPort;
    if (requestedGatewayPort === 0) gatewayPort = await freePort();
    else if (!(await isPortFree(requestedGatewayPort))) {
      throw new StackError(`Port ${requestedGatewayPort} is in use (another npm start?). Stop what uses it${mode === 'start' ? ', or start on any free port: npm start -- --port 0' : ''}.`);
    }
    if (mode === 'dev') {
      for (const [app, port] of Object.entries(DEV_PORTS)) {
        if (!(await isPortFree(port))) throw new StackError(`Port ${port} (dev server of ${app}) is in use. Stop what uses it (another npm run dev?).`);
      }
    }
    const siteUrl = mode === 'dev' ? `http://localhost:${DEV_PORTS.shell}` : `http://localhost:${gatewayPort}`;

    // 4. PostgreSQL, Redis, SMTP (in parallel) ------------------------------------------------------
    say('starting PostgreSQL, Redis and the mail sink...');
    const infraEnv = {
      DATABASE_URL: lookup('DATABASE_URL'),
      REDIS_URL: lookup('REDIS_URL'),
      SMTP_URL: lookup('SMTP_URL'),
      MAIL_UI_PORT: lookup('MAIL_UI_PORT'),
      MAIL_SMTP_PORT: lookup('MAIL_SMTP_PORT'),
    };
    const [pgResult, redisResult, smtpResult] = await Promise.allSettled([
      resolvePostgres({
        env: infraEnv,
        dataDir,
        fresh: options.freshDatabase ?? false,
        ...(options.postgresRuntimeRoot ? { runtimeRoot: options.postgresRuntimeRoot } : {}),
        onLog: (line) => {
          if (/\b(ERROR|FATAL|PANIC):/.test(line) && !/terminating connection due to administrator command/.test(line)) printLine(output, 'postgres', line);
        },
      }),
      resolveRedis({ env: infraEnv, output }),
      resolveSmtp({ env: infraEnv }),
    ]);
    if (pgResult.status === 'fulfilled') started.postgres = pgResult.value;
    if (redisResult.status === 'fulfilled') started.redis = redisResult.value;
    if (smtpResult.status === 'fulfilled') started.smtp = smtpResult.value;
    for (const result of [pgResult, redisResult, smtpResult]) if (result.status === 'rejected') throw result.reason;
    const postgres = started.postgres as PostgresHandle;
    const redis = started.redis as RedisHandle;
    const smtp = started.smtp as SmtpHandle;
    if (redis.warning) warn(redis.warning);
    abortIfNeeded(signal);

    const logLevel = lookup('LOG_LEVEL') ?? 'info';
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: siteUrl,
      LOG_LEVEL: logLevel,
      // The secret identity and payments share for /internal/* calls: SERVICE_TOKEN if set, else a new one per run.
      SERVICE_TOKEN: lookup('SERVICE_TOKEN') ?? randomBytes(32).toString('hex'),
    };
    delete baseEnv.PORT;
    // The operator console's credentials go to the identity API only (below), never to every process.
    delete baseEnv.OPERATOR_USER;
    delete baseEnv.OPERATOR_PASSWORD;
    const healthUrls: Record<string, string> = {};

    // 5. The APIs ----------------------------------------------------------------------------------
    // Default ports when free; with an isolated gateway (port 0, e.g. the e2e tests) free ports throughout.
    // Every port is chosen before any API starts, so each service (and its workers) gets the others' URLs
    // (CONTENT_URL, IDENTITY_URL, PAYMENTS_URL: content asks identity who a token belongs to, ...).
    const apis = processes.filter((p) => p.kind === 'api');
    const apiUrls: Partial<Record<string, string>> = {};
    const apiPorts = new Map<string, number>();
    for (const api of apis) {
      let port = requestedGatewayPort === 0 ? await freePort() : await preferredPort(api.port ?? 0);
      while ([...apiPorts.values()].includes(port)) port = await freePort();
      apiPorts.set(api.name, port);
      apiUrls[api.name] = `http://127.0.0.1:${port}`;
    }
    const serviceUrlEnv = (): Record<string, string> =>
      Object.fromEntries(Object.entries(apiUrls).flatMap(([name, url]) => (url ? [[`${name.toUpperCase()}_URL`, url]] : [])));
    const apiEnv: NodeJS.ProcessEnv = { ...baseEnv, ...serviceUrlEnv() };

    // The Stripe sandbox, unless a STRIPE_SECRET_KEY is configured: random keys for this run; payments
    // (and its workers) get them with STRIPE_API_BASE, the sandbox sends webhooks to payments.
    const sandboxProcess = processes.find((p) => p.kind === 'sandbox');
    const sandboxRun = lookup('STRIPE_SECRET_KEY') ? undefined : runnable(sandboxProcess);
    const stripeEnv: Record<string, string> = {};
    let sandboxStart: Promise<{ child: ManagedChild; port: number; ready: Promise<void> }> | undefined;
    let stripeSandbox: RunningStack['stripeSandbox'];
    if (!lookup('STRIPE_SECRET_KEY') && sandboxProcess && !sandboxRun) {
      warn(`${entryFile(sandboxProcess)} does not exist and STRIPE_SECRET_KEY is not set: payments cannot start a checkout.`);
    }
    if (sandboxProcess && sandboxRun) {
      let port = requestedGatewayPort === 0 ? await freePort() : await preferredPort(sandboxProcess.port ?? STRIPE_SANDBOX.port);
      while ([...apiPorts.values()].includes(port)) port = await freePort();
      const secretKey = `sk_test_${randomBytes(24).toString('hex')}`;
      const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
      Object.assign(stripeEnv, { STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: `http://127.0.0.1:${port}`, STRIPE_WEBHOOK_SECRET: webhookSecret });
      const paymentsUrl = apiUrls[STRIPE_SANDBOX.clientService];
      const publicUrl = lookup('SANDBOX_PUBLIC_URL');
      const spec = (p: number): ChildSpec => ({
        name: sandboxProcess.name,
        command: process.execPath,
        args: sandboxRun.args,
        cwd: rootDir,
        env: {
          ...baseEnv,
          PORT: String(p),
          SANDBOX_SECRET_KEY: secretKey,
          SANDBOX_WEBHOOK_SECRET: webhookSecret,
          SANDBOX_WEBHOOK_URL: paymentsUrl ? `${paymentsUrl}/webhooks/stripe` : '',
          SANDBOX_PUBLIC_URL: publicUrl ?? `http://127.0.0.1:${p}`,
        },
      });
      sandboxStart = startHttpChild(spec, port, '/readyz', true).then((result) => {
        const url = `http://127.0.0.1:${result.port}`;
        stripeSandbox = { url, secretKey, webhookSecret };
        healthUrls[sandboxProcess.name] = `${url}/readyz`;
        if (result.port !== port) warn(`${STRIPE_SANDBOX.clientService} still calls the Stripe sandbox on port ${port} (STRIPE_API_BASE); restart to fix.`);
        return result;
      });
    }
    const envOf = (service: string): NodeJS.ProcessEnv => (service === STRIPE_SANDBOX.clientService ? stripeEnv : {});
    // The operator console (identity's /admin/): OPERATOR_USER / OPERATOR_PASSWORD if set, else a new password per run.
    // Only the identity API gets them.
    const operator = { user: lookup('OPERATOR_USER') ?? 'operator', password: lookup('OPERATOR_PASSWORD') ?? randomBytes(12).toString('base64url') };
    const operatorEnvOf = (service: string): NodeJS.ProcessEnv => (service === 'identity' ? { OPERATOR_USER: operator.user, OPERATOR_PASSWORD: operator.password } : {});
    const apiStarts: Array<Promise<{ child: ManagedChild; port: number; ready: Promise<void> }>> = [];
    for (const api of apis) {
      const { name } = api;
      const run = runnable(api);
      const port = apiPorts.get(name) ?? 0;
      if (!run) {
        warn(`${entryFile(api)} does not exist yet; not starting ${name} (the gateway answers 502 for its paths).`);
        continue;
      }
      const spec = (p: number): ChildSpec => ({ name, command: process.execPath, args: run.args, cwd: rootDir, env: { ...apiEnv, ...envOf(api.service), ...operatorEnvOf(api.service), PORT: String(p) } });
      apiStarts.push(
        startHttpChild(spec, port, '/readyz', true).then(async (result) => {
          apiUrls[name] = `http://127.0.0.1:${result.port}`;
          healthUrls[name] = `${apiUrls[name]}/readyz`;
          if (result.port !== port) {
            const others = apis.filter((a) => a.name !== name).map((a) => a.name);
            if (others.length > 0) warn(`${others.join(', ')} still call ${name} on port ${port} (${name.toUpperCase()}_URL); restart to fix.`);
          }
          await result.ready;
          return result;
        }),
      );
    }
    say(`waiting for the services (migrations run on start)...`);
    const apiReady = await Promise.allSettled([...apiStarts, ...(sandboxStart ? [sandboxStart.then(async (result) => (await result.ready, result))] : [])]);
    for (const r of apiReady) {
      if (r.status === 'rejected') {
        if (mode === 'start') throw r.reason;
        warn((r.reason as Error).message);
      }
    }

    // 6. Workers: the mailer and each service's declared workers, <NAME>_WORKERS copies each ----------
    // Each gets its service's environment: the stack gives every service the same one (baseEnv and the
    // services' URLs as they ended up).
    const workerEnv: NodeJS.ProcessEnv = { ...baseEnv, ...serviceUrlEnv() };
    const workerChildren: ManagedChild[] = [];
    for (const [worker, count] of workerCounts) {
      if (count === 0) continue;
      const run = runnable(worker);
      if (!run) {
        warn(`${entryFile(worker)} does not exist; not starting ${worker.name}${worker.name === 'mailer' ? ' (e-mails stay queued until a mailer runs)' : ''}.`);
        continue;
      }
      for (let i = 1; i <= count; i += 1) {
        workerChildren.push(spawnChild({ name: i === 1 ? worker.name : `${worker.name}-${i}`, command: process.execPath, args: run.args, cwd: rootDir, env: { ...workerEnv, ...envOf(worker.service) } }));
      }
    }
    await Promise.all(workerChildren.map((child) => waitAlive(child, 1500)));

    // 7. Frontend dev servers (dev) -----------------------------------------------------------------
    const workspaces = mode === 'dev' ? await readWorkspaces(rootDir) : [];
    const devServers: Array<{ child: ManagedChild; url: string }> = [];
    const manifestEnv: Record<string, string> = {};
    if (mode === 'dev') {
      const apps = [{ app: 'shell', dir: 'shell', port: DEV_PORTS.shell }, ...REMOTES.map((r) => ({ app: r, dir: `mf-${r}`, port: DEV_PORTS[r] }))];
      for (const { app, dir, port } of apps) {
        const ws = workspaces.find((w) => w.rel === dir);
        const hasConfig = ['rspack.config.ts', 'rspack.config.js', 'rspack.config.mjs'].some((f) => existsSync(join(rootDir, dir, f)));
        if (!ws || !hasConfig) {
          warn(`${dir} has no rspack config yet; not starting its dev server.`);
          continue;
        }
        if (app !== 'shell') manifestEnv[`REMOTE_${app.toUpperCase()}_MANIFEST_URL`] = `http://localhost:${port}/mf-manifest.json`;
        const devEnv: NodeJS.ProcessEnv = { ...baseEnv, PORT: String(port) };
        delete devEnv.HOST;
        const child = spawnChild({ name: dir, command: 'npm', args: ['run', 'dev', '-w', ws.name], cwd: rootDir, env: devEnv });
        const url = app === 'shell' ? `http://localhost:${port}/` : `http://localhost:${port}/mf-manifest.json`;
        devServers.push({ child, url });
        healthUrls[dir] = url;
      }
    }

    // 8. The gateway -------------------------------------------------------------------------------
    const gatewayEnv: NodeJS.ProcessEnv = {
      ...baseEnv,
      ...manifestEnv,
      ...serviceUrlEnv(),
      RELEASES_DIR: join(dataDir, 'releases'),
      REMOTES_REGISTRY_FILE: join(dataDir, 'remotes.json'),
    };
    const gatewaySpec = (port: number): ChildSpec => ({ name: 'gateway', command: process.execPath, args: gatewayRun.args, cwd: rootDir, env: { ...gatewayEnv, PORT: String(port) } });
    // Not retried on another port: the services already have PUBLIC_URL (the site URL) with this one.
    const gateway = await startHttpChild(gatewaySpec, gatewayPort, '/healthz', false);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    healthUrls.gateway = `${gatewayUrl}/healthz`;
    await gateway.ready;

    if (devServers.length > 0) {
      say('waiting for the dev servers (first compile)...');
      const results = await Promise.allSettled(devServers.map(({ child, url }) => waitForHttp(child, url, options.readyTimeoutMs ?? 120_000, signal, (s) => s < 500)));
      for (const r of results) if (r.status === 'rejected') warn((r.reason as Error).message);
    }

    try {
      const ready = await fetch(`${gatewayUrl}/readyz`, { signal: AbortSignal.timeout(3000) });
      if (ready.status !== 200) {
        const body = (await ready.json()) as { checks?: Record<string, string> };
        const failed = Object.entries(body.checks ?? {}).filter(([, v]) => v !== 'ok').map(([k]) => k);
        if (failed.includes('shell') && mode === 'start') warn('the shell is not built: the site answers 503 until it is (npm run build -w shell).');
        const others = failed.filter((k) => k !== 'shell');
        if (others.length > 0) warn(`the gateway cannot reach: ${others.join(', ')}`);
      } else {
        await ready.body?.cancel();
      }
    } catch {
      // informational only
    }

    // 9. Summary -----------------------------------------------------------------------------------
    const pad = (label: string) => label.padEnd(12);
    const lines = [
      '',
      `${pad('Site')}${siteUrl}`,
      ...(mode === 'dev' ? [`${pad('Gateway')}${gatewayUrl}`] : []),
      `${pad('Mail inbox')}${smtp.inboxUrl ?? `(none: mail goes to ${redactUrl(smtp.url)})`}`,
      `${pad('Database')}${redactUrl(postgres.url)} (${postgres.source === 'env' ? 'DATABASE_URL' : `embedded, data in ${postgres.dataDir ?? ''}`})`,
      `${pad('Redis')}${redactUrl(redis.url)} (${redis.source === 'env' ? 'REDIS_URL' : redis.source === 'local' ? 'already running locally' : 'redis-server started by the stack'})`,
      `${pad('SMTP')}${redactUrl(smtp.url)} (${smtp.source === 'env' ? 'SMTP_URL' : 'MailDev'})`,
      `${pad('Stripe')}${
        stripeSandbox
          ? `${stripeSandbox.url} (sandbox: test card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)`
          : lookup('STRIPE_SECRET_KEY')
            ? `${lookup('STRIPE_API_BASE') ?? 'https://api.stripe.com'} (STRIPE_SECRET_KEY)`
            : '(none: payments cannot start a checkout)'
      }`,
      ...(apis.some((a) => a.service === 'identity') ? [`${pad('Operators')}${siteUrl}/admin/  user ${operator.user} password ${lookup('OPERATOR_PASSWORD') ? '(OPERATOR_PASSWORD)' : operator.password}`] : []),
      'Health',
      ...Object.entries(healthUrls).map(([name, url]) => `  ${name.padEnd(14)}${url}`),
      '',
      'Press Ctrl-C to stop everything.',
      '',
    ];
    say(lines.join('\n'));
    running = true;

    return {
      mode,
      siteUrl,
      gatewayUrl,
      ...(smtp.inboxUrl ? { mailUrl: smtp.inboxUrl } : {}),
      healthUrls,
      databaseUrl: postgres.url,
      ...(postgres.dataDir ? { postgresDataDir: postgres.dataDir } : {}),
      redisUrl: redis.url,
      smtpUrl: smtp.url,
      ...(stripeSandbox ? { stripeSandbox } : {}),
      stop,
      kill: () => {
        killAll();
        started.postgres?.killNow();
        void started.redis?.stop();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
