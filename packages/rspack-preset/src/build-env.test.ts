import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadBuildEnv } from './build-env.js';

test('defaults: the registry on the gateway, the gateway on 3000', () => {
  const env = loadBuildEnv({});
  assert.equal(env.REMOTES_REGISTRY_URL, '/remotes.json');
  assert.equal(env.GATEWAY_URL, 'http://127.0.0.1:3000');
  assert.equal(env.PORT, undefined);
  assert.equal(loadBuildEnv({ PORT: '3101' }).PORT, 3101);
});

test('every problem is listed at once', () => {
  assert.throws(
    () => loadBuildEnv({ REMOTES_REGISTRY_URL: ' ', GATEWAY_URL: 'ftp://x', PORT: '70000' }),
    (error: Error) => /REMOTES_REGISTRY_URL: must not be empty/.test(error.message) && /GATEWAY_URL: must be an http/.test(error.message) && /PORT: must be a port number/.test(error.message),
  );
});
