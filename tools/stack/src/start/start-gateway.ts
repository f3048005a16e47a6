import { join } from 'node:path';
import type { ChildSpec } from '../children.js';
import type { NodeRun } from './plan-processes.js';
import type { StackContext } from './stack-context.js';
import { startHttpChild } from './start-http-child.js';

export interface GatewayInput {
  run: NodeRun;
  port: number;
  /** Every child's environment, the services' URLs and (dev) the remotes' manifest URLs. */
  env: NodeJS.ProcessEnv;
}

/** The gateway, the single origin; resolves with its URL once it answers /healthz. */
export async function startGateway(ctx: StackContext, { run, port, env }: GatewayInput): Promise<string> {
  const gatewayEnv: NodeJS.ProcessEnv = { ...env, ...(await ctx.metricsPorts.envFor('gateway')), RELEASES_DIR: join(ctx.dataDir, 'releases'), REMOTES_REGISTRY_FILE: join(ctx.dataDir, 'remotes.json') };
  const spec = (p: number): ChildSpec => ({ name: 'gateway', command: process.execPath, args: run.args, cwd: ctx.rootDir, env: { ...gatewayEnv, PORT: String(p) } });
  // Not retried on another port: the services already have PUBLIC_URL (the site URL) with this one.
  const gateway = await startHttpChild(ctx, spec, port, '/healthz', false);
  await gateway.ready;
  return `http://127.0.0.1:${port}`;
}

/** Says what the gateway cannot reach yet (its /readyz), e.g. a shell that is not built. Informational only. */
export async function reportGatewayReadiness(ctx: StackContext, gatewayUrl: string): Promise<void> {
  try {
    const ready = await fetch(`${gatewayUrl}/readyz`, { signal: AbortSignal.timeout(3000) });
    if (ready.status === 200) {
      await ready.body?.cancel();
      return;
    }
    const body = (await ready.json()) as { checks?: Record<string, string> };
    const failed = Object.entries(body.checks ?? {})
      .filter(([, v]) => v !== 'ok')
      .map(([k]) => k);
    if (failed.includes('shell') && ctx.mode === 'start') ctx.warn('the shell is not built: the site answers 503 until it is (npm run build -w shell).');
    const others = failed.filter((k) => k !== 'shell');
    if (others.length > 0) ctx.warn(`the gateway cannot reach: ${others.join(', ')}`);
  } catch {
    // informational only
  }
}
