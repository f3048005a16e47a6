import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';
import { repoRoot } from './bench-site.js';
import { processStopper } from './child.js';
import { LoadAborted } from './http-load.js';

/** How long a worker process may take to say it is ready. */
const WORKER_READY_MS = 30_000;
/** Lines of a worker's output kept to explain why it did not start. */
const KEPT_LINES = 20;

export interface WorkerProcess {
  /** Resolves once the process logged its ready line; rejects when it exits first or takes too long. */
  ready: Promise<void>;
  /** SIGTERM (the worker finishes its jobs in progress), SIGKILL after a grace time; resolves once it is gone. */
  stop(): Promise<void>;
}

/**
 * One built worker (`node <entry>` from the repository's root, e.g. services/payments/dist/worker.js) with
 * `env`; ready once a line of its output contains `readyText` (a JSON log line's `"msg":"…"`).
 */
export function startWorkerProcess(entry: string, env: NodeJS.ProcessEnv, label: string, readyText: string): WorkerProcess {
  const proc: ChildProcess = spawn(process.execPath, [entry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lastLines: string[] = [];
  const stop = processStopper(proc);
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within ${WORKER_READY_MS / 1000} s:\n${lastLines.join('\n')}`)), WORKER_READY_MS);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        lastLines.push(line);
        if (lastLines.length > KEPT_LINES) lastLines.shift();
        if (line.includes(readyText)) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${sig ?? `code ${code}`}):\n${lastLines.join('\n')}`));
    });
  });
  ready.catch(() => undefined);
  return { ready, stop };
}

/**
 * Runs `measure` with `count` worker processes (`start(i)`) ready on `queue`, which stays paused while they
 * start (a process takes about a second to start: long next to a few seconds of work), so the clock that
 * `measure` starts when it resumes the queue sees them all taking jobs. Stops the workers and resumes the
 * queue (never left paused for the next run) whatever happens.
 */
export async function withWorkersReady<T>(queue: Queue, count: number, start: (index: number) => WorkerProcess, measure: () => Promise<T>): Promise<T> {
  const started: WorkerProcess[] = [];
  try {
    await queue.pause();
    for (let i = 0; i < count; i += 1) started.push(start(i));
    await Promise.all(started.map((w) => w.ready));
    return await measure();
  } finally {
    await Promise.all(started.map((w) => w.stop()));
    await queue.resume().catch(() => undefined);
  }
}

/** How long `done` took to turn true from now, checked every `intervalMs`; timedOut after `timeoutS` (then seconds is the time waited). */
export async function timeUntil(done: () => Promise<boolean>, timeoutS: number, signal: AbortSignal, intervalMs = 50): Promise<{ seconds: number; timedOut: boolean }> {
  const t0 = performance.now();
  for (;;) {
    const finished = await done();
    const seconds = (performance.now() - t0) / 1000;
    if (finished) return { seconds, timedOut: false };
    if (signal.aborted) throw new LoadAborted('aborted');
    if (seconds > timeoutS) return { seconds, timedOut: true };
    await sleep(intervalMs);
  }
}
