import { createServer as createTcpServer, type Socket } from 'node:net';
import { startStaticServer } from '@tca/stack';

export interface Host {
  url: string;
  port: number;
  close(): Promise<void>;
}

function closeServer(server: ReturnType<typeof createTcpServer>, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

function listen(server: ReturnType<typeof createTcpServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** A remote's build served from its own origin, as a separately deployed remote would be (the gateway's static server). */
export async function serveRemote(dir: string, port = 0): Promise<Host> {
  return startStaticServer({ dir, port, host: '127.0.0.1' });
}

/** A server that accepts connections and never answers: the case MF's own loader hangs on. */
export async function serveNothing(port = 0): Promise<Host> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const bound = await listen(server, port);
  return { url: `http://127.0.0.1:${bound}`, port: bound, close: () => closeServer(server, sockets) };
}

/** A port that nothing listens on (a stopped server): bind one, then let it go. */
export async function stoppedServerUrl(): Promise<{ url: string; port: number }> {
  const host = await serveNothing();
  await host.close();
  return { url: host.url, port: host.port };
}
