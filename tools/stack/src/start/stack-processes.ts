import { StackError } from '../stack-error.js';
import type { StackProcess } from '../stack-options.js';
import type { ChildSupervisor } from './child-supervisor.js';
import type { ProcessPlan } from './plan-processes.js';

/** `mailer-3` → mailer, 3; `tickets-worker` → tickets-worker, 1 (the copy names of workerCopyName). */
export function splitCopyName(name: string): { process: string; replica: number } {
  const match = /^(.+)-(\d+)$/.exec(name);
  return match ? { process: match[1] as string, replica: Number(match[2]) } : { process: name, replica: 1 };
}

/**
 * The stack's children as a bench sees them: what each runs, which copy, its pid and (HTTP processes) its URL.
 * `urls` is keyed by child name (API replicas, the sandbox, the gateway).
 */
export function describeChildren(supervisor: ChildSupervisor, plan: ProcessPlan, urls: Readonly<Record<string, string>>): StackProcess[] {
  const listed = [...plan.apis, ...(plan.sandbox ? [plan.sandbox] : []), ...plan.workers.map(({ worker }) => worker)];
  const kindOf = new Map<string, StackProcess['kind']>(listed.map((p) => [p.name, p.kind]));
  kindOf.set('gateway', 'gateway');
  return supervisor.children.map((child) => {
    const whole = kindOf.get(child.name);
    const { process, replica } = whole === undefined ? splitCopyName(child.name) : { process: child.name, replica: 1 };
    const url = urls[child.name];
    return {
      name: child.name,
      process,
      replica,
      kind: kindOf.get(process) ?? 'dev-server',
      pid: child.pid,
      ...(url === undefined ? {} : { url }),
      exited: child.hasExited,
    };
  });
}

/** SIGKILLs the child named `name` (its whole process group) and waits for it to exit. */
export async function killChild(supervisor: ChildSupervisor, name: string): Promise<void> {
  const child = supervisor.children.find((c) => c.name === name);
  if (!child) throw new StackError(`The stack runs no process named ${name} (it runs ${supervisor.children.map((c) => c.name).join(', ')}).`);
  child.killNow();
  await child.exited;
}
