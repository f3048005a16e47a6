import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatAud } from './level-text.js';

test('money reads as Australian dollars with cents', () => {
  assert.equal(formatAud(20), '$20.00');
  assert.equal(formatAud(200), '$200.00');
});
