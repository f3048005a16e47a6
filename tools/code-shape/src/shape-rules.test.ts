import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The rules `npm test` runs over the real tree (`npm run check:deps`, `npm run check:copies`) are only worth
 * something if they fail on the mistakes they name. Each case builds a small tree in a temporary folder,
 * runs the repository's own configuration over it with the real tools, and reads their answer.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const depcruiseBin = path.join(rootDir, 'node_modules/.bin/depcruise');
const jscpdBin = path.join(rootDir, 'node_modules/.bin/jscpd');
const made: string[] = [];

after(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function makeTree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tca-code-shape-'));
  made.push(dir);
  const all: Record<string, string> = {
    // The configuration resolves imports through the web tsconfig, as in the repository.
    'tsconfig.web.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true } }),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  // Packages (express) resolve as they do in the repository.
  await symlink(path.join(rootDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

interface Violation {
  rule: string;
  from: string;
  to: string;
}

function cruise(dir: string, paths: string[]): Violation[] {
  const run = spawnSync(depcruiseBin, ['--config', path.join(rootDir, '.dependency-cruiser.cjs'), '--output-type', 'json', ...paths], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ok(run.stdout, `depcruise printed nothing: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

const rulesOf = (violations: Violation[]) => [...new Set(violations.map((v) => v.rule))].sort();

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  test('a tree in the agreed shape passes', async () => {
    const dir = await makeTree({
      'mf-demo/src/app/routes.tsx': "import { LevelList } from '../features/levels/components/level-list.js';\nexport const routes = [LevelList];\n",
      'mf-demo/src/features/levels/components/level-list.tsx': "import { getLevels } from '../api/get-levels.js';\nimport { money } from '../../../shared/money.js';\nexport const LevelList = () => money(getLevels());\n",
      'mf-demo/src/features/levels/api/get-levels.ts': 'export const getLevels = () => 1;\n',
      'mf-demo/src/shared/money.ts': 'export const money = (n: number) => `$${n}`;\n',
      'services/demo/src/server.ts': "import { routes } from './entry-points/api/routes.js';\nexport const start = () => routes;\n",
      'services/demo/src/entry-points/api/routes.ts': "import type { Request } from 'express';\nimport { renew } from '../../domain/renew.js';\nexport const routes = (req: Request) => renew(req.path);\n",
      'services/demo/src/domain/renew.ts': "import { findMember } from '../data-access/member-repository.js';\nexport const renew = (id: string) => findMember(id);\n",
      'services/demo/src/data-access/member-repository.ts': "export const findMember = (id: string) => ({ id });\n",
      'services/demo/src/entry-points/api/routes.test.ts': "import { start } from '../../server.js';\nstart();\n",
    });
    assert.deepEqual(cruise(dir, ['mf-demo', 'services']), []);
  });

  test('a feature importing another feature fails, and so does shared code importing a feature', async () => {
    const dir = await makeTree({
      'mf-demo/src/features/team/components/team-card.tsx': "import { postDate } from '../../blog/post-date.js';\nexport const TeamCard = () => postDate();\n",
      'mf-demo/src/features/blog/post-date.ts': "import { TeamCard } from '../../shared/card.js';\nexport const postDate = () => String(TeamCard);\n",
      'mf-demo/src/shared/card.ts': "import { postDate } from '../features/blog/post-date.js';\nexport const TeamCard = postDate;\n",
    });
    const violations = cruise(dir, ['mf-demo']);
    assert.ok(
      violations.some((v) => v.rule === 'no-cross-feature-import' && v.from.endsWith('features/team/components/team-card.tsx') && v.to.endsWith('features/blog/post-date.ts')),
      JSON.stringify(violations),
    );
    assert.ok(violations.some((v) => v.rule === 'shared-stays-below-features' && v.from.endsWith('shared/card.ts')), JSON.stringify(violations));
    // blog → shared → blog is also a circle.
    assert.ok(violations.some((v) => v.rule === 'no-circular'), JSON.stringify(violations));
  });

  test('a route file importing the deps type from server.ts (the old circles) fails twice', async () => {
    const dir = await makeTree({
      'services/demo/src/server.ts': "import { routes } from './entry-points/api/routes.js';\nexport type Deps = { name: string };\nexport const start = () => routes;\n",
      'services/demo/src/entry-points/api/routes.ts': "import type { Deps } from '../../server.js';\nexport const routes = (deps: Deps) => deps.name;\n",
    });
    assert.deepEqual(rulesOf(cruise(dir, ['services'])), ['no-circular', 'no-launcher-imports']);
  });

  test('the domain reaching up into routes, or taking Express requests, fails', async () => {
    const dir = await makeTree({
      'services/demo/src/entry-points/api/limits.ts': 'export const LIMIT = 3;\n',
      'services/demo/src/domain/renew.ts': "import type { Request } from 'express';\nimport { LIMIT } from '../entry-points/api/limits.js';\nexport const renew = (req: Request) => req.path.length < LIMIT;\n",
    });
    assert.deepEqual(rulesOf(cruise(dir, ['services'])), ['domain-below-entry-points', 'domain-without-express']);
  });

  test('a remote importing Lingui itself fails; the shared @tca/ui/i18n may, and so may tests', async () => {
    const dir = await makeTree({
      'mf-demo/src/features/x/texts.ts': "import { i18n } from '@lingui/core';\nexport const hello = () => i18n._('hello');\n",
      'mf-demo/src/features/x/texts.test.ts': "import { setupI18n } from '@lingui/core';\nexport const fresh = setupI18n();\n",
      'packages/ui/src/i18n/catalog.ts': "import type { I18n } from '@lingui/core';\nexport const load = (): Promise<I18n> => import('@lingui/core').then((m) => m.i18n);\n",
    });
    const violations = cruise(dir, ['mf-demo', 'packages']);
    assert.deepEqual(violations.map((v) => [v.rule, v.from]), [['lingui-through-ui-i18n', 'mf-demo/src/features/x/texts.ts']]);
  });

  test('a module named util, utils or helpers fails', async () => {
    const dir = await makeTree({
      'packages/demo/src/index.ts': "import { a } from './util.js';\nimport { b } from './helpers/b.js';\nexport const c = a + b;\n",
      'packages/demo/src/util.ts': 'export const a = 1;\n',
      'packages/demo/src/helpers/b.ts': 'export const b = 2;\n',
    });
    const violations = cruise(dir, ['packages']);
    assert.deepEqual(violations.map((v) => [v.rule, path.basename(v.to)]).sort(), [
      ['no-grab-bag-modules', 'b.ts'],
      ['no-grab-bag-modules', 'util.ts'],
    ]);
  });
});

describe('copy detector (.jscpd.json)', () => {
  const copied = [
    'export function describeLevel(name: string, price: number, term: string): string {',
    '  const rounded = Math.round(price * 100) / 100;',
    '  const label = term === "life-time" ? "for life" : "a year";',
    '  const words = [name.trim(), "costs", `$${rounded.toFixed(2)}`, label];',
    '  if (rounded <= 0) throw new Error(`The level ${name} has no price`);',
    '  return words.filter((word) => word.length > 0).join(" ");',
    '}',
    '',
  ].join('\n');

  test('finds code copied between a source file and a test file, and fails over its threshold', async () => {
    const dir = await makeTree({
      '.gitignore': 'node_modules\n',
      'mf-demo/src/features/levels/describe-level.ts': copied,
      'mf-demo/src/features/levels/describe-level.test.ts': `${copied}\nconsole.log(describeLevel('Family', 60, 'annual'));\n`,
    });
    const out = path.join(dir, 'report');
    const run = spawnSync(jscpdBin, ['--config', path.join(rootDir, '.jscpd.json'), '--reporters', 'json', '--output', out, '.'], { cwd: dir, encoding: 'utf8' });
    const report = JSON.parse(await readFile(path.join(out, 'jscpd-report.json'), 'utf8')) as {
      duplicates: { firstFile: { name: string }; secondFile: { name: string } }[];
    };
    assert.equal(report.duplicates.length, 1, run.stdout);
    const files = [report.duplicates[0]?.firstFile.name, report.duplicates[0]?.secondFile.name].map((name) => path.basename(name ?? '')).sort();
    assert.deepEqual(files, ['describe-level.test.ts', 'describe-level.ts']);
    assert.notEqual(run.status, 0, 'two files that are mostly one copy are far over the threshold');
  });

  test('passes a tree without copies', async () => {
    const dir = await makeTree({
      '.gitignore': 'node_modules\n',
      'mf-demo/src/features/levels/describe-level.ts': copied,
      'mf-demo/src/features/levels/describe-level.test.ts': "import { describeLevel } from './describe-level.js';\nconsole.log(describeLevel('Family', 60, 'annual'));\n",
    });
    const run = spawnSync(jscpdBin, ['--config', path.join(rootDir, '.jscpd.json'), '.'], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });
});
