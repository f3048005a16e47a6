import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test support: starts `server` on 127.0.0.1 on a free port; resolves with its base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes `server` now, open connections included. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The URL of a port on 127.0.0.1 that nothing listens on (a service that is down). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listenOnLoopback(server);
  await closeServer(server);
  return url;
}
