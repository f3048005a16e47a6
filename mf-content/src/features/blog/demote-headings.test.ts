import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoteHeadings } from './demote-headings.js';

test('post headings move below the page h1 and the title h2', () => {
  assert.equal(demoteHeadings('<h1 id="a">One</h1><p>x</p><h2>Two</h2>'), '<h3 id="a">One</h3><p>x</p><h4>Two</h4>');
  assert.equal(demoteHeadings('<H5>Five</H5><h6>Six</h6>'), '<h6>Five</h6><h6>Six</h6>');
  assert.equal(demoteHeadings('<header>no</header><hr><p>h1 text</p>'), '<header>no</header><hr><p>h1 text</p>');
});
