import { createServer } from 'node:net';

/**
 * Ports handed out by this process. A port is free until its child binds it, so two choices made
 * back to back (every API's port is chosen before any starts) must not get the same one.
 */
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
