import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { allowedBytes, BUDGET_FILE, budgetProblem, budgetRecord, formatBudget, growth, parseBudget, readBudget } from './budget-file.js';
import { FIRST_LOAD_PAGES, type FirstLoad } from './first-load.js';

const load = (path: string, gzip: number): FirstLoad => ({
  path,
  gzip,
  raw: gzip * 3,
  scripts: [
    { url: 'http://localhost:4000/main.0123456789.js', raw: gzip * 2, gzip: Math.round(gzip * 0.7) },
    { url: 'http://localhost:4000/remotes/content/remoteEntry.js', raw: gzip, gzip: gzip - Math.round(gzip * 0.7) },
  ],
  scriptRequests: 2,
  requests: 7,
  failures: [],
});

describe('the budget file', () => {
  test('a record lists the pages in table order with their gzip bytes and script counts, and parses back', () => {
    const record = budgetRecord([load('/login', 300), load('/', 100)], 'why', new Date('2025-05-01T10:00:00Z'));
    assert.deepEqual(Object.keys(record.pages), ['/', '/login']);
    assert.deepEqual(record.pages['/'], { gzip: 100, scripts: 2 });
    assert.equal(record.recordedAt, '2025-05-01T10:00:00.000Z');
    assert.deepEqual(parseBudget(JSON.parse(formatBudget(record))), record);
    assert.ok(formatBudget(record).endsWith('}\n'));
  });

  test('a malformed file is refused with what is wrong', () => {
    assert.throws(() => parseBudget([]), /not a JSON object|needs a "note"/);
    assert.throws(() => parseBudget({ note: 'n', recordedAt: 'r' }), /no "pages"/);
    assert.throws(() => parseBudget({ note: 'n', recordedAt: 'r', pages: { '/': { gzip: -1, scripts: 1 } } }), /pages\["\/"\]/);
    assert.throws(() => parseBudget({ note: 'n', recordedAt: 'r', pages: { blog: { gzip: 1, scripts: 1 } } }), /pages\["blog"\]/);
  });

  test('the committed budget file exists, is valid and has every page', async () => {
    assert.ok(existsSync(BUDGET_FILE), `${BUDGET_FILE} is missing: npm run bench:budget -- --record`);
    const budget = await readBudget();
    assert.deepEqual(Object.keys(budget.pages), [...FIRST_LOAD_PAGES]);
  });
});

describe('budgetProblem', () => {
  test('within 5 % over the budget (or under it) is fine', () => {
    assert.equal(budgetProblem(load('/', 1050), { gzip: 1000, scripts: 2 }), null);
    assert.equal(budgetProblem(load('/', 500), { gzip: 1000, scripts: 2 }), null);
    assert.ok(Math.abs(growth(1100, 1000) - 0.1) < 1e-9);
    assert.equal(allowedBytes(1000), 1050);
    assert.equal(allowedBytes(102_400), 107_520);
  });

  test('more names the page, the budget, the bytes and every script with its size', () => {
    const message = budgetProblem(load('/blog', 1060), { gzip: 1000, scripts: 2 }) ?? '';
    assert.match(message, /^\/blog: first-load JavaScript is 1060 bytes gzip \(1\.0 KB\), 6\.0 % over its budget of 1000 bytes/);
    assert.match(message, /Its 2 scripts/);
    assert.match(message, /0\.7 KB gzip\s+2\.1 KB raw {2}\/main\.0123456789\.js/);
    assert.match(message, /\/remotes\/content\/remoteEntry\.js/);
    assert.match(message, /npm run bench:budget -- --record/);
  });

  test('a page without a budget is a problem too', () => {
    assert.match(budgetProblem(load('/new', 10), undefined) ?? '', /\/new has no budget/);
  });
});
