import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeHttpUrl } from './external-url.js';

test('only absolute http(s) addresses are kept for outside links', () => {
  assert.equal(safeHttpUrl('https://spice.example.org'), 'https://spice.example.org/');
  assert.equal(safeHttpUrl('http://example.org/a?b=1'), 'http://example.org/a?b=1');
  assert.equal(safeHttpUrl('javascript:alert(1)'), null);
  assert.equal(safeHttpUrl('/relative'), null);
  assert.equal(safeHttpUrl(''), null);
  assert.equal(safeHttpUrl(null), null);
});
