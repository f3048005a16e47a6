import assert from 'node:assert/strict';
import { test } from 'node:test';
import { excerpt } from './content-text.js';

test('an excerpt is plain text without Markdown syntax, cut at a word', () => {
  assert.equal(excerpt('# Title\n\nSome **bold** and [a link](https://x.org) ![pic](a.png)'), 'Title Some bold and a link');
  const long = excerpt('word '.repeat(100), 30);
  assert.ok(long.length <= 31, long);
  assert.ok(long.endsWith('word…'), long);
  assert.equal(excerpt('<script>alert(1)</script>hello'), 'alert(1) hello');
});

test('a short text is left whole', () => {
  assert.equal(excerpt('Short and sweet.', 120), 'Short and sweet.');
});
