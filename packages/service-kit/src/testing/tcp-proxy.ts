import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './processes.js';

export interface TcpProxy {
  /** `target` with the proxy's host and port: connect here instead. */
  url: string;
  /** Starts accepting connections (already done unless started with `listening: false`). */
  open(): Promise<void>;
  /** Holds back what the target sends (connections stay up; a LISTEN connection gets no notifications). */
  freeze(): void;
  /** Passes on what was held back, and what comes next. */
  thaw(): void;
  /** Drops every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * A TCP proxy to `target` (a `redis://` or `postgres://` URL) for fault tests: with `listening: false`
 * connections are refused until open() (the server "coming back"); freeze() makes the server look silent.
 */
export async function startTcpProxy(target: URL, { listening = true, defaultPort }: { listening?: boolean; defaultPort: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const pairs: Array<{ client: Socket; upstream: Socket }> = [];
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || defaultPort), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream);
    if (!frozen) upstream.pipe(client);
    pairs.push({ client, upstream });
  });
  // A port that was free a moment ago: until open(), connections to it are refused.
  const port = await freePort();
  const open = () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  if (listening) await open();
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    open,
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        upstream.unpipe(client);
        upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const { client, upstream } of pairs) upstream.pipe(client);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
