import { pino, type Logger as PinoLogger, type DestinationStream } from 'pino';
import type { LogLevel } from './config.js';

export type Logger = PinoLogger;

export interface LoggerOptions {
  name: string;
  level?: LogLevel | undefined;
  /** Where to write; stdout when omitted. Tests pass a stream to read what was logged. */
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

export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
