import type { ChildSpec } from '../children.js';
import type { ProcessSpec } from '../processes.js';
import type { ProcessPlan } from './plan-processes.js';
import { chooseServicePort } from './reserve-ports.js';
import type { StackContext } from './stack-context.js';
import { startHttpChild } from './start-http-child.js';
import type { StartedService } from './started-service.js';

/**
 * Every API's port, chosen before any starts, so each service (and its workers) gets the others' URLs
 * (content asks identity who a token belongs to, ...). Default ports when free; isolated (gateway port
 * 0, e.g. the e2e tests): free ports throughout.
 */
export async function planApiPorts(apis: ProcessSpec[], isolated: boolean): Promise<Map<string, number>> {
  const ports = new Map<string, number>();
  for (const api of apis) ports.set(api.name, await chooseServicePort(api.port ?? 0, isolated, ports.values()));
  return ports;
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

/** Spawns every API whose entry file exists; the gateway answers 502 for the paths of one that does not. */
export function startApis(ctx: StackContext, { plan, ports, envOf }: ApisInput): ApisStart {
  const urls = Object.fromEntries([...ports].map(([name, port]) => [name, `http://127.0.0.1:${port}`]));
  const starts: Array<Promise<StartedService>> = [];
  for (const api of plan.apis) {
    const { name } = api;
    const run = plan.runnable(api);
    const port = ports.get(name) ?? 0;
    if (!run) {
      ctx.warn(`${plan.entryFile(api)} does not exist yet; not starting ${name} (the gateway answers 502 for its paths).`);
      continue;
    }
    const spec = (p: number): ChildSpec => ({ name, command: process.execPath, args: run.args, cwd: ctx.rootDir, env: { ...envOf(api), PORT: String(p) } });
    starts.push(
      startHttpChild(ctx, spec, port, '/readyz', true).then((result): StartedService => {
        const url = `http://127.0.0.1:${result.port}`;
        urls[name] = url;
        if (result.port !== port) {
          const others = plan.apis.filter((a) => a.name !== name).map((a) => a.name);
          if (others.length > 0) ctx.warn(`${others.join(', ')} still call ${name} on port ${port} (${name.toUpperCase()}_URL); restart to fix.`);
        }
        return { name, url, healthUrl: `${url}/readyz`, ready: result.ready };
      }),
    );
  }
  return { starts, urls };
}
