import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newestFirst } from './blog-order.js';

test('newest first, ties by id, unreadable dates last, the input left as it was', () => {
  const posts = [
    { _id: 'a', date: '2026-03-01T10:00:00.000Z' },
    { _id: 'c', date: 'not a date' },
    { _id: 'b', date: '2026-05-01T10:00:00.000Z' },
    { _id: 'e', date: '2026-03-01T10:00:00.000Z' },
    { _id: 'd', date: '2026-04-30T23:59:59.999Z' },
  ];
  const before = posts.map((p) => p._id);
  assert.deepEqual(newestFirst(posts).map((p) => p._id), ['b', 'd', 'a', 'e', 'c']);
  assert.deepEqual(posts.map((p) => p._id), before);
});
