import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatColumns, num, otherStatusCount, otherStatusText, type Column } from './report-table.js';

test('num: fixed decimals, a dash for what is not a finite number', () => {
  assert.equal(num(42.25, 1), '42.3');
  assert.equal(num(3, 2), '3.00');
  assert.equal(num(Number.NaN, 1), '–');
  assert.equal(num(Number.POSITIVE_INFINITY, 0), '–');
});

describe('formatColumns', () => {
  interface Row {
    name: string;
    rate: number;
  }
  const columns: Array<Column<Row>> = [
    { title: 'name', width: 6, alignLeft: true, cell: (row) => row.name },
    { title: 'rate/s', width: 8, cell: (row) => num(row.rate, 1) },
  ];

  test('a header, a rule as long as it, then a line per row with cells padded to their width, one space apart', () => {
    const rows = [
      { name: 'demo', rate: 12.34 },
      { name: 'member', rate: Number.NaN },
    ];
    assert.equal(formatColumns(columns, rows), ['name     rate/s', '---------------', 'demo       12.3', 'member        –'].join('\n'));
  });

  test("the row's suffix ends its line; no rows: the header and the rule only", () => {
    const table = formatColumns(columns, [{ name: 'x', rate: 1 }], (row) => (row.rate < 2 ? ' !' : ''));
    assert.equal(table.split('\n')[2], 'x           1.0 !');
    assert.equal(formatColumns(columns, []), 'name     rate/s\n---------------');
  });

  test('a cell wider than its column is not cut', () => {
    assert.equal(formatColumns(columns, [{ name: 'a long name', rate: 123456 }]).split('\n')[2], 'a long name 123456.0');
  });
});

test('the answers with another status than expected: counted and listed in status order', () => {
  const statuses = { 500: 5, 200: 480, 429: 15 };
  assert.equal(otherStatusCount(statuses, 200), 20);
  assert.equal(otherStatusText(statuses, 200), '15 × 429, 5 × 500');
  assert.equal(otherStatusText(statuses, 429), '480 × 200, 5 × 500');
  assert.equal(otherStatusCount({ 304: 9 }, 304), 0);
  assert.equal(otherStatusText({ 304: 9 }, 304), '');
  assert.equal(otherStatusText({}, 200), '');
});
