import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CSV_BOM, csvField, csvLine } from './csv.js';
import { parseCsv } from './testing/csv-parse.js';

describe('csv', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and ends records with CRLF', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvLine(['a', 'b c']), 'a,b c\r\n');
  });

  it('neutralises fields a spreadsheet would run as formulas', () => {
    for (const cell of ['=1+2', '+61412345678', '-5', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")']) {
      const written = csvField(cell);
      const [[back]] = parseCsv(`${written}\r\n`) as [[string]];
      assert.equal(back, `'${cell}`, JSON.stringify(cell));
    }
    assert.equal(csvField('a=b'), 'a=b', 'only a leading character counts');
  });

  it('writes numbers as they are (a negative amount stays a number) and refuses NaN and infinities', () => {
    assert.equal(csvLine(['net', -12.5, 0, 1234.56]), 'net,-12.5,0,1234.56\r\n');
    assert.equal(csvLine(['-12.5']), "'-12.5\r\n", 'text that looks like a number is still neutralised');
    assert.throws(() => csvLine([Number.NaN]), RangeError);
    assert.throws(() => csvLine([Number.POSITIVE_INFINITY]), RangeError);
  });

  it('keeps Tamil text and round-trips through a strict parser', () => {
    const rows = [
      ['மீனா ராமன்', 'meena@example.org', "O'Brien, \"Jr\""],
      ['', 'x\r\ny', 'தமிழ்'],
    ];
    const text = CSV_BOM + rows.map(csvLine).join('');
    assert.deepEqual(parseCsv(text.slice(1)), rows);
    assert.equal(Buffer.from(text, 'utf8').subarray(0, 3).toString('hex'), 'efbbbf');
  });
});
