import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { rspack, type Stats } from '@rspack/core';
import { CHUNK_LOAD_TIMEOUT_MS, createAppConfig, devProxied, sharedSingletons } from './index.js';

test('React and the design system with its router, session and languages are shared singletons; the shell bundles the first-load ones eagerly', () => {
  const remote = sharedSingletons('remote');
  const host = sharedSingletons('host');
  for (const key of ['react', 'react/', 'react-dom', 'react-dom/', '@tca/ui', '@tca/ui/router', '@tca/ui/session', '@tca/ui/i18n', '@tca/ui/api', '@tca/ui/session-end', '@tca/ui/forms', '@tca/ui/modal', '@tca/ui/server-errors']) {
    assert.equal(remote[key]?.singleton, true, key);
    assert.match(remote[key]?.requiredVersion ?? '', /^\^\d+\.\d+\.\d+/, key);
    assert.equal(remote[key]?.eager, false, `a remote never bundles ${key} eagerly`);
  }
  assert.equal(remote.react?.version, '19.3.1');
  // Routing is shared only through @tca/ui/router.
  for (const key of ['react-router', 'react-router-dom', 'react-toastify']) assert.equal(remote[key], undefined, key);
  // Lingui is the shared @tca/ui/i18n's own dependency: one instance without a registration of its own.
  assert.equal(remote['@lingui/core'], undefined);
  // A remote's development entry and the test doubles stay out of every remoteEntry.js.
  for (const key of ['@tca/ui/', '@tca/ui/standalone', '@tca/ui/testing/markup']) assert.equal(remote[key], undefined, key);
  assert.deepEqual(
    Object.keys(host).filter((key) => host[key]?.eager),
    ['react', 'react/', 'react-dom', 'react-dom/', '@tca/ui', '@tca/ui/router', '@tca/ui/session', '@tca/ui/i18n'],
  );
});

