import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitFieldMessages } from './server-errors.js';

test('field messages for fields the form shows go under them; the others are kept as text, never dropped', () => {
  assert.deepEqual(splitFieldMessages({ fields: { name: 'Name is required', extra: 'Unrecognized key', other: 'Too long' } }, ['name']), {
    fields: { name: 'Name is required' },
    others: ['Unrecognized key', 'Too long'],
  });
  assert.deepEqual(splitFieldMessages({}, ['name']), { fields: {}, others: [] });
  assert.deepEqual(splitFieldMessages(null, ['name']), { fields: {}, others: [] });
  assert.deepEqual(splitFieldMessages(undefined, []), { fields: {}, others: [] });
});
