/**
 * A PostgreSQL server of the test's own (initdb in a new temporary folder, a free port on 127.0.0.1), so a
 * test can stop it and start it again without touching the shared one on 5432. PostgreSQL refuses to run as
 * root: when the test runs as root, initdb and postgres run as the `postgres` user, which owns the folder.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, stopChild, waitForOutput } from './processes.js';

const run = promisify(execFile);

const BIN_DIR = process.env.PG_BIN_DIR || '/usr/local/bin';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth). */
  url: string;
  port: number;
  readonly running: boolean;
  /** The URL of another database on this server. */
  urlFor(database: string): string;
  /** Fast shutdown (SIGINT: open sessions are ended with 57P01 admin_shutdown); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port with its data. */
  start(): Promise<void>;
  /** stop() then start(). */
  restart(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  remove(): Promise<void>;
}

/** Who initdb and postgres run as: the current user, or the `postgres` user when we are root. */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const user = await serverUser();
  const dir = await mkdtemp(join(tmpdir(), 'tca-postgres-'));
  const dataDir = join(dir, 'data');
  let child: ChildProcess | undefined;
  let port = 0;
  try {
    if (user) await chown(dir, user.uid, user.gid);
    const initdb = spawn(join(BIN_DIR, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...user,
    });
    let initOutput = '';
    initdb.stdout.on('data', (chunk: Buffer) => (initOutput += chunk.toString()));
    initdb.stderr.on('data', (chunk: Buffer) => (initOutput += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      initdb.once('error', reject);
      initdb.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`initdb exited ${code}:\n${initOutput}`);
    port = await freePort();
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }

  async function start(): Promise<void> {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const proc = spawn(
      join(BIN_DIR, 'postgres'),
      // No Unix socket (its default folder may not be ours); fsync off: the data only has to survive a clean stop.
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'max_connections=50'],
      { stdio: ['ignore', 'pipe', 'pipe'], ...user },
    );
    child = proc;
    try {
      await waitForOutput(proc, /database system is ready to accept connections/, 15_000, 'postgres');
    } catch (err) {
      await stopChild(proc, 'SIGKILL');
      throw err;
    }
    // Keep reading its log so a full pipe never blocks it.
    proc.stdout?.resume();
    proc.stderr?.resume();
  }

  async function stop(): Promise<void> {
    if (child) await stopChild(child, 'SIGINT');
  }

  // A test that fails before remove() must not leave a postmaster behind.
  const killOnExit = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  try {
    await start();
  } catch (err) {
    process.off('exit', killOnExit);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlFor('postgres'),
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    urlFor,
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    async remove() {
      await stop();
      process.off('exit', killOnExit);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
