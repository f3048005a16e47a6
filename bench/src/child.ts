import { fork, type ChildProcess } from 'node:child_process';

export interface TsChild {
  proc: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  /** Disconnects (the child then ends itself), kills it after `graceMs`; resolves once it is gone. Idempotent. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Forks a TypeScript entry of this package in its own Node process with tsx, an IPC channel using
 * structured clone (Buffers and NaN survive), and this process's stdout/stderr. The entries end
 * themselves when the channel closes, so a child never outlives the bench, even when it is killed.
 */
export function forkTs(entry: string): TsChild {
  const proc = fork(entry, [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const close = async (graceMs = 3000) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    if (proc.connected) proc.disconnect();
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { proc, exited, close };
}

/** Resolves with the first message `accept` maps to a value; rejects when the child exits first or `timeoutMs` passes. */
export function nextMessage<T>(child: TsChild, what: string, accept: (message: unknown) => T | undefined, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.proc.off('message', onMessage);
      child.proc.off('exit', onExit);
      child.proc.off('error', onError);
    };
    const onMessage = (message: unknown) => {
      const value = accept(message);
      if (value === undefined) return;
      done();
      resolve(value);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(new Error(`${what}: the process exited (${signal ?? `code ${code}`})`));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${what}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    child.proc.on('message', onMessage);
    child.proc.once('exit', onExit);
    child.proc.once('error', onError);
  });
}

/**
 * How to stop a spawned process: SIGTERM, then SIGKILL when it is still there after `graceMs`; the
 * function resolves once it has exited, at once when it already has. Call this right after spawning:
 * it listens for the exit from then on.
 */
export function processStopper(proc: ChildProcess, graceMs = 10_000): () => Promise<void> {
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
}
