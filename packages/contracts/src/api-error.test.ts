import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseApiError } from './api-error.js';
import { apiErrorSchema } from './api-error-schema.js';

/** The browser's reader and the servers' schema accept and answer exactly the same. */
const CASES: unknown[] = [
  { error: 'invalid_body', message: 'Email is required' },
  { error: 'invalid_body', message: 'Check the form', fields: { email: 'Invalid email format' } },
  { error: 'x', message: 'y', fields: {} },
  { error: 'x', message: 'y', extra: true },
  { error: 'x' },
  { message: 'y' },
  { error: 1, message: 'y' },
  { error: 'x', message: 'y', fields: { email: 1 } },
  { error: 'x', message: 'y', fields: ['a'] },
  { error: 'x', message: 'y', fields: null },
  [],
  null,
  'Not Found',
  42,
];

test('parseApiError agrees with apiErrorSchema on every case', () => {
  for (const value of CASES) {
    const schema = apiErrorSchema.safeParse(value);
    assert.deepEqual(parseApiError(value), schema.success ? schema.data : null, JSON.stringify(value));
  }
});
