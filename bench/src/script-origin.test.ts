import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appOf } from './script-origin.js';

test('scripts are credited to the app that built them', () => {
  assert.equal(appOf(new URL('http://x/remotes/content/remoteEntry.js')), 'mf-content');
  assert.equal(appOf(new URL('http://x/releases/account/2026-11-22T01-00-00Z-abc1234/611.js')), 'mf-account');
  assert.equal(appOf(new URL('http://x/main.1234567890.js')), 'shell');
  assert.equal(appOf(new URL('http://x/remotes.json')), 'shell');
});
