import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHUNK_LOAD_TIMEOUT_MS, createAppConfig, sharedSingletons } from './index.js';

test('React, the router, toasts and the design system are shared singletons, with sub-path keys for React and the design system', () => {
  const shared = sharedSingletons();
  for (const key of ['react', 'react/', 'react-dom', 'react-dom/', 'react-router', 'react-router-dom', 'react-toastify', '@tca/ui', '@tca/ui/']) {
    assert.equal(shared[key]?.singleton, true, key);
    assert.match(shared[key]?.requiredVersion ?? '', /^\^\d+\.\d+\.\d+/, key);
  }
  assert.equal(shared.react?.version, '19.3.1');
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
