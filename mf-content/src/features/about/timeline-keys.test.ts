import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tabForKey } from './timeline-keys.js';

test('arrow keys step between years and wrap; Home and End jump to the ends', () => {
  assert.equal(tabForKey('ArrowRight', 0, 8), 1);
  assert.equal(tabForKey('ArrowDown', 7, 8), 0);
  assert.equal(tabForKey('ArrowLeft', 0, 8), 7);
  assert.equal(tabForKey('ArrowUp', 3, 8), 2);
  assert.equal(tabForKey('Home', 5, 8), 0);
  assert.equal(tabForKey('End', 2, 8), 7);
  assert.equal(tabForKey('Enter', 2, 8), null);
  assert.equal(tabForKey('ArrowRight', 0, 0), null);
});
