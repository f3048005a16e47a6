import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readWorkspaces } from '../build.js';
import type { ManagedChild } from '../children.js';
import { DEV_PORTS, REMOTES } from '../project.js';
import type { StackContext } from './stack-context.js';
import { waitForHttp } from './wait-for-ready.js';

export interface DevServers {
  servers: Array<{ child: ManagedChild; url: string }>;
  /** REMOTE_<NAME>_MANIFEST_URL per remote: the gateway's registry points at the dev servers. */
  manifestEnv: Record<string, string>;
  healthUrls: Record<string, string>;
}

/** npm start runs no dev server. */
export const NO_DEV_SERVERS: DevServers = Object.freeze({ servers: [], manifestEnv: {}, healthUrls: {} });

/** First compiles take a while: the default wait for a dev server when readyTimeoutMs is not given. */
export const DEV_SERVER_TIMEOUT_MS = 120_000;

/** npm run dev: the shell and each remote on its Rspack dev server (fixed ports, hot reload). */
export async function startDevServers(ctx: StackContext, baseEnv: NodeJS.ProcessEnv): Promise<DevServers> {
  const result: DevServers = { servers: [], manifestEnv: {}, healthUrls: {} };
  const workspaces = await readWorkspaces(ctx.rootDir);
  const apps = [{ app: 'shell', dir: 'shell', port: DEV_PORTS.shell }, ...REMOTES.map((r) => ({ app: r, dir: `mf-${r}`, port: DEV_PORTS[r] }))];
  for (const { app, dir, port } of apps) {
    const ws = workspaces.find((w) => w.rel === dir);
    const hasConfig = ['rspack.config.ts', 'rspack.config.js', 'rspack.config.mjs'].some((f) => existsSync(join(ctx.rootDir, dir, f)));
    if (!ws || !hasConfig) {
      ctx.warn(`${dir} has no rspack config yet; not starting its dev server.`);
      continue;
    }
    if (app !== 'shell') result.manifestEnv[`REMOTE_${app.toUpperCase()}_MANIFEST_URL`] = `http://localhost:${port}/mf-manifest.json`;
    const devEnv: NodeJS.ProcessEnv = { ...baseEnv, PORT: String(port) };
    delete devEnv.HOST;
    const child = ctx.children.spawn({ name: dir, command: 'npm', args: ['run', 'dev', '-w', ws.name], cwd: ctx.rootDir, env: devEnv });
    const url = app === 'shell' ? `http://localhost:${port}/` : `http://localhost:${port}/mf-manifest.json`;
    result.servers.push({ child, url });
    result.healthUrls[dir] = url;
  }
  return result;
}

/** Waits for each dev server's first compile; one that fails is a warning (the rest of the site works). */
export async function waitForDevServers(ctx: StackContext, { servers }: DevServers, timeoutMs: number): Promise<void> {
  if (servers.length === 0) return;
  ctx.say('waiting for the dev servers (first compile)...');
  const results = await Promise.allSettled(servers.map(({ child, url }) => waitForHttp(child, url, { timeoutMs, signal: ctx.signal, accept: (s) => s < 500 })));
  for (const r of results) if (r.status === 'rejected') ctx.warn((r.reason as Error).message);
}
