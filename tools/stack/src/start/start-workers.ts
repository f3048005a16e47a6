import type { ManagedChild } from '../children.js';
import type { ProcessSpec } from '../processes.js';
import type { ProcessPlan } from './plan-processes.js';
import type { StackContext } from './stack-context.js';
import { waitAlive } from './wait-for-ready.js';

/** How long a worker must keep running to count as started (workers have no HTTP endpoint to ask). */
const WORKER_SETTLE_MS = 1500;

/** `mailer`, `mailer-2`, … */
export function workerCopyName(worker: string, copy: number): string {
  return copy === 1 ? worker : `${worker}-${copy}`;
}

/**
 * The mailer and each service's declared workers, <NAME>_WORKERS copies each. Each gets its
 * service's environment (`envOf`); fails if one exits right away.
 */
export async function startWorkers(ctx: StackContext, plan: ProcessPlan, envOf: (worker: ProcessSpec) => NodeJS.ProcessEnv): Promise<void> {
  const children: ManagedChild[] = [];
  for (const { worker, count } of plan.workers) {
    if (count === 0) continue;
    const run = plan.runnable(worker);
    if (!run) {
      ctx.warn(`${plan.entryFile(worker)} does not exist; not starting ${worker.name}${worker.name === 'mailer' ? ' (e-mails stay queued until a mailer runs)' : ''}.`);
      continue;
    }
    for (let copy = 1; copy <= count; copy += 1) {
      const name = workerCopyName(worker.name, copy);
      const env = { ...envOf(worker), ...(await ctx.metricsPorts.envFor(name)) };
      children.push(ctx.children.spawn({ name, command: process.execPath, args: run.args, cwd: ctx.rootDir, env }));
    }
  }
  await Promise.all(children.map((child) => waitAlive(child, WORKER_SETTLE_MS)));
}
