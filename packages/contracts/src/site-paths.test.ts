import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageForPath, paths, type PageId } from './site-paths.js';

test('every page path opens its page, parameters filled in', () => {
  for (const [page, pattern] of Object.entries(paths) as Array<[PageId, string]>) {
    assert.equal(pageForPath(pattern.replace(/:\w+/g, 'abc123')), page, pattern);
  }
  assert.equal(pageForPath('/blog/hello%20world'), 'blogPost');
  assert.equal(pageForPath('/terms&conditions'), 'terms');
  assert.equal(pageForPath('/membership/'), 'membership');
});

test('paths no page has are told apart', () => {
  for (const path of ['/nope', '/blog/a/b', '/reset-password/', '/profile/x', '/%E0%A4%A', '//']) {
    assert.equal(pageForPath(path), undefined, path);
  }
});
