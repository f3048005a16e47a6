import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseRemoteRegistry, REMOTE_NAMES, type RemoteName, type RemoteRegistry } from '@tca/contracts';
import type { Logger } from '@tca/service-kit';
import { loaderSettings, manifestLocation, manifestOverrides, type GatewayConfig } from './config.js';

/**
 * The registry file (REMOTES_REGISTRY_FILE, written by `npm run publish:remote`): any subset of the
 * remotes, each pointing at a manifest, and optional loader settings. Unknown remote names make the
 * file invalid, so a typo is reported instead of silently ignored.
 */
export const registryFileSchema = z.object({
  remotes: z
    .object({
      content: manifestLocation.optional(),
      membership: manifestLocation.optional(),
      account: manifestLocation.optional(),
      staff: manifestLocation.optional(),
    })
    .strict()
    .default({}),
  loader: z
    .object({
      timeoutMs: z.number().int().positive().optional(),
      retries: z.number().int().min(0).max(5).optional(),
      backoffMs: z.number().int().min(0).optional(),
    })
    .strict()
    .optional(),
});
export type RegistryFile = z.infer<typeof registryFileSchema>;

/** The manifest every remote has when nothing else is configured: its own dist, served by the gateway. */
export function defaultManifestPath(remote: RemoteName): string {
  return `/remotes/${remote}/mf-manifest.json`;
}

export type RegistryFileResult = { status: 'missing' } | { status: 'ok'; file: RegistryFile } | { status: 'invalid'; problem: string };

/** Reads the registry file. A missing file is normal; an unreadable or invalid one is reported, not thrown. */
export async function readRegistryFile(path: string): Promise<RegistryFileResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
    return { status: 'invalid', problem: `cannot read it: ${(err as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { status: 'invalid', problem: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = registryFileSchema.safeParse(json);
  if (!parsed.success) {
    return { status: 'invalid', problem: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ') };
  }
  return { status: 'ok', file: parsed.data };
}

/** Per remote, first match wins: the registry file, the env override, then the remote's own dist. */
export function buildRegistry(config: Parameters<typeof manifestOverrides>[0] & Parameters<typeof loaderSettings>[0], file: RegistryFile | undefined): RemoteRegistry {
  const overrides = manifestOverrides(config);
  const remotes = {} as Record<RemoteName, string>;
  for (const remote of REMOTE_NAMES) {
    remotes[remote] = file?.remotes[remote] ?? overrides[remote] ?? defaultManifestPath(remote);
  }
  const loader = { ...loaderSettings(config), ...file?.loader };
  return parseRemoteRegistry({ remotes, loader });
}

/**
 * Reads the file on every call (a publish takes effect on the next page load), logging an invalid file
 * once per distinct problem rather than on every request.
 */
export function createRegistrySource(config: GatewayConfig, logger: Logger): () => Promise<RemoteRegistry> {
  let lastProblem: string | undefined;
  return async () => {
    const result = await readRegistryFile(config.REMOTES_REGISTRY_FILE);
    if (result.status === 'invalid') {
      if (result.problem !== lastProblem) {
        logger.warn({ file: config.REMOTES_REGISTRY_FILE, problem: result.problem }, 'remote registry file is invalid; ignoring it');
        lastProblem = result.problem;
      }
      return buildRegistry(config, undefined);
    }
    lastProblem = undefined;
    return buildRegistry(config, result.status === 'ok' ? result.file : undefined);
  };
}

/** Origins of the absolute manifest URLs: where the shell may load remote code from, besides 'self'. */
export function remoteOrigins(registry: RemoteRegistry): string[] {
  const origins = new Set<string>();
  for (const location of Object.values(registry.remotes)) {
    if (/^https?:\/\//i.test(location)) origins.add(new URL(location).origin);
  }
  return [...origins].sort();
}
