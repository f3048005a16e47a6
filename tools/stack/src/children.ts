import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatLogLine } from './logfmt.js';

export interface ChildSpec {
  /** Log prefix and the name in error messages, e.g. 'content'. */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface Output {
  /** Print nothing (lines are still kept for error messages). */
  quiet: boolean;
  color: boolean;
  /** Width the prefixes are padded to. */
  prefixWidth: number;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const PREFIX_COLORS = ['36', '35', '34', '33', '32', '96', '95', '94', '93', '92'];
let colorIndex = 0;

/** Writes a `[name] text` line to stdout unless quiet. */
export function printLine(output: Output, name: string, text: string, color = '1'): void {
  if (output.quiet) return;
  const prefix = `[${name}]`.padEnd(output.prefixWidth + 2);
  const painted = output.color ? `\u001b[${color}m${prefix}\u001b[0m` : prefix;
  process.stdout.write(`${text.split('\n').map((line) => `${painted} ${line}`).join('\n')}\n`);
}

/**
 * A child process in its own process group (so Ctrl-C reaches the stack only, which then stops the
 * children in order, and stopping a child also stops whatever it started: npm → rspack, node --watch).
 * Its output is prefixed per child, pino JSON made readable, and the last lines kept for error messages.
 */
export class ManagedChild {
  readonly name: string;
  readonly proc: ChildProcess;
  readonly exited: Promise<ExitInfo>;
  private readonly lines: string[] = [];
  private exitInfo: ExitInfo | undefined;
  private stopping = false;
  private readonly color = PREFIX_COLORS[colorIndex++ % PREFIX_COLORS.length] ?? '36';

  constructor(
    readonly spec: ChildSpec,
    private readonly output: Output,
  ) {
    this.name = spec.name;
    this.proc = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.exited = new Promise<ExitInfo>((resolve) => {
      this.proc.once('error', (err) => {
        this.remember(`failed to start: ${err.message}`);
        this.exitInfo = { code: -1, signal: null };
        resolve(this.exitInfo);
      });
      this.proc.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
    for (const stream of [this.proc.stdout, this.proc.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        this.remember(line);
        printLine(this.output, this.name, formatLogLine(line, { color: this.output.color }), this.color);
      });
    }
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  private remember(line: string): void {
    this.lines.push(line);
    if (this.lines.length > 200) this.lines.splice(0, this.lines.length - 200);
  }

  /** Whether any line it printed so far matches. */
  printed(test: (line: string) => boolean): boolean {
    return this.lines.some(test);
  }

  /** The last lines it printed, readable, for error messages. */
  lastLines(count = 25): string {
    const tail = this.lines.slice(-count).map((line) => `    ${formatLogLine(line)}`);
    return tail.length > 0 ? tail.join('\n') : '    (no output)';
  }

  describeExit(): string {
    const info = this.exitInfo;
    if (!info) return 'is running';
    return info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code ?? '?'}`;
  }

  private signalGroup(signal: NodeJS.Signals | 0): boolean {
    const pid = this.proc.pid;
    if (pid === undefined) return false;
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** SIGTERM to the whole group, SIGKILL after `graceMs`; also makes sure nothing of the group is left. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (!this.hasExited) {
      this.signalGroup('SIGTERM');
      const timedOut = await Promise.race([this.exited.then(() => false), sleep(graceMs).then(() => true)]);
      if (timedOut) {
        printLine(this.output, this.name, `did not stop within ${graceMs} ms; killing it`, this.color);
        this.signalGroup('SIGKILL');
        await this.exited;
      }
    }
    // Whatever the leader started (rspack under npm, the process under node --watch) must go too.
    const deadline = Date.now() + Math.min(graceMs, 3000);
    while (this.signalGroup(0) && Date.now() < deadline) await sleep(50);
    this.signalGroup('SIGKILL');
  }

  /** Synchronous last resort (process exit): SIGKILL the group. */
  killNow(): void {
    this.stopping = true;
    this.signalGroup('SIGKILL');
  }
}
