import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_NAMES, REMOTE_PAGES, remoteForPage, remoteRegistrySchema } from './remotes.js';
import { paths, type PageId } from './site-paths.js';

test('every page of the route table is owned by exactly one remote', () => {
  const owned = REMOTE_NAMES.flatMap((remote) => [...REMOTE_PAGES[remote]]);
  assert.deepEqual([...owned].sort(), Object.keys(paths).sort());
  assert.equal(new Set(owned).size, owned.length);
  assert.equal(remoteForPage('profile'), 'account');
  assert.equal(remoteForPage('terms'), 'content');
  assert.equal(remoteForPage('payment'), 'membership');
});

test('the spec route table has its 22 paths, including the odd ones', () => {
  const all = Object.values(paths);
  assert.equal(all.length, 22);
  for (const path of ['/terms&conditions', '/privacy&policy', '/reset-password/:token', '/blog/:id', '/raiseticket']) {
    assert.ok(all.includes(path as (typeof paths)[PageId]), path);
  }
});

test('the registry fills in loader defaults and rejects a missing remote', () => {
  const parsed = remoteRegistrySchema.parse({ remotes: { content: '/a', membership: '/b', account: '/c' } });
  assert.deepEqual(parsed.loader, { timeoutMs: 8000, retries: 2, backoffMs: 300 });
  assert.equal(remoteRegistrySchema.safeParse({ remotes: { content: '/a', membership: '/b' } }).success, false);
  assert.equal(remoteRegistrySchema.safeParse({ remotes: { content: '/a', membership: '/b', account: '/c' }, loader: { timeoutMs: -1 } }).success, false);
});
