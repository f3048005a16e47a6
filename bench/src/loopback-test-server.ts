import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** For tests: a tiny origin on this machine that answers like the site would. */
export interface LoopbackTestServer {
  server: Server;
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 and a free port, answering every request with `handler`. */
export async function startLoopbackServer(handler: RequestListener): Promise<LoopbackTestServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
