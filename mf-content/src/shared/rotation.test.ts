import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPONSORS_PER_PAGE, pageCount, pageSlice, rotates, wrapIndex } from './rotation.js';

test('pages are filled in order and the last page holds the remainder', () => {
  const items = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  assert.equal(pageCount(items.length, 4), 3);
  assert.deepEqual(pageSlice(items, 0, 4), [1, 2, 3, 4]);
  assert.deepEqual(pageSlice(items, 2, 4), [9, 10]);
  assert.equal(pageCount(0, 3), 1);
  assert.deepEqual(pageSlice([], 0, 3), []);
  assert.throws(() => pageCount(3, 0), RangeError);
});

test('page indexes wrap in both directions', () => {
  assert.equal(wrapIndex(3, 3), 0);
  assert.equal(wrapIndex(-1, 3), 2);
  assert.equal(wrapIndex(7, 5), 2);
  assert.equal(wrapIndex(4, 0), 0);
  assert.deepEqual(pageSlice([1, 2, 3, 4, 5], 2, 2), [5]);
  assert.deepEqual(pageSlice([1, 2, 3, 4, 5], 3, 2), [1, 2]);
});

test('sponsors rotate only when there are more than 4', () => {
  assert.equal(SPONSORS_PER_PAGE, 4);
  assert.equal(rotates(4, SPONSORS_PER_PAGE), false);
  assert.equal(rotates(5, SPONSORS_PER_PAGE), true);
  assert.equal(rotates(0, SPONSORS_PER_PAGE), false);
});
