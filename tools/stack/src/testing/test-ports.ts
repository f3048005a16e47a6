/**
 * Test support: ports on 127.0.0.1 for the launcher's tests. Not ports.ts's freePort, which keeps what it
 * hands out for the stack's children.
 */
import { createServer } from 'node:net';
import type { TestContext } from 'node:test';

/** A port nothing listens on now (a service that is down). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A port something listens on until the test ends. */
export async function occupiedPort(t: TestContext): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as { port: number }).port;
}
