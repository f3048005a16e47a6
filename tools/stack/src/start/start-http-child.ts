import type { ChildSpec, ManagedChild } from '../children.js';
import { freePort } from '../ports.js';
import type { StackContext } from './stack-context.js';
import { waitForHttp } from './wait-for-ready.js';

export interface StartedHttpChild {
  child: ManagedChild;
  /** The port it listens on: the one asked for, or another when that was taken meanwhile. */
  port: number;
  /** Settles when its health path answers 200 (rejects if it exits or takes too long). */
  ready: Promise<void>;
}

/**
 * Whether a child says it listens on `port`: service-kit's startService logs
 * `{"url":"http://host:port","msg":"listening"}` at info level, so only when LOG_LEVEL shows info.
 */
function listensOn(ctx: StackContext, child: ManagedChild, port: number): () => boolean {
  const logsListening = ['trace', 'debug', 'info'].includes(ctx.lookup('LOG_LEVEL') ?? 'info');
  return () => !logsListening || child.printed((line) => line.includes('"listening"') && line.includes(`:${port}"`));
}

function spawnAndWatch(ctx: StackContext, spec: (port: number) => ChildSpec, port: number, healthPath: string): StartedHttpChild {
  const child = ctx.children.spawn(spec(port));
  const ready = waitForHttp(child, `http://127.0.0.1:${port}${healthPath}`, { timeoutMs: ctx.readyTimeoutMs, signal: ctx.signal, owns: listensOn(ctx, child, port) });
  return { child, port, ready };
}

/**
 * Starts an HTTP child on `port` and watches `healthPath`. If the port was taken in the meantime
 * (EADDRINUSE: another stack started at the same moment) and `retryOnFreePort`, once more on a free
 * port; it then resolves once the first attempt has failed, else at once.
 */
export async function startHttpChild(ctx: StackContext, spec: (port: number) => ChildSpec, port: number, healthPath: string, retryOnFreePort: boolean): Promise<StartedHttpChild> {
  const first = spawnAndWatch(ctx, spec, port, healthPath);
  if (!retryOnFreePort) return first;
  try {
    await first.ready;
    return first;
  } catch (err) {
    if (!first.child.hasExited || !first.child.printed((line) => line.includes('EADDRINUSE'))) throw err;
    const next = await freePort();
    ctx.say(`${first.child.name}: port ${port} was taken meanwhile; using ${next}`);
    return spawnAndWatch(ctx, spec, next, healthPath);
  }
}
