import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, type RemoteName } from '@tca/contracts';

/**
 * What the floor build needs to know from the sources, read as text: the names a module exports and
 * the modules each remote exposes. Kept to text so the drift test runs without building anything.
 */

/** bench/src/budget/floor/federation.ts: the floor's stand-in for the shell's federation module. */
export const FLOOR_FEDERATION_FILE = fileURLToPath(new URL('./floor/federation.ts', import.meta.url));
/** The shell module the floor build replaces. */
export const SHELL_FEDERATION_PATH = 'shell/src/remotes/federation.ts';
/** How the floor module imports a remote's exposed module: `@tca-floor/<remote>/<expose>`. */
export const FLOOR_ALIAS_PREFIX = '@tca-floor/';

function stripComments(source: string): string {
  // Block comments, then line comments not preceded by ':' (keeps "http://..." in strings).
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/**
 * The value names a TypeScript module exports (types are erased by the build, so they are left out):
 * `export [async] function f`, `export const|let|var|class|enum x`, `export { a, b as c } [from '…']`,
 * `export default` as "default", and `export * from 'm'` as "* from m".
 */
export function exportedNames(source: string): string[] {
  const text = stripComments(source);
  const names = new Set<string>();
  for (const m of text.matchAll(/^\s*export\s+(?:declare\s+)?(?:async\s+)?(?:function\s*\*?|const|let|var|class|abstract\s+class|enum)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1] as string);
  if (/^\s*export\s+default\b/m.test(text)) names.add('default');
  for (const m of text.matchAll(/^\s*export\s*\{([^}]*)\}/gm)) {
    for (const part of (m[1] as string).split(',')) {
      const item = part.trim();
      if (item === '' || /^type\s/.test(item)) continue;
      const alias = /\bas\s+([A-Za-z_$][\w$]*)$/.exec(item);
      names.add(alias ? (alias[1] as string) : (item.split(/\s+/)[0] as string));
    }
  }
  for (const m of text.matchAll(/^\s*export\s*\*\s*(?:as\s+([A-Za-z_$][\w$]*)\s+)?from\s*['"]([^'"]+)['"]/gm)) names.add(m[1] ?? `* from ${m[2]}`);
  return [...names].sort();
}

/** A remote's `exposes` as written in its rspack.config.ts: { './routes': './src/app/routes.tsx' }. */
export function parseExposes(configSource: string): Record<string, string> {
  const block = /exposes\s*:\s*\{([^}]*)\}/.exec(stripComments(configSource));
  if (!block) throw new Error('no `exposes: { ... }` object found');
  const exposes: Record<string, string> = {};
  for (const m of (block[1] as string).matchAll(/['"]([^'"]+)['"]\s*:\s*['"]([^'"]+)['"]/g)) exposes[m[1] as string] = m[2] as string;
  if (Object.keys(exposes).length === 0) throw new Error('`exposes` lists no module');
  return exposes;
}

export interface ExposedModule {
  remote: RemoteName;
  /** The alias the floor module imports, e.g. "@tca-floor/content/routes". */
  alias: string;
  /** The module's file, absolute. */
  file: string;
}

/** Every module the remotes expose, from mf-<remote>/rspack.config.ts. */
export async function remoteExposes(rootDir: string): Promise<ExposedModule[]> {
  const modules: ExposedModule[] = [];
  for (const remote of REMOTE_NAMES) {
    const dir = path.join(rootDir, `mf-${remote}`);
    const configFile = path.join(dir, 'rspack.config.ts');
    let exposes: Record<string, string>;
    try {
      exposes = parseExposes(await readFile(configFile, 'utf8'));
    } catch (err) {
      throw new Error(`${path.relative(rootDir, configFile)}: ${(err as Error).message}`, { cause: err });
    }
    for (const [key, file] of Object.entries(exposes)) {
      modules.push({ remote, alias: `${FLOOR_ALIAS_PREFIX}${remote}/${key.replace(/^\.\//, '')}`, file: path.resolve(dir, file) });
    }
  }
  return modules;
}

/** The `@tca-floor/…` modules a source imports (statically or with import()). */
export function floorImports(source: string): string[] {
  const found = new Set<string>();
  const prefix = FLOOR_ALIAS_PREFIX.replace(/[/]/g, '\\/');
  for (const m of stripComments(source).matchAll(new RegExp(`(?:from|import)\\s*\\(?\\s*['"](${prefix}[^'"]+)['"]`, 'g'))) found.add(m[1] as string);
  return [...found].sort();
}
