import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { defaultVersion, publishRemote, updateRegistryFile } from './publish.js';
import { REPO_ROOT } from './project.js';
import { StackError } from './stack-error.js';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'stack-publish-'));
}

test('updateRegistryFile creates the file, keeps other entries and loader settings, and can remove an entry', async () => {
  const dir = await tempDir();
  const file = join(dir, 'nested/remotes.json');
  try {
    await updateRegistryFile(file, 'content', '/releases/content/v1/mf-manifest.json');
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { remotes: { content: '/releases/content/v1/mf-manifest.json' } });

    await writeFile(file, JSON.stringify({ remotes: { content: '/releases/content/v1/mf-manifest.json', account: 'https://cdn.example.org/a/mf-manifest.json' }, loader: { timeoutMs: 5000 } }));
    await updateRegistryFile(file, 'membership', '/releases/membership/v7/mf-manifest.json');
    await updateRegistryFile(file, 'content', '/releases/content/v2/mf-manifest.json');
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), {
      remotes: {
        content: '/releases/content/v2/mf-manifest.json',
        account: 'https://cdn.example.org/a/mf-manifest.json',
        membership: '/releases/membership/v7/mf-manifest.json',
      },
      loader: { timeoutMs: 5000 },
    });

    await updateRegistryFile(file, 'account', undefined);
    assert.equal(JSON.parse(await readFile(file, 'utf8')).remotes.account, undefined);
    assert.deepEqual(await readdir(join(dir, 'nested')), ['remotes.json'], 'no temporary or lock files are left');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('concurrent updates are serialised: none is lost, and readers only ever see whole files', async () => {
  const dir = await tempDir();
  const file = join(dir, 'remotes.json');
  try {
    await writeFile(file, JSON.stringify({ remotes: {} }));
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        const text = await readFile(file, 'utf8');
        JSON.parse(text); // throws if a reader ever sees a partial file
        reads += 1;
      }
    })();
    const remotes = ['content', 'membership', 'account'] as const;
    await Promise.all(Array.from({ length: 30 }, (_, i) => updateRegistryFile(file, remotes[i % 3] ?? 'content', `/releases/${remotes[i % 3]}/v${i}/mf-manifest.json`)));
    reading = false;
    await reader;
    assert.ok(reads > 0);
    const final = JSON.parse(await readFile(file, 'utf8')) as { remotes: Record<string, string> };
    assert.deepEqual(Object.keys(final.remotes).sort(), ['account', 'content', 'membership']);
    assert.deepEqual(await readdir(dir), ['remotes.json']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an existing file that is not valid JSON is left alone', async () => {
  const dir = await tempDir();
  const file = join(dir, 'remotes.json');
  try {
    await writeFile(file, '{ broken');
    await assert.rejects(updateRegistryFile(file, 'content', '/x/mf-manifest.json'), (err: Error) => err instanceof StackError && /not valid JSON/.test(err.message));
    assert.equal(await readFile(file, 'utf8'), '{ broken');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('defaultVersion is a UTC timestamp plus the short git sha, safe in paths and URLs', () => {
  const version = defaultVersion(REPO_ROOT, new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)));
  assert.match(version, /^20260102T030405Z(-[0-9a-f]{7,})?$/);
});

test('publishRemote builds into releases/<remote>/<version> and points the registry there', async () => {
  // The project must sit inside the repository so that npx finds the repository's rspack.
  const work = join(REPO_ROOT, '.data', 'test-tmp', `publish-${process.pid}-${Date.now()}`);
  const project = join(work, 'mf-fake');
  await mkdir(project, { recursive: true });
  await writeFile(join(project, 'index.js'), 'console.log("remote");\n');
  await writeFile(
    join(project, 'rspack.config.ts'),
    `import type { Compiler } from '@rspack/core';
export default {
  mode: 'production' as const,
  entry: { remoteEntry: './index.js' },
  output: { path: process.env.MF_OUTPUT_PATH, filename: '[name].js' },
  plugins: [{
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('fake-manifest', (compilation) => {
        compilation.hooks.processAssets.tap('fake-manifest', () => {
          compilation.emitAsset('mf-manifest.json', new compiler.webpack.sources.RawSource('{"id":"fake"}'));
        });
      });
    },
  }],
};
`,
  );
  const releasesDir = join(work, 'releases');
  const registryFile = join(work, 'remotes.json');
  try {
    await writeFile(registryFile, JSON.stringify({ remotes: { account: '/releases/account/old/mf-manifest.json' } }));
    const result = await publishRemote({ remote: 'membership', repoDir: REPO_ROOT, releasesDir, registryFile, version: 'v-test.1', projectDir: project, onOutput: () => undefined });
    assert.equal(result.manifestUrl, '/releases/membership/v-test.1/mf-manifest.json');
    assert.ok(existsSync(join(releasesDir, 'membership/v-test.1/mf-manifest.json')));
    assert.ok(existsSync(join(releasesDir, 'membership/v-test.1/remoteEntry.js')));
    assert.deepEqual(JSON.parse(await readFile(registryFile, 'utf8')).remotes, {
      account: '/releases/account/old/mf-manifest.json',
      membership: '/releases/membership/v-test.1/mf-manifest.json',
    });
    // Releases are immutable.
    await assert.rejects(publishRemote({ remote: 'membership', repoDir: REPO_ROOT, releasesDir, registryFile, version: 'v-test.1', projectDir: project }), /already exists/);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
