import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { exportedNames, FLOOR_FEDERATION_FILE, floorImports, parseExposes, remoteExposes, SHELL_FEDERATION_PATH } from './floor-source.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('exportedNames', () => {
  test('functions, constants, classes, lists with renames and re-exports; not types; not comments', () => {
    const source = `
      import { x } from './x.js';
      export async function fetchRegistry(url = 'http://a/b'): Promise<void> {}
      export function* gen() {}
      export const a = 1, ignoredSecond = 2;
      export let b: number;
      export class C {}
      export type T = string;
      export interface I { n: number }
      export { d, e as f, type G };
      export { h } from './h.js';
      export * from './all.js';
      export * as ns from './ns.js';
      export default start;
      // export function commented() {}
      /* export const alsoCommented = 1; */
    `;
    assert.deepEqual(exportedNames(source), ['* from ./all.js', 'C', 'a', 'b', 'd', 'default', 'f', 'fetchRegistry', 'gen', 'h', 'ns']);
  });
});

describe('parseExposes', () => {
  test('reads the exposes object of a remote config', () => {
    assert.deepEqual(parseExposes(`createAppConfig({ kind: 'remote', exposes: { './routes': './src/routes.tsx', "./session": "./src/s.ts" } })`), {
      './routes': './src/routes.tsx',
      './session': './src/s.ts',
    });
    assert.throws(() => parseExposes('createAppConfig({})'), /no `exposes/);
  });
});

describe('the floor module stays in step with the shell and the remotes', () => {
  test(`floor/federation.ts exports the same names as ${SHELL_FEDERATION_PATH}`, async () => {
    const shell = exportedNames(await readFile(path.join(rootDir, SHELL_FEDERATION_PATH), 'utf8'));
    const floor = exportedNames(await readFile(FLOOR_FEDERATION_FILE, 'utf8'));
    assert.ok(shell.length > 0, `no exports found in ${SHELL_FEDERATION_PATH}`);
    assert.deepEqual(floor, shell, `bench/src/budget/floor/federation.ts must export what ${SHELL_FEDERATION_PATH} exports (the floor build swaps one for the other)`);
  });

  test("floor/federation.ts imports exactly the remotes' exposed modules", async () => {
    const exposed = (await remoteExposes(rootDir)).map((m) => m.alias).sort();
    const imported = floorImports(await readFile(FLOOR_FEDERATION_FILE, 'utf8'));
    assert.deepEqual(imported, exposed, "each remote's rspack.config.ts `exposes` entry needs an import('@tca-floor/<remote>/<expose>') in the floor module (and a declaration in floor/remotes.d.ts)");
  });
});
