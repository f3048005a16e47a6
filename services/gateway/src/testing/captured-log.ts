import { Writable } from 'node:stream';
import { createLogger, type Logger, type LogLevel } from '@tca/service-kit';

export interface CapturedLog {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines: Array<Record<string, unknown>>;
}

/** Test support: the gateway's logger writing into `lines` instead of stdout. */
export function capturedLog(level: LogLevel = 'info'): CapturedLog {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ name: 'gateway', level, destination }), lines };
}
