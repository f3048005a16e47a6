import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHUNK_LOAD_TIMEOUT_MS, createAppConfig, sharedSingletons } from './index.js';

test('React, the design system with its router and session are shared singletons; the shell bundles the first-load ones eagerly', () => {
  const remote = sharedSingletons('remote');
  const host = sharedSingletons('host');
  for (const key of ['react', 'react/', 'react-dom', 'react-dom/', '@tca/ui', '@tca/ui/router', '@tca/ui/session', '@tca/ui/api', '@tca/ui/session-end', '@tca/ui/forms', '@tca/ui/modal', '@tca/ui/server-errors']) {
    assert.equal(remote[key]?.singleton, true, key);
    assert.match(remote[key]?.requiredVersion ?? '', /^\^\d+\.\d+\.\d+/, key);
    assert.equal(remote[key]?.eager, false, `a remote never bundles ${key} eagerly`);
  }
  assert.equal(remote.react?.version, '19.3.1');
  // Routing is shared only through @tca/ui/router.
  for (const key of ['react-router', 'react-router-dom', 'react-toastify']) assert.equal(remote[key], undefined, key);
  // A remote's development entry and the test doubles stay out of every remoteEntry.js.
  for (const key of ['@tca/ui/', '@tca/ui/standalone', '@tca/ui/testing/markup']) assert.equal(remote[key], undefined, key);
  assert.deepEqual(
    Object.keys(host).filter((key) => host[key]?.eager),
    ['react', 'react/', 'react-dom', 'react-dom/', '@tca/ui', '@tca/ui/router', '@tca/ui/session'],
  );
});

test('production builds use the federation runtime as ES modules', () => {
  const config = createAppConfig({ kind: 'host', name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' })({}, { mode: 'production' });
  const alias = (config.resolve?.alias ?? {}) as Record<string, string>;
  assert.match(alias['@module-federation/runtime-core$'] ?? '', /runtime-core\/dist\/index\.js$/);
  const dev = createAppConfig({ kind: 'host', name: 'shell', dir: '/tmp/s', devPort: 2, title: 's' })({}, { mode: 'development' });
  assert.deepEqual(dev.resolve?.alias, {});
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
