import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildOrder, planBuild, readWorkspaces } from './build.js';
import { REPO_ROOT } from './project.js';

test('the real workspaces build in dependency order: contracts, service-kit, services, remotes, shell', async () => {
  const order = buildOrder(await readWorkspaces(REPO_ROOT)).map((w) => w.rel);
  const at = (rel: string) => order.indexOf(rel);
  assert.ok(at('packages/contracts') >= 0 && at('packages/contracts') < at('packages/service-kit'));
  for (const service of ['services/content', 'services/identity', 'services/payments', 'services/mailer', 'services/gateway']) {
    assert.ok(at(service) > at('packages/service-kit'), service);
    assert.ok(at(service) < at('mf-content'), service);
  }
  for (const remote of ['mf-content', 'mf-membership', 'mf-account', 'mf-staff']) assert.ok(at(remote) < at('shell'), remote);
});

async function write(file: string, text: string): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
}

test('planBuild: missing or stale outputs are built, frontends without an rspack config are skipped', async () => {
  const root = await mkdtemp(join(tmpdir(), 'stack-build-'));
  try {
    await write(join(root, 'package.json'), JSON.stringify({ workspaces: ['packages/lib', 'services/api', 'mf-thing', 'shell'] }));
    await write(join(root, 'packages/lib/package.json'), JSON.stringify({ name: '@t/lib', exports: { '.': { source: './src/index.ts', default: './dist/index.js' } }, scripts: { build: 'tsc' } }));
    await write(join(root, 'packages/lib/src/index.ts'), 'export {};');
    await write(join(root, 'services/api/package.json'), JSON.stringify({ name: '@t/api', dependencies: { '@t/lib': '*' }, scripts: { build: 'tsc' } }));
    await write(join(root, 'services/api/src/index.ts'), 'export {};');
    await write(join(root, 'services/api/dist/index.js'), 'export {};');
    await write(join(root, 'mf-thing/package.json'), JSON.stringify({ name: 'mf-thing', scripts: { build: 'rspack build' } }));
    await write(join(root, 'shell/package.json'), JSON.stringify({ name: 'shell', scripts: { build: 'rspack build' } }));
    await write(join(root, 'shell/rspack.config.ts'), 'export default {};');
    await write(join(root, 'shell/src/index.ts'), '');

    // The service's dist is older than its sources.
    const old = new Date(Date.now() - 60_000);
    await utimes(join(root, 'services/api/dist/index.js'), old, old);

    const plan = await planBuild(root);
    assert.deepEqual(
      plan.steps.map((s) => [s.workspace.rel, s.reason]),
      [
        ['packages/lib', 'dist/index.js is missing'],
        ['services/api', 'sources changed since the last build'],
        ['shell', 'dist/index.html is missing'],
      ],
    );
    assert.deepEqual(plan.skipped.map((s) => s.why), ['mf-thing has no rspack config yet; not building it']);

    // Once built and newer than the sources, nothing is left to do.
    await write(join(root, 'packages/lib/dist/index.js'), '');
    await write(join(root, 'services/api/dist/index.js'), '');
    await write(join(root, 'shell/dist/index.html'), '');
    const later = new Date(Date.now() + 5_000);
    for (const f of ['packages/lib/dist/index.js', 'services/api/dist/index.js', 'shell/dist/index.html']) await utimes(join(root, f), later, later);
    assert.deepEqual((await planBuild(root)).steps, []);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
