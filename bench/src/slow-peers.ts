import { connect, createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The slow outside world of bench:workers, on loopback: an SMTP sink that takes a fixed time to accept each
 * message, and a TCP proxy that adds a fixed delay to each request (in front of the Stripe sandbox), so
 * the round trip to them, not our CPU, is what a worker spends its time on.
 */

export interface DelayProxy {
  /** The target's URL with the proxy's host and port. */
  url: string;
  /** Drops every connection and stops listening. */
  close(): Promise<void>;
}

/** The TCP port of an http(s) URL. */
function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * A TCP proxy on 127.0.0.1 to `target` that holds every chunk a client sends for `delayMs` before passing it
 * on (in order: timers of one duration fire in the order they were set); answers pass at once. An HTTP
 * request written in one go, as a keep-alive client writes it, thus takes `delayMs` longer.
 */
export async function startDelayProxy(target: URL, delayMs: number): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket, other: Socket) => {
    sockets.add(socket);
    socket.on('error', () => other.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      other.destroy();
    });
  };
  const server = createServer((client) => {
    const upstream = connect(portOf(target), target.hostname);
    // No Nagle: a chunk held for the last one's ACK (which the peer delays up to 40 ms) would add its own delay.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    track(client, upstream);
    track(upstream, client);
    client.on('data', (chunk: Buffer) => {
      setTimeout(() => {
        if (!upstream.destroyed) upstream.write(chunk);
      }, delayMs);
    });
    client.on('end', () => setTimeout(() => upstream.end(), delayMs));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.origin,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The idempotency key in a raw message's Message-ID (the mailer's `<key@domain>`), or undefined. */
export function messageKey(raw: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  return /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1];
}

export interface DelayedSmtpSink {
  url: string;
  /** Messages accepted per Message-ID key. */
  countByKey: Map<string, number>;
  /** Messages accepted without a key. */
  withoutKey: number;
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 that reads each message whole, waits `delayMs`, counts it by its Message-ID
 * key, then accepts it (250): a relay as slow as a remote one, with the count taken when the sender is told.
 */
export async function startDelayedSmtpSink(delayMs: number): Promise<DelayedSmtpSink> {
  const sink: DelayedSmtpSink = { url: '', countByKey: new Map(), withoutKey: 0, close: () => Promise.resolve() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      stream.toArray().then(
        (chunks: Buffer[]) => {
          const key = messageKey(Buffer.concat(chunks).toString('utf8'));
          setTimeout(() => {
            if (key === undefined) sink.withoutKey += 1;
            else sink.countByKey.set(key, (sink.countByKey.get(key) ?? 0) + 1);
            callback();
          }, delayMs);
        },
        (err: Error) => callback(err),
      );
    },
  });
  // A worker stopped mid-conversation resets its socket: not a reason to stop the bench.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  sink.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
