import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { textField } from './text-field.js';
import { problems, PROPERTY_RUNS } from './testing/schema-checks.js';
import { unstorableText } from './testing/unstorable-text.js';

describe('textField (the start of every text field of a request)', () => {
  const form = z.object({ name: textField('Name').trim().min(2, 'Name must be at least 2 characters').max(5, 'Name is too long') }).strict();

  test('keeps the rules chained after it', () => {
    assert.deepEqual(form.parse({ name: '  Meera ' }), { name: 'Meera' });
    assert.deepEqual(problems(form, { name: 'M' }), { name: 'Name must be at least 2 characters' });
    assert.deepEqual(problems(form, { name: 'Meera Raman' }), { name: 'Name is too long' });
    assert.deepEqual(problems(form, { name: 7 }), { name: 'Invalid input: expected string, received number' });
  });

  test('NUL or a lone surrogate is the only problem reported, even where other rules fail too', () => {
    for (const name of ['\u0000', 'M\u0000', '\uD800', 'Meera Raman\u0000 far too long']) {
      assert.deepEqual(problems(form, { name }), { name: 'Name contains a character that is not allowed' }, JSON.stringify(name));
    }
  });

  test('property: any string holding one is refused with the field named', () => {
    fc.assert(fc.property(unstorableText, (name) => problems(form, { name }).name === 'Name contains a character that is not allowed'), PROPERTY_RUNS);
  });
});
