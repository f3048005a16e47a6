/**
 * Test support for stand-ins of other services: an HTTP server on a free 127.0.0.1 port that a test can
 * close at once (open connections included), a request listener that sees the whole body, and JSON answers.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface StubHttpServer {
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Stops listening and destroys open connections; idempotent. */
  close(): Promise<void>;
}

export async function startStubHttpServer(listener: RequestListener): Promise<StubHttpServer> {
  const sockets = new Set<Socket>();
  const server = createServer(listener);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** A request listener that reads the whole request body first, then calls `handler` with it. */
export function withRequestBody(handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks)));
  };
}

/** Answers `status` with `body` as JSON. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
