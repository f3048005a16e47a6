/**
 * npm start              → node --import tsx tools/stack/src/cli.ts start [--port N] [--quiet]
 * npm run dev            → node --import tsx tools/stack/src/cli.ts dev
 * npm run publish:remote → node --import tsx tools/stack/src/cli.ts publish <content|membership|account> [--version V]
 *                          node --import tsx tools/stack/src/cli.ts use <remote> <version|local>
 * npm run compose -w @tca/stack → node --import tsx tools/stack/src/cli.ts compose [--check]
 *                          write docker-compose.yml from the process list (src/processes.ts)
 * npm run kubernetes -w @tca/stack → node --import tsx tools/stack/src/cli.ts kubernetes [--check]
 *                          write deploy/kubernetes (Kustomize base and overlays) from the same list
 *
 * Environment: DATABASE_URL, REDIS_URL, SMTP_URL (use these instead of the embedded ones), LOG_LEVEL,
 * MAILER_WORKERS, <WORKER>_WORKERS (copies of each worker, default 1; e.g. TICKETS_WORKERS for tickets-worker),
 * GATEWAY_PORT (default 3000, 0 = any free), MAIL_UI_PORT / MAIL_SMTP_PORT (MailDev; default 1080/1025 when
 * free, 0 = any free), TCA_DATA_DIR (default <repo>/.data: the embedded PostgreSQL's cluster in postgres/, as
 * root elsewhere when the postgres user cannot reach it), RELEASES_DIR / REMOTES_REGISTRY_FILE (publish;
 * defaults under the data dir).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCompose } from './compose.js';
import { generateKubernetes } from './kubernetes/generate.js';
import { REMOTES, REPO_ROOT, type Remote } from './project.js';
import { publishRemote, updateRegistryFile } from './publish.js';
import { startStack, type RunningStack, type StackMode } from './stack.js';
import { StackError } from './stack-error.js';
import { removeStackState, writeStackState } from './stack-state.js';

const USAGE = `Usage:
  npm start [-- --port N] [-- --quiet]     build what is missing, start everything, print the URLs
  npm run dev                              services in watch mode, frontends' dev servers
  npm run publish:remote -- <remote> [--version V]
                                           build one remote into a new release and point the registry at it
  node --import tsx tools/stack/src/cli.ts use <remote> <version|local>
                                           point the registry at an existing release (rollback), or back at mf-<remote>/dist
  npm run compose -w @tca/stack [-- --check]
                                           write docker-compose.yml from the process list (--check: only say if it is out of date)
  npm run kubernetes -w @tca/stack [-- --check]
                                           write deploy/kubernetes (base, overlays local and production) from the same list
Remotes: ${REMOTES.join(', ')}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function dataDir(): string {
  return resolve(process.env.TCA_DATA_DIR ?? join(REPO_ROOT, '.data'));
}

function registryPaths(): { releasesDir: string; registryFile: string } {
  return {
    releasesDir: resolve(process.env.RELEASES_DIR ?? join(dataDir(), 'releases')),
    registryFile: resolve(process.env.REMOTES_REGISTRY_FILE ?? join(dataDir(), 'remotes.json')),
  };
}

function asRemote(value: string | undefined): Remote {
  if (value === undefined || !(REMOTES as readonly string[]).includes(value)) fail(`Which remote? One of: ${REMOTES.join(', ')}.\n\n${USAGE}`);
  return value as Remote;
}

async function run(mode: StackMode, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' }, quiet: { type: 'boolean', default: false } }, allowPositionals: false });
  const portText = values.port ?? process.env.GATEWAY_PORT;
  const gatewayPort = portText === undefined ? undefined : Number(portText);
  if (gatewayPort !== undefined && (!Number.isInteger(gatewayPort) || gatewayPort < 0 || gatewayPort > 65535)) fail(`Invalid port ${portText}.`);

  const aborter = new AbortController();
  let stack: RunningStack | undefined;
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      console.log(`\n[stack] ${signal} again: killing everything now.`);
      stack?.kill();
      process.exit(130);
    }
    console.log(`\n[stack] ${signal}: stopping everything (press Ctrl-C again to force)...`);
    aborter.abort();
    removeStackState(dataDir());
    if (stack) {
      stack.stop().then(
        () => {
          console.log('[stack] stopped.');
          process.exit(0);
        },
        (err: unknown) => {
          console.error('[stack] stopping failed:', err);
          process.exit(1);
        },
      );
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // `kill <npm pid>` stops npm and its shell but not this process: stop too when the parent goes away.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent && signals === 0) onSignal('SIGHUP');
  }, 1000).unref();

  try {
    stack = await startStack({
      mode,
      dataDir: dataDir(),
      quiet: values.quiet,
      signal: aborter.signal,
      ...(gatewayPort !== undefined ? { gatewayPort } : {}),
    });
  } catch (err) {
    if (aborter.signal.aborted) {
      console.log('[stack] stopped.');
      process.exit(0);
    }
    if (err instanceof StackError) fail(`\n[stack] ${err.message}`);
    throw err;
  }
  if (aborter.signal.aborted) {
    await stack.stop();
    return;
  }
  // For the project's tools on this machine (e.g. `npm run admin -- staff add`): where this run's database is.
  writeStackState(dataDir(), { pid: process.pid, mode, siteUrl: stack.siteUrl, databaseUrl: stack.databaseUrl, redisUrl: stack.redisUrl, startedAt: new Date().toISOString() });
}

async function publish(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { version: { type: 'string' } }, allowPositionals: true });
  const remote = asRemote(positionals[0]);
  if (!existsSync(join(REPO_ROOT, `mf-${remote}`, 'rspack.config.ts'))) fail(`mf-${remote} has no rspack.config.ts yet.`);
  const { releasesDir, registryFile } = registryPaths();
  const result = await publishRemote({ remote, repoDir: REPO_ROOT, releasesDir, registryFile, ...(values.version ? { version: values.version } : {}) });
  console.log(`\nPublished ${remote} ${result.version}\n  files     ${result.outDir}\n  registry  ${registryFile}: ${remote} → ${result.manifestUrl}\nThe next page load uses it. Roll back with: node --import tsx tools/stack/src/cli.ts use ${remote} <older version|local>`);
}

async function use(args: string[]): Promise<void> {
  const remote = asRemote(args[0]);
  const version = args[1];
  if (!version) fail(`Which version? A folder of ${registryPaths().releasesDir}/${remote}, or "local" for mf-${remote}/dist.`);
  const { releasesDir, registryFile } = registryPaths();
  if (version === 'local') {
    await updateRegistryFile(registryFile, remote, undefined);
    console.log(`${remote} → /remotes/${remote}/mf-manifest.json (mf-${remote}/dist)`);
    return;
  }
  if (!existsSync(join(releasesDir, remote, version, 'mf-manifest.json'))) fail(`No release ${version} of ${remote} in ${releasesDir}.`);
  const manifest = `/releases/${remote}/${version}/mf-manifest.json`;
  await updateRegistryFile(registryFile, remote, manifest);
  console.log(`${remote} → ${manifest}`);
}

function warnUnknown(unknown: string[]): void {
  for (const name of unknown) console.error(`warning: services/${name} is neither an API, the gateway, the mailer, nor declares workers: nothing runs it (see tools/stack/src/processes.ts).`);
}

async function compose(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { check: { type: 'boolean', default: false } }, allowPositionals: false });
  const result = await generateCompose(REPO_ROOT, { check: values.check });
  warnUnknown(result.unknown);
  if (values.check) {
    if (!result.upToDate) fail(`${result.file} is out of date: run npm run compose -w @tca/stack`);
    console.log(`${result.file} is up to date.`);
    return;
  }
  console.log(result.upToDate ? `${result.file} was already up to date.` : `Wrote ${result.file}.`);
}

async function kubernetes(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { check: { type: 'boolean', default: false } }, allowPositionals: false });
  const result = await generateKubernetes(REPO_ROOT, { check: values.check });
  warnUnknown(result.unknown);
  const differ = [...result.changed, ...result.stale.map((path) => `${path} (no longer rendered)`)];
  if (values.check) {
    if (differ.length > 0) fail(`${result.dir} is out of date (${differ.join(', ')}): run npm run kubernetes -w @tca/stack`);
    console.log(`${result.dir} is up to date.`);
    return;
  }
  console.log(differ.length === 0 ? `${result.dir} was already up to date.` : `Wrote ${result.dir}: ${differ.join(', ')}.`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  switch (command) {
    case 'start':
    case 'dev':
      await run(command, rest);
      break;
    case 'publish':
      await publish(rest);
      break;
    case 'use':
      await use(rest);
      break;
    case 'compose':
      await compose(rest);
      break;
    case 'kubernetes':
      await kubernetes(rest);
      break;
    default:
      fail(USAGE);
  }
} catch (err) {
  if (err instanceof StackError) fail(err.message);
  throw err;
}
