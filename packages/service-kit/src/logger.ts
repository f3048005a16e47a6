import { pino, type Logger as PinoLogger, type DestinationStream } from 'pino';
import type { LogLevel } from './config.js';
import { stdoutLogOutput } from './log-output.js';
import { censorLogValue, REDACTED_HEADER_PATHS, REDACTED_URL_PATHS } from './log-redaction.js';

export { redactUrlSecrets } from './log-redaction.js';

export type Logger = PinoLogger;

export interface LoggerOptions {
  name: string;
  level?: LogLevel | undefined;
  /** Where to write; stdout (stdoutLogOutput) when omitted. Tests pass a stream to read what was logged. */
  destination?: DestinationStream | undefined;
}

/*
 * stdout through LogOutput (log-output.ts): the lines of one turn of the event loop in one write, in order,
 * a full pipe never stopping the process, and everything written at exit. pino's default asynchronous
 * stream could reorder or lose lines at process.exit; its synchronous one sleeps 100 ms on a full pipe
 * with every request waiting. One output for every logger of the process.
 */
export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  // Credential headers (log-redaction.ts) are replaced whole; logged URLs lose only their secrets (reset tokens).
  const options = { name, level, redact: { paths: [...REDACTED_HEADER_PATHS, ...REDACTED_URL_PATHS], censor: censorLogValue } };
  return pino(options, destination ?? stdoutLogOutput());
}
