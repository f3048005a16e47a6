import { writeSync } from 'node:fs';
import type { DestinationStream } from 'pino';

export interface LogOutputOptions {
  /** Default 1 (stdout). */
  fd?: number;
  /** Past this many waiting bytes a line waits for the output (as a synchronous write does) rather than be kept. */
  maxBufferedBytes?: number;
  /** How long to wait before writing again when the output is full (EAGAIN). */
  retryMs?: number;
  /** The write system call (tests replace it): bytes written, or throws (EAGAIN when the output is full). */
  write?: (fd: number, data: Buffer) => number;
}

const SLEEP_CELL = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(SLEEP_CELL, 0, 0, ms);
}

function isFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EBUSY';
}

/**
 * Log lines to a file descriptor, one write per turn of the event loop. A piped stdout is non-blocking
 * (Node makes it so): when its reader falls behind, a write fails with EAGAIN. pino's synchronous stream
 * then sleeps 100 ms with the whole process (every request in flight waits), and a line per request makes
 * one system call per request, both for the writer and for the reader (npm start, a container runtime).
 * Here the lines of one turn go out in one write, after the turn (setImmediate); a full output keeps them,
 * in order, and is tried again every `retryMs` without stopping the process. Past `maxBufferedBytes` a
 * line waits for the output as a synchronous write would, so memory stays bounded. `flushSync()` (on exit)
 * writes everything before it returns, waiting for the output as long as it takes.
 */
export class LogOutput implements DestinationStream {
  private readonly fd: number;
  private readonly maxBufferedBytes: number;
  private readonly retryMs: number;
  private readonly writeFd: (fd: number, data: Buffer) => number;
  private lines: string[] = [];
  private lineChars = 0;
  /** A chunk the output took only part of, and how many lines it holds. */
  private pending: Buffer | undefined;
  private pendingLines = 0;
  /** The drain after this turn (setImmediate), or the retry of a full output (setTimeout). */
  private scheduled: { immediate: NodeJS.Immediate } | { timeout: NodeJS.Timeout } | undefined;
  private synchronous = false;
  /** Lines dropped because the output failed for good (closed pipe, bad descriptor). */
  dropped = 0;

  constructor(options: LogOutputOptions = {}) {
    this.fd = options.fd ?? 1;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.retryMs = options.retryMs ?? 5;
    this.writeFd = options.write ?? ((fd, data) => writeSync(fd, data));
  }

  /** Bytes waiting (characters for lines not yet encoded). */
  get buffered(): number {
    return this.lineChars + (this.pending?.length ?? 0);
  }

  write(line: string): void {
    this.lines.push(line);
    this.lineChars += line.length;
    if (this.synchronous || this.buffered > this.maxBufferedBytes) {
      this.flushSync();
      return;
    }
    this.scheduled ??= { immediate: setImmediate(this.drainLater) };
  }

  /** Writes everything now, waiting for a full output; used at exit and by pino's flushSync. */
  flushSync(): void {
    this.cancelScheduled();
    while (!this.drain()) sleepSync(this.retryMs);
  }

  /** pino's `logger.flush(cb)`. */
  flush(callback?: (err?: Error) => void): void {
    this.flushSync();
    callback?.();
  }

  /** From now on every line is written before `write` returns (the process is exiting). */
  endSync(): void {
    this.synchronous = true;
    this.flushSync();
  }

  private readonly drainLater = (): void => {
    this.scheduled = undefined;
    if (!this.drain()) this.scheduled = { timeout: setTimeout(this.drainLater, this.retryMs) };
  };

  private cancelScheduled(): void {
    // Each with its own clear function: clearImmediate on a Timeout corrupts Node's count of pending immediates.
    if (this.scheduled && 'immediate' in this.scheduled) clearImmediate(this.scheduled.immediate);
    else if (this.scheduled) clearTimeout(this.scheduled.timeout);
    this.scheduled = undefined;
  }

  /** Writes what the output takes without waiting: true when nothing is left, false when it is full. */
  private drain(): boolean {
    for (;;) {
      if (!this.pending) {
        if (this.lines.length === 0) return true;
        this.pending = Buffer.from(this.lines.join(''), 'utf8');
        this.pendingLines = this.lines.length;
        this.lines = [];
        this.lineChars = 0;
      }
      try {
        const written = this.writeFd(this.fd, this.pending);
        this.pending = written >= this.pending.length ? undefined : this.pending.subarray(written);
      } catch (err) {
        if (isFull(err)) return false;
        // The output is gone (EPIPE, EBADF): nothing can be written any more; drop rather than grow.
        this.dropped += this.pendingLines + this.lines.length;
        this.pending = undefined;
        this.lines = [];
        this.lineChars = 0;
        return true;
      }
    }
  }
}

let stdout: LogOutput | undefined;

/** The one LogOutput of the process on stdout; everything it holds is written when the process exits. */
export function stdoutLogOutput(): LogOutput {
  if (!stdout) {
    const output = new LogOutput({ fd: 1 });
    process.once('exit', () => output.endSync());
    stdout = output;
  }
  return stdout;
}