test('production builds use the federation runtime as ES modules', () => {
  const config = createAppConfig({ kind: 'host', name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' })({}, { mode: 'production' });
  const alias = (config.resolve?.alias ?? {}) as Record<string, string>;
  assert.match(alias['@module-federation/runtime-core$'] ?? '', /runtime-core\/dist\/index\.js$/);
  const dev = createAppConfig({ kind: 'host', name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' })({}, { mode: 'development' });
  assert.equal(((dev.resolve?.alias ?? {}) as Record<string, string>)['@module-federation/runtime-core$'], undefined);
});

test('remotes leave out the federation runtime\'s remote loading (they load no remotes); the shell keeps it', () => {
  // The plugin keeps its options on `_options` (no public getter); what matters is what reaches the runtime's defines.
  const experiments = (kind: 'host' | 'remote') => {
    const config = createAppConfig(kind === 'host' ? { kind, name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' } : { kind, name: 'mf_x', dir: '/tmp/x', devPort: 1, title: 'x', exposes: {} })({}, { mode: 'production' });
    const federation = (config.plugins ?? []).find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as unknown as { _options: { remotes?: object; experiments?: { optimization?: { disableRemote?: boolean; disableSnapshot?: boolean } } } };
    return federation._options;
  };
  assert.equal(experiments('remote').experiments?.optimization?.disableRemote, true);
  assert.equal(experiments('remote').remotes, undefined, 'a remote declares no remotes of its own');
  assert.equal(experiments('host').experiments?.optimization?.disableRemote, undefined);
  assert.equal(experiments('host').experiments?.optimization?.disableSnapshot, true);
});

test("wouter's pre-React-18 shim is React's own useSyncExternalStore in every build", async () => {
  for (const mode of ['production', 'development'] as const) {
    const config = createAppConfig({ kind: 'remote', name: 'r', dir: '/tmp/r', devPort: 2, title: 'r', exposes: {} })({}, { mode });
    const target = ((config.resolve?.alias ?? {}) as Record<string, string>)['use-sync-external-store/shim/index.js$'] ?? '';
    assert.match(await readFile(target, 'utf8'), /export \{ useSyncExternalStore \} from 'react'/);
  }
});

test("the shell's dev server sends API paths and the registry to the gateway, and pages to itself", () => {
  for (const api of ['/auth/login', '/events/get', '/events/calendar.ics', '/membership/me', '/membership/documents', '/blog/get', '/remotes.json', '/staff-api/people']) {
    assert.equal(devProxied(api), true, api);
  }
  // The pages /membership and /events share a first word with API prefixes (`/membership/`, `/events/`).
  for (const page of ['/', '/membership', '/events', '/blog', '/login', '/staff', '/event/abc']) assert.equal(devProxied(page), false, page);
});

test('a remote writes its pages\' files for the gateway; the shell does not', () => {
  const names = (kind: 'host' | 'remote') =>
    (createAppConfig(kind === 'host' ? { kind, name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' } : { kind, name: 'mf_x', dir: '/tmp/x', devPort: 1, title: 'x', exposes: {} })({}, { mode: 'production' }).plugins ?? []).map(
      (plugin) => plugin?.constructor.name,
    );
  assert.ok(names('remote').includes('PageAssetsPlugin'));
  assert.ok(!names('host').includes('PageAssetsPlugin'));
});

test('remotes resolve their public path at run time; every app waits 120 s for a chunk', () => {
  const remote = createAppConfig({ kind: 'remote', name: 'mf_x', dir: '/tmp/x', devPort: 1, title: 'x', exposes: { './routes': './src/routes.tsx' } })({}, { mode: 'production' });
  const host = createAppConfig({ kind: 'host', name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' })({}, { mode: 'production' });
  assert.equal(remote.output?.publicPath, 'auto');
  assert.equal(host.output?.publicPath, '/');
  assert.equal(remote.output?.chunkLoadTimeout, CHUNK_LOAD_TIMEOUT_MS);
  assert.equal(CHUNK_LOAD_TIMEOUT_MS, 120_000);
  assert.match(String(remote.output?.filename), /\[contenthash/);
});

test('production source maps carry no original sources (stack traces still map to file and line); development keeps them', async () => {
  const production = createAppConfig({ kind: 'host', name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' })({}, { mode: 'production' });
  const development = createAppConfig({ kind: 'host', name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' })({}, { mode: 'development' });
  assert.match(String(development.devtool), /source-map/);

  // Build a small module with the production devtool and read the map the gateway would serve.
  const dir = await mkdtemp(path.join(tmpdir(), 'preset-maps-'));
  try {
    const secret = 'const internalNote = "only in the original source";';
    await writeFile(path.join(dir, 'entry.js'), `${secret}\nexport function greet(name) {\n  return internalNote.length + name;\n}\nconsole.log(greet('x'));\n`);
    const stats = await new Promise<Stats | undefined>((resolve, reject) => {
      rspack({ mode: 'production', context: dir, entry: './entry.js', devtool: production.devtool, output: { path: path.join(dir, 'dist'), filename: 'main.js' } }, (err, result) => (err ? reject(err) : resolve(result)));
    });
    assert.ok(stats && !stats.hasErrors(), stats?.toString());
    const maps = (await readdir(path.join(dir, 'dist'))).filter((file) => file.endsWith('.map'));
    assert.deepEqual(maps, ['main.js.map'], 'maps are still written (file and line for stack traces)');
    const map = JSON.parse(await readFile(path.join(dir, 'dist', 'main.js.map'), 'utf8')) as { sources: string[]; sourcesContent?: Array<string | null> };
    assert.ok(map.sources.some((source) => source.includes('entry.js')), JSON.stringify(map.sources));
    assert.ok((map.sourcesContent ?? []).every((content) => content === null || content === ''), 'no original source in the public map');
    assert.ok(!JSON.stringify(map).includes('only in the original source'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
