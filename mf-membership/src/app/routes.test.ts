import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_PAGES } from '@tca/contracts';
import { pages } from './routes.js';

test('the routes module offers exactly the pages this remote owns', () => {
  assert.deepEqual(Object.keys(pages).sort(), [...REMOTE_PAGES.membership].sort());
  for (const page of Object.values(pages)) assert.equal(typeof page.load, 'function', 'each page loads its code');
});
