import { pino, type Logger as PinoLogger, type DestinationStream } from 'pino';
import type { LogLevel } from './config.js';

export type Logger = PinoLogger;

export interface LoggerOptions {
  name: string;
  level?: LogLevel | undefined;
  /** Where to write; stdout (synchronously) when omitted. Tests pass a stream to read what was logged. */
  destination?: DestinationStream | undefined;
}

/** Header values that must never reach the logs, in both request and response serialisations. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * stdout, written synchronously. pino's default stream writes asynchronously: when a piped stdout is
 * full (EAGAIN) it retries that write later, and the flush at process.exit writes the lines queued
 * after it first (or loses it), so a worker's "shutting down" could follow its "stopped". A synchronous
 * write waits for the pipe instead; every line is out, in order, when the call returns, so exiting
 * right after logging loses nothing. One stream for every logger of the process.
 */
let stdout: DestinationStream | undefined;
function syncStdout(): DestinationStream {
  stdout ??= pino.destination({ dest: 1, sync: true });
  return stdout;
}

export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return pino(options, destination ?? syncStdout());
}
