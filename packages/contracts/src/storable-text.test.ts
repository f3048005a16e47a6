import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isStorableText, unstorableTextMessage } from './storable-text.js';
import { PROPERTY_RUNS } from './testing/schema-checks.js';
import { withLoneSurrogate, withNul } from './testing/unstorable-text.js';

describe('isStorableText (what PostgreSQL text and jsonb can hold)', () => {
  test('ordinary text is storable: letters of any script, emoji (surrogate pairs), tabs and line breaks, the empty string', () => {
    for (const text of ['', 'Meera Raman', 'மீரா ராமன்', 'Pongal 🎉🍚', 'line one\nline two\ttabbed\r\n', '\u0001\u001f\u007f', '\uFFFD', '\u{10FFFF}']) {
      assert.equal(isStorableText(text), true, JSON.stringify(text));
    }
  });

  test('NUL and unpaired surrogates are not, wherever they are', () => {
    for (const text of ['\u0000', 'Mee\u0000ra', 'end\u0000', '\uD800', '\uDFFF', 'a\uD83Db', 'a\uDE00b', '\uDE00\uD83D', 'ok🎉\uD800']) {
      assert.equal(isStorableText(text), false, JSON.stringify(text));
    }
  });

  test('property: any string with a NUL in it is refused', () => {
    fc.assert(fc.property(withNul, (text) => !isStorableText(text)), PROPERTY_RUNS);
  });

  test('property: any well-formed string is storable unless it holds a NUL', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => isStorableText(text) === !text.includes('\u0000')), PROPERTY_RUNS);
  });

  test('property: any string with an unpaired surrogate in it is refused', () => {
    fc.assert(fc.property(withLoneSurrogate, (text) => !isStorableText(text)), PROPERTY_RUNS);
  });

  test('the message names the field', () => {
    assert.equal(unstorableTextMessage('First name'), 'First name contains a character that is not allowed');
  });
});
