import { pino, type Logger as PinoLogger, type DestinationStream } from 'pino';
import type { LogLevel } from './config.js';
import { stdoutLogOutput } from './log-output.js';

export type Logger = PinoLogger;

export interface LoggerOptions {
  name: string;
  level?: LogLevel | undefined;
  /** Where to write; stdout (stdoutLogOutput) when omitted. Tests pass a stream to read what was logged. */
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

/*
 * stdout through LogOutput (log-output.ts): the lines of one turn of the event loop in one write, in order,
 * a full pipe never stopping the process, and everything written at exit. pino's default asynchronous
 * stream could reorder or lose lines at process.exit; its synchronous one sleeps 100 ms on a full pipe
 * with every request waiting. One output for every logger of the process.
 */
export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return pino(options, destination ?? stdoutLogOutput());
}
