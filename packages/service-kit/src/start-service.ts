import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '@tca/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Lifecycle } from './http-app.js';
import { listen } from './listen.js';
import type { Logger } from './logger.js';

export interface StartServiceOptions {
  /** The Express app (any request listener). */
  app: RequestListener;
  port: number;
  host: string;
  logger: Logger;
  lifecycle: Lifecycle;
  /** How long in-flight requests may take to finish after the listener closes. */
  graceMs?: number;
  /** How long /readyz answers 'draining' (while still serving) before the listener closes. */
  drainDelayMs?: number;
  /** Run in order after HTTP has stopped: stop the relay, then close the pool and Redis. */
  onShutdown?: Array<() => Promise<void>>;
  /** Install SIGTERM/SIGINT and fatal-error handlers that exit the process. Default true. */
  handleSignals?: boolean;
}

export interface RunningService {
  server: Server;
  /** http://host:port actually bound (port 0 resolves to the chosen port). */
  url: string;
  /** Graceful stop without exiting the process: drain, close HTTP, run onShutdown. Idempotent. */
  stop(): Promise<void>;
}

/** What a request Node's parser refuses is answered: its status and `{ error, message }`. */
export function clientErrorAnswer(code: string | undefined): { status: number; reason: string; body: ApiError } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, reason: 'Request Header Fields Too Large', body: { error: 'headers_too_large', message: 'The request address or headers are too large.' } };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', body: { error: 'request_timeout', message: 'The request took too long to arrive.' } };
  return { status: 400, reason: 'Bad Request', body: { error: 'bad_request', message: 'The request is not valid HTTP.' } };
}

/**
 * Node answers a request its parser refuses (an address or headers over 16 kB, bytes not allowed in a
 * request line or header) itself, with an empty body; this answers it in the API's shape instead, then
 * closes the connection as Node does.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  const response = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, reason, body } = clientErrorAnswer(err.code);
  const json = JSON.stringify(body);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`);
}

export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const { app, port, host, logger, lifecycle, graceMs = 10_000, drainDelayMs = 0, onShutdown = [], handleSignals = true } = options;
  const server = createServer(app);
  server.on('clientError', answerClientError);
  let inFlight = 0;
  server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
    });
  });

  const url = await listen(server, port, host);
  logger.info({ url }, 'listening');

  let stopping: Promise<void> | undefined;

  async function shutdown(): Promise<void> {
    lifecycle.startDraining();
    logger.info({ inFlight, drainDelayMs, graceMs }, 'draining');
    if (drainDelayMs > 0) await sleep(drainDelayMs);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const deadline = Date.now() + graceMs;
    while (inFlight > 0 && Date.now() < deadline) await sleep(25);
    if (inFlight > 0) logger.warn({ inFlight }, 'grace period over; closing unfinished requests');
    // What is left is idle keep-alive sockets (or requests past the grace period).
    server.closeAllConnections();
    await closed;
    for (const hook of onShutdown) {
      try {
        await hook();
      } catch (err) {
        logger.error({ err }, 'shutdown step failed');
      }
    }
    removeHandlers();
    logger.info('stopped');
  }

  function stop(): Promise<void> {
    stopping ??= shutdown();
    return stopping;
  }

  function onSignal(signal: NodeJS.Signals): void {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    // If a shutdown hook hangs, do not hang with it.
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainDelayMs + graceMs + 10_000).unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.fatal({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  }

  function onFatal(err: unknown): void {
    logger.fatal({ err }, 'fatal error; exiting');
    process.exit(1);
  }

  function removeHandlers(): void {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    process.off('uncaughtException', onFatal);
    process.off('unhandledRejection', onFatal);
  }

  if (handleSignals) {
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    process.on('uncaughtException', onFatal);
    process.on('unhandledRejection', onFatal);
  }

  return { server, url, stop };
}
