import { setTimeout as sleep } from 'node:timers/promises';
import type { ManagedChild } from '../children.js';
import { StackError } from '../stack-error.js';

export function abortIfNeeded(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StackError('Start-up interrupted.');
}

export interface WaitForHttpOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Which answers mean ready (default: 200). */
  accept?: (status: number) => boolean;
  /** Whether the child itself listens there (another process may hold the port). */
  owns?: () => boolean;
}

/** Polls `url` until it is accepted; fails early, with the child's last lines, if the child exits. */
export async function waitForHttp(child: ManagedChild, url: string, { timeoutMs, signal, accept = (status) => status === 200, owns = () => true }: WaitForHttpOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'nothing (no connection)';
  for (;;) {
    abortIfNeeded(signal);
    if (child.hasExited) throw new StackError(`${child.name} ${child.describeExit()} before it was ready. Its last lines:\n${child.lastLines()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000), headers: { Accept: '*/*' } });
      await res.body?.cancel();
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
export async function waitAlive(child: ManagedChild, ms: number): Promise<void> {
  await Promise.race([child.exited, sleep(ms)]);
  if (child.hasExited) throw new StackError(`${child.name} ${child.describeExit()} right after starting. Its last lines:\n${child.lastLines()}`);
}
