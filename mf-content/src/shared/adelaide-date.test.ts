import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDay, formatTime } from './adelaide-date.js';

test('a calendar day and a time in English as before, in Tamil with Tamil day and month names and a 24-hour clock', () => {
  assert.equal(formatDay('2025-06-14'), 'Sat 14 June 2025');
  assert.equal(formatTime('18:30'), '6:30 pm');
  assert.match(formatDay('2025-06-14', 'ta'), /^சனி, 14 ஜூன், 2025$/);
  assert.match(formatDay('2025-06-15', 'ta'), /^ஞாயிறு, /);
  assert.equal(formatTime('18:30', 'ta'), '18:30');
});
