import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readProcesses, type ProcessSpec } from '../processes.js';
import { StackError } from '../stack-error.js';
import type { StackMode } from '../stack-options.js';
import type { StackContext } from './stack-context.js';

/** How to run one process with node: built code (start) or its sources in watch mode (dev). */
export interface NodeRun {
  /** The entry file, e.g. services/content/dist/index.js. */
  file: string;
  /** node's arguments. */
  args: string[];
}

export function nodeRun(mode: StackMode, rootDir: string, process: ProcessSpec): NodeRun {
  const serviceDir = join(rootDir, 'services', process.service);
  if (mode === 'dev') {
    const file = join(serviceDir, 'src', `${process.entry}.ts`);
    return { file, args: ['--conditions=source', '--import', 'tsx', '--watch', file] };
  }
  const file = join(serviceDir, 'dist', `${process.entry}.js`);
  return { file, args: [file] };
}

/** What this run starts, from the one process list (processes.ts, also behind docker-compose.yml). */
export interface ProcessPlan {
  apis: ProcessSpec[];
  sandbox: ProcessSpec | undefined;
  gateway: NodeRun;
  /** Each worker with its copy count (<NAME>_WORKERS, default 1). */
  workers: Array<{ worker: ProcessSpec; count: number }>;
  /** Per API, how many replicas run (<SERVICE>_REPLICAS, default 1); the gateway takes them in turn. */
  replicas: Record<string, number>;
  /** How to run a process, or undefined when its entry file does not exist. */
  runnable(process: ProcessSpec | undefined): NodeRun | undefined;
  /** Its entry file relative to the root, for messages. */
  entryFile(process: ProcessSpec): string;
}

/** `text` as a worker count; throws a readable error naming `variable` otherwise. */
export function parseWorkerCount(variable: string, text: string): number {
  const count = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(count)) throw new StackError(`${variable} must be a whole number (got ${text}).`);
  return count;
}

/** `content` → CONTENT_REPLICAS: how many copies of an API npm start runs. */
export function replicaCountVariable(api: string): string {
  return `${api.replace(/-/g, '_').toUpperCase()}_REPLICAS`;
}

/** Each API's replica count from <SERVICE>_REPLICAS (default 1, at least 1). */
export function planReplicas(apis: ProcessSpec[], lookup: (name: string) => string | undefined): Record<string, number> {
  const replicas: Record<string, number> = {};
  for (const api of apis) {
    const variable = replicaCountVariable(api.name);
    const text = lookup(variable) ?? '1';
    const count = parseWorkerCount(variable, text);
    if (count < 1) throw new StackError(`${variable} must be at least 1 (got ${text}).`);
    replicas[api.name] = count;
  }
  return replicas;
}

export async function planProcesses(ctx: StackContext): Promise<ProcessPlan> {
  const { mode, rootDir } = ctx;
  const { processes, unknown } = await readProcesses(rootDir);
  for (const name of unknown) ctx.warn(`services/${name} is not started by the stack (add it to tools/stack/src/processes.ts, or declare its workers).`);
  const runnable = (p: ProcessSpec | undefined): NodeRun | undefined => {
    if (!p) return undefined;
    const run = nodeRun(mode, rootDir, p);
    return existsSync(run.file) ? run : undefined;
  };
  const gateway = runnable(processes.find((p) => p.kind === 'gateway'));
  if (!gateway) throw new StackError(`services/gateway has no ${mode === 'dev' ? 'src/index.ts' : 'dist/index.js'}; nothing can serve the site.`);
  const workers = processes
    .filter((p) => p.kind === 'worker')
    .map((worker) => {
      const variable = worker.countVariable ?? '';
      return { worker, count: parseWorkerCount(variable, ctx.lookup(variable) ?? '1') };
    });
  const apis = processes.filter((p) => p.kind === 'api');
  return {
    apis,
    replicas: planReplicas(apis, ctx.lookup),
    sandbox: processes.find((p) => p.kind === 'sandbox'),
    gateway,
    workers,
    runnable,
    entryFile: (p) => `services/${p.service}/${mode === 'dev' ? `src/${p.entry}.ts` : `dist/${p.entry}.js`}`,
  };
}
