import type { ChildSpec } from '../children.js';
import type { ProcessSpec } from '../processes.js';
import type { ProcessPlan } from './plan-processes.js';
import { chooseServicePort } from './reserve-ports.js';
import type { StackContext } from './stack-context.js';
import { startHttpChild } from './start-http-child.js';
import type { StartedService } from './started-service.js';
import { workerCopyName } from './start-workers.js';

/** One copy of an API: `content` (the first, on the service's own port), `content-2`, … */
export interface ApiReplica {
  api: ProcessSpec;
  /** 1, 2, … */
  index: number;
  /** The process name: the API's for the first copy, `<api>-<index>` for the others. */
  name: string;
}

/** Every replica of every API (<SERVICE>_REPLICAS copies each, plan.replicas), in the order of the list. */
export function apiReplicas(apis: ProcessSpec[], replicas: Readonly<Record<string, number>>): ApiReplica[] {
  return apis.flatMap((api) => Array.from({ length: replicas[api.name] ?? 1 }, (_, i) => ({ api, index: i + 1, name: workerCopyName(api.name, i + 1) })));
}

/**
 * Every API replica's port, chosen before any starts, so each service (and its workers) gets the others' URLs
 * (content asks identity who a token belongs to, ...). The first replica of each: its default port when free;
 * the others, and all when isolated (gateway port 0, e.g. the e2e tests): free ports. Keyed by replica name.
 */
export async function planApiPorts(apis: ProcessSpec[], isolated: boolean, replicas: Readonly<Record<string, number>> = {}): Promise<Map<string, number>> {
  const ports = new Map<string, number>();
  for (const replica of apiReplicas(apis, replicas)) {
    ports.set(replica.name, await chooseServicePort(replica.api.port ?? 0, isolated || replica.index > 1, ports.values()));
  }
  return ports;
}

/**
 * CONTENT_URL=<replica 1>,<replica 2>,… for the gateway and for every service and worker (they take a service's
 * replicas in turn), from where each replica is (`urls`, keyed by replica name).
 */
export function replicaUrlLists(apis: ProcessSpec[], replicas: Readonly<Record<string, number>>, urls: Readonly<Record<string, string>>): Record<string, string> {
  const lists: Record<string, string> = {};
  for (const api of apis) {
    const mine = apiReplicas([api], replicas).flatMap((replica) => (urls[replica.name] === undefined ? [] : [urls[replica.name] as string]));
    if (mine.length > 0) lists[`${api.name.toUpperCase()}_URL`] = mine.join(',');
  }
  return lists;
}

export interface ApisInput {
  plan: ProcessPlan;
  ports: ReadonlyMap<string, number>;
  /** The environment of one API's process (PORT is added). */
  envOf(api: ProcessSpec): NodeJS.ProcessEnv;
}

export interface ApisStart {
  starts: Array<Promise<StartedService>>;
  /** Where each API is: as planned, and updated when one had to move to another port. */
  urls: Record<string, string>;
}

/**
 * Spawns every replica of every API whose entry file exists; the gateway answers 502 for the paths of one that
 * does not. `urls` is keyed by replica name (`content`, `content-2`, …).
 */
export function startApis(ctx: StackContext, { plan, ports, envOf }: ApisInput): ApisStart {
  const urls = Object.fromEntries([...ports].map(([name, port]) => [name, `http://127.0.0.1:${port}`]));
  const starts: Array<Promise<StartedService>> = [];
  for (const { api, index, name } of apiReplicas(plan.apis, plan.replicas)) {
    const run = plan.runnable(api);
    const port = ports.get(name) ?? 0;
    if (!run) {
      if (index === 1) ctx.warn(`${plan.entryFile(api)} does not exist yet; not starting ${name} (the gateway answers 502 for its paths).`);
      continue;
    }
    starts.push(
      ctx.metricsPorts.envFor(name).then((metricsEnv) => {
        const spec = (p: number): ChildSpec => ({ name, command: process.execPath, args: run.args, cwd: ctx.rootDir, env: { ...envOf(api), ...metricsEnv, PORT: String(p) } });
        return startHttpChild(ctx, spec, port, '/readyz', true);
      }).then((result): StartedService => {
        const url = `http://127.0.0.1:${result.port}`;
        urls[name] = url;
        if (result.port !== port && index === 1) {
          const others = plan.apis.filter((a) => a.name !== name).map((a) => a.name);
          if (others.length > 0) ctx.warn(`${others.join(', ')} still call ${name} on port ${port} (${name.toUpperCase()}_URL); restart to fix.`);
        }
        return { name, url, healthUrl: `${url}/readyz`, ready: result.ready };
      }),
    );
  }
  return { starts, urls };
}
