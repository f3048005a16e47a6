/**
 * Test support: a redis-server of the test's own that keeps its data as docker-compose's does (an
 * append-only file, fsynced every second), so a test can crash it (SIGKILL) and start it again on the same
 * port with what it had written to disk.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopChild, waitForOutput, type TestRedisServer } from '@tca/service-kit/testing';

export interface PersistentRedisServer extends TestRedisServer {
  /** Stops the server and deletes its data folder. */
  remove(): Promise<void>;
}

/** Starts a redis-server with `--appendonly yes` (as docker-compose.yml runs it) on a free port and a fresh data folder. */
export async function startPersistentRedisServer(): Promise<PersistentRedisServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'tca-redis-'));
  let child: ChildProcess | undefined;
  async function start(): Promise<void> {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    try {
      await waitForOutput(proc, /Ready to accept connections/, 10_000, 'redis-server');
    } catch (err) {
      await stopChild(proc, 'SIGKILL');
      throw err;
    }
  }
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    /** Kills the server (SIGKILL: a crash; what was fsynced stays on disk). */
    async stop() {
      if (child) await stopChild(child, 'SIGKILL');
    },
    /** Starts it again on the same port, loading the append-only file. */
    start,
    async remove() {
      if (child) await stopChild(child, 'SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
