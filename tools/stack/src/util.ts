import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/** A start-up problem with a message meant for the person who ran `npm start`: printed without a stack. */
export class StackError extends Error {
  override readonly name = 'StackError';
}

/** The URL with its password replaced by ***, for printing. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Full path of an executable on PATH, or undefined. */
export function which(command: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Ports handed out by this process and not yet bound by the child they were meant for. */
const handedOut = new Set<number>();

export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  if (handedOut.has(port)) return false;
  const server = createServer();
  return new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** A port nothing listens on now (the OS picks it). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (;;) {
    const server = createServer();
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: 0, host, exclusive: true }, () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolve(chosen));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** `preferred` when it is free, else any free port. */
export async function preferredPort(preferred: number, host = '127.0.0.1'): Promise<number> {
  if (await isPortFree(preferred, host)) {
    handedOut.add(preferred);
    return preferred;
  }
  return freePort(host);
}

/** Forget a handed-out port (its child stopped). */
export function releasePort(port: number): void {
  handedOut.delete(port);
}
