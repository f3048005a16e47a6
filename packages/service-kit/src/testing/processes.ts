/**
 * Test support for things that run beside a test: waiting for a state with a deadline, a free port, a
 * redis-server of the test's own that it may stop and start again, and a TypeScript entry file run as
 * its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(25);
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago (for a server that must keep its port across restarts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves with what the child wrote once `pattern` appears in its output; rejects if it exits first or time runs out. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number, label: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`${label}: no ${pattern} within ${timeoutMs} ms. Output:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) finish();
    };
    const onExit = (code: number | null) => finish(new Error(`${label} exited (${code}) before ${pattern}. Output:\n${seen}`));
    function finish(err?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(seen);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Sends `signal` unless the child has already exited, and resolves with its exit code once it has. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill(signal);
  const [code] = await exited;
  return code;
}

export interface TestRedisServer {
  url: string;
  port: number;
  readonly running: boolean;
  /** Kills the server (SIGKILL: a crash; a persistent one keeps what it had fsynced). */
  stop(): Promise<void>;
  /** Starts it again on the same port: empty, or (persistent) with its append-only file. */
  start(): Promise<void>;
  /** Kills it and deletes its data folder (if it has one). */
  remove(): Promise<void>;
}

export interface RedisServerOptions {
  /** Keep data as docker-compose.yml runs Redis (an append-only file, fsynced every second) in a new temporary folder. */
  persistent?: boolean;
}

/**
 * A redis-server of its own on a free port, so a test can take Redis away and bring it back (or keep queued
 * jobs and counters apart from other tests') without touching the shared one. Without persistence by default.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<TestRedisServer> {
  const port = await freePort();
  const dir = options.persistent ? await mkdtemp(join(tmpdir(), 'tca-redis-')) : undefined;
  const storage = dir ? ['--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--save', '', '--appendonly', 'no'];
  let child: ChildProcess | undefined;
  async function start(): Promise<void> {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...storage, '--maxmemory-policy', 'noeviction'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    try {
      await waitForOutput(proc, /Ready to accept connections/, 10_000, 'redis-server');
    } catch (err) {
      await stopChild(proc, 'SIGKILL');
      throw err;
    }
  }
  async function stop(): Promise<void> {
    if (child) await stopChild(child, 'SIGKILL');
  }
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    stop,
    start,
    async remove() {
      await stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface NodeProcess {
  child: ChildProcess;
  /** Everything it wrote so far. */
  output(): string;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

export interface NodeProcessOptions {
  /** The package folder the entry file is resolved from, e.g. `new URL('../../', import.meta.url)`. */
  cwd: string | URL;
  /** The TypeScript entry file, relative to `cwd`, e.g. 'src/worker.ts' or '../mailer/src/index.ts'. */
  file: string;
  /** Its whole environment (PATH is added). */
  env: Record<string, string>;
  /** What it writes once it is ready. */
  ready: RegExp;
  /** Names it in error messages. */
  label: string;
  /** How long it may take to be ready. Default 30 s (tsx compiles on start). */
  timeoutMs?: number;
}

/** Runs a TypeScript entry file with tsx (as `npm run dev` does) and waits for `ready` in its output. */
export async function startNodeProcess(options: NodeProcessOptions): Promise<NodeProcess> {
  const cwd = options.cwd instanceof URL ? fileURLToPath(options.cwd) : options.cwd;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', options.file], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    await waitForOutput(child, options.ready, options.timeoutMs ?? 30_000, options.label);
  } catch (err) {
    await stopChild(child, 'SIGKILL');
    throw err;
  }
  return { child, output: () => output, stop: () => stopChild(child, 'SIGTERM') };
}
