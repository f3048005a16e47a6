import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack, type Configuration, type Stats } from '@rspack/core';
import { FLOOR_FEDERATION_FILE, remoteExposes, SHELL_FEDERATION_PATH } from './floor-source.js';

/**
 * The FLOOR: the same apps from the same sources built as one application without Module Federation.
 * The shell's own Rspack config (shell/rspack.config.ts, i.e. createAppConfig of @tca/rspack-preset)
 * in production mode, with its ModuleFederationPlugin dropped and shell/src/remotes/federation.ts
 * replaced by floor/federation.ts, which imports each remote's exposed modules directly.
 */

type ConfigFactory = (env: unknown, argv: { mode?: 'development' | 'production' | 'none' }) => Configuration;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function floorConfig(rootDir: string, outDir: string): Promise<Configuration> {
  const shellConfig = path.join(rootDir, 'shell/rspack.config.ts');
  const factory = ((await import(pathToFileURL(shellConfig).href)) as { default: ConfigFactory }).default;
  const config = factory({}, { mode: 'production' });
  const plugins = config.plugins ?? [];
  // By name: the instance comes from the preset's copy of @module-federation/enhanced.
  const isFederation = (plugin: unknown) => (plugin as { constructor?: { name?: string } } | null)?.constructor?.name === 'ModuleFederationPlugin';
  const federation = plugins.filter(isFederation);
  if (federation.length !== 1) throw new Error(`shell/rspack.config.ts has ${federation.length} ModuleFederationPlugin instances; the floor build expects exactly one to drop.`);
  const federationFile = path.join(rootDir, SHELL_FEDERATION_PATH);
  const aliases = Object.fromEntries((await remoteExposes(rootDir)).map((m) => [m.alias, m.file]));
  return {
    ...config,
    output: { ...config.output, path: outDir, clean: true },
    resolve: { ...config.resolve, alias: { ...(config.resolve?.alias as Record<string, string> | undefined), ...aliases } },
    plugins: [
      ...plugins.filter((plugin) => !isFederation(plugin)),
      new rspack.NormalModuleReplacementPlugin(new RegExp(`^${escape(federationFile)}$`), FLOOR_FEDERATION_FILE),
    ],
  };
}

/** Builds the floor into `outDir`; throws with Rspack's errors. */
export async function buildFloor(rootDir: string, outDir: string): Promise<void> {
  const compiler = rspack(await floorConfig(rootDir, outDir));
  const stats = await new Promise<Stats | undefined>((resolve, reject) => compiler.run((err, result) => (err ? reject(err) : resolve(result))));
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (!stats) throw new Error('The floor build gave no result.');
  if (stats.hasErrors()) {
    const errors = stats.toJson({ all: false, errors: true }).errors ?? [];
    throw new Error(`The floor build failed:\n${errors.slice(0, 5).map((e) => e.message).join('\n')}`);
  }
  // The replacement must have happened, or the "floor" would still be the federated shell.
  if (!stats.compilation.fileDependencies.has(FLOOR_FEDERATION_FILE)) throw new Error(`The floor build did not use ${FLOOR_FEDERATION_FILE} (was ${SHELL_FEDERATION_PATH} moved?).`);
}
