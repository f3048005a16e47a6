import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupByYear } from './gallery-logic.js';

test('gallery events are grouped by year, newest year and newest event first', () => {
  const groups = groupByYear([
    { _id: 'pongal-24', date: '2024-01-15' },
    { _id: 'deepavali-24', date: '2024-11-01' },
    { _id: 'pongal-25', date: '2025-01-14' },
    { _id: 'picnic-22', date: '2022-03-03' },
    { _id: 'sports-24', date: '2024-11-01' },
  ]);
  assert.deepEqual(
    groups.map((g) => [g.year, g.events.map((e) => e._id)]),
    [
      [2025, ['pongal-25']],
      [2024, ['deepavali-24', 'sports-24', 'pongal-24']],
      [2022, ['picnic-22']],
    ],
  );
  assert.deepEqual(groupByYear([]), []);
});
