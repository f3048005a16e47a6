import { join, resolve } from 'node:path';
import { printLine, type Output } from '../children.js';
import { REPO_ROOT } from '../project.js';
import type { StackMode, StackOptions } from '../stack-options.js';
import { ChildSupervisor } from './child-supervisor.js';
import { createMetricsPorts, type MetricsPorts } from './metrics-ports.js';

const LOG_PREFIX_WIDTH = 13;

/** What every start-up step needs: the options resolved once, where to print, and the children started so far. */
export interface StackContext {
  mode: StackMode;
  rootDir: string;
  dataDir: string;
  output: Output;
  signal: AbortSignal | undefined;
  /** How long each process may take to become ready. */
  readyTimeoutMs: number;
  /** A setting from options.env, else process.env; blank counts as unset. */
  lookup(name: string): string | undefined;
  say(text: string): void;
  warn(text: string): void;
  children: ChildSupervisor;
  /** Each process's METRICS_PORT, for its environment and the start summary. */
  metricsPorts: MetricsPorts;
}

export function createStackContext(options: StackOptions): StackContext {
  const rootDir = resolve(options.rootDir ?? REPO_ROOT);
  const quiet = options.quiet ?? false;
  const output: Output = { quiet, color: !quiet && process.stdout.isTTY === true && !process.env.NO_COLOR, prefixWidth: LOG_PREFIX_WIDTH };
  const warn = (text: string) => printLine(output, 'stack', output.color ? `\u001b[33m${text}\u001b[0m` : `warning: ${text}`);
  return {
    mode: options.mode ?? 'start',
    rootDir,
    dataDir: resolve(options.dataDir ?? join(rootDir, '.data')),
    output,
    signal: options.signal,
    readyTimeoutMs: options.readyTimeoutMs ?? 90_000,
    lookup: (name) => {
      const value = options.env?.[name] ?? process.env[name];
      return value === undefined || value.trim() === '' ? undefined : value.trim();
    },
    say: (text) => printLine(output, 'stack', text),
    warn,
    children: new ChildSupervisor(output, warn),
    metricsPorts: createMetricsPorts(),
  };
}
