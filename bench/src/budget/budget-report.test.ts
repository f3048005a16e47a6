import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../bench-options.js';
import type { BudgetFile } from './budget-file.js';
import {
  budgetMisses,
  DEFAULT_BUDGET_REDIS_URL,
  floorRatio,
  formatFirstLoadTable,
  formatLighthouseTable,
  medianRun,
  parseBudgetOptions,
  rowNotes,
  rowProblems,
  targetMisses,
  type LighthouseFigures,
  type PageRow,
} from './budget-report.js';
import type { FirstLoad, FirstLoadPage } from './first-load.js';

const KB = 1024;

function load(path: string, gzip: number, over: Partial<FirstLoad> = {}): FirstLoad {
  return { path, gzip, raw: gzip * 3, scripts: [{ url: `http://127.0.0.1:1/${path}.js`, raw: gzip * 3, gzip }], scriptRequests: 1, requests: 4, failures: [], ...over };
}
const lh = (score: number, over: Partial<LighthouseFigures> = {}): LighthouseFigures => ({ score, fcp: 1800, lcp: 2500, tbt: 150, cls: 0.01, speedIndex: 2100, ...over });
const row = (path: FirstLoadPage, mfKb: number, floorKb?: number, extra: Partial<PageRow> = {}): PageRow => ({
  path,
  mf: { ok: true, value: load(path, mfKb * KB) },
  ...(floorKb === undefined ? {} : { floor: { ok: true, value: load(path, floorKb * KB) } }),
  ...extra,
});

describe('parseBudgetOptions', () => {
  test('defaults: every page, 3 Lighthouse runs, the floor, Redis database 4, not strict, no record', () => {
    assert.deepEqual(parseBudgetOptions([], {}), {
      pages: ['/', '/blog', '/membership', '/login', '/profile'],
      runs: 3,
      floor: true,
      listScripts: false,
      strict: false,
      record: false,
      build: true,
      redisUrl: DEFAULT_BUDGET_REDIS_URL,
      chromiumPath: '/usr/bin/chromium',
    });
    assert.equal(DEFAULT_BUDGET_REDIS_URL, 'redis://127.0.0.1:6379/4');
  });

  test('the command line wins over BENCH_* variables; pages keep the table order', () => {
    const env = { BENCH_PAGES: '/login', BENCH_RUNS: '5', BENCH_BUILD: '0', BENCH_REDIS_URL: 'redis://127.0.0.1:6379/9', CHROMIUM_PATH: '/opt/chrome' };
    const o = parseBudgetOptions(['--pages', '/profile, /blog,/', '--runs', '1', '--strict', '--scripts', '--no-floor'], env);
    assert.deepEqual(o.pages, ['/', '/blog', '/profile']);
    assert.equal(o.runs, 1);
    assert.equal(o.strict, true);
    assert.equal(o.listScripts, true);
    assert.equal(o.floor, false);
    assert.equal(o.build, false);
    assert.equal(o.redisUrl, 'redis://127.0.0.1:6379/9');
    assert.equal(o.chromiumPath, '/opt/chrome');
    assert.deepEqual(parseBudgetOptions([], env).pages, ['/login']);
    assert.equal(parseBudgetOptions([], env).runs, 5);
  });

  test('--no-lighthouse (or BENCH_LIGHTHOUSE=0) means no runs, whatever --runs says', () => {
    assert.equal(parseBudgetOptions(['--no-lighthouse', '--runs', '4'], {}).runs, 0);
    assert.equal(parseBudgetOptions([], { BENCH_LIGHTHOUSE: '0' }).runs, 0);
  });

  test('bad values, unknown pages and options are usage errors; --help is an empty one', () => {
    for (const argv of [['--runs', '0'], ['--runs', '10'], ['--runs', '2.5'], ['--runs', 'many'], ['--pages', '/about'], ['--pages', ' , '], ['--nope'], ['extra']]) {
      assert.throws(() => parseBudgetOptions(argv, {}), UsageError, argv.join(' '));
    }
    assert.throws(() => parseBudgetOptions(['--help'], {}), (err: unknown) => err instanceof UsageError && err.message === '');
  });

  test('--record measures every page', () => {
    assert.equal(parseBudgetOptions(['--record'], {}).record, true);
    assert.throws(() => parseBudgetOptions(['--record', '--pages', '/'], {}), /--record measures every page/);
  });
});

describe('medianRun', () => {
  test('the middle run by score (its own metrics, not a mix of runs)', () => {
    const runs = [lh(91, { cls: 0.2 }), lh(40, { cls: 0.3 }), lh(70, { cls: 0.01 })];
    assert.deepEqual(medianRun(runs), lh(70, { cls: 0.01 }));
  });
  test('one run is its own median; an even number takes the lower middle; none gives undefined', () => {
    assert.equal(medianRun([lh(88)])?.score, 88);
    assert.equal(medianRun([lh(90), lh(60), lh(80), lh(70)])?.score, 70);
    assert.equal(medianRun([]), undefined);
  });
});

describe('targets', () => {
  test('/ must stay within 120 KB and 1.2× its floor', () => {
    assert.deepEqual(targetMisses(row('/', 110, 100)), []);
    assert.deepEqual(targetMisses(row('/', 121, 110)), ['/: first-load JS 121.0 KB > 120.0 KB']);
    assert.deepEqual(targetMisses(row('/', 100, 80)), ['/: first-load JS 1.25× its floor > 1.2×']);
    // Without a floor the ratio cannot be checked: not a miss.
    assert.deepEqual(targetMisses(row('/', 100)), []);
  });

  test('/blog, /membership and /login have 140 KB; /profile has no byte target; only / has the floor ratio', () => {
    assert.deepEqual(targetMisses(row('/blog', 140, 50)), []);
    assert.deepEqual(targetMisses(row('/membership', 140.5)), ['/membership: first-load JS 140.5 KB > 140.0 KB']);
    assert.deepEqual(targetMisses(row('/login', 200, 100)), ['/login: first-load JS 200.0 KB > 140.0 KB']);
    assert.deepEqual(targetMisses(row('/profile', 900, 100)), []);
  });

  test('Lighthouse: score at least 90 and CLS at most 0.05 on the median run', () => {
    const median = lh(89, { cls: 0.051 });
    assert.deepEqual(targetMisses(row('/login', 100, undefined, { lighthouse: { ok: true, value: { runs: [median], median } } })), [
      '/login: Lighthouse performance 89 < 90',
      '/login: CLS 0.051 > 0.05',
    ]);
    const good = lh(90, { cls: 0.05 });
    assert.deepEqual(targetMisses(row('/login', 100, undefined, { lighthouse: { ok: true, value: { runs: [good], median: good } } })), []);
  });

  test('a page that failed misses nothing (it is reported as a problem instead)', () => {
    const broken: PageRow = { path: '/', mf: { ok: false, error: 'main h1 never appeared' }, floor: { ok: false, error: 'boom' }, lighthouse: { ok: false, error: 'no score' } };
    assert.deepEqual(targetMisses(broken), []);
    assert.ok(Number.isNaN(floorRatio(broken)));
    assert.deepEqual(rowProblems(broken), ['/ (MF): main h1 never appeared', '/ (floor): boom', '/ (Lighthouse): no score']);
  });

  test('a script that did not arrive is a problem; another failed request is only a note', () => {
    const failures = [
      { url: 'http://x/blog/latest', type: 'fetch', error: 'net::ERR_ABORTED' },
      { url: 'http://x/remotes/content/remoteEntry.js', type: 'script', error: 'net::ERR_CONNECTION_RESET' },
    ];
    const r: PageRow = { path: '/', mf: { ok: true, value: load('/', 1000, { failures }) } };
    assert.deepEqual(rowProblems(r), ['/ (MF): script http://x/remotes/content/remoteEntry.js: net::ERR_CONNECTION_RESET']);
    assert.deepEqual(rowNotes(r), ['/ (MF): fetch http://x/blog/latest: net::ERR_ABORTED']);
  });
});

describe('budgetMisses', () => {
  const budget: BudgetFile = { note: 'n', recordedAt: '2025-01-01T00:00:00.000Z', pages: { '/': { gzip: 100 * KB, scripts: 5 }, '/blog': { gzip: 100 * KB, scripts: 5 } } };
  test('more than 5 % over the recorded bytes is a miss; exactly 5 % is not; unrecorded pages are skipped', () => {
    assert.deepEqual(budgetMisses([row('/', 105), row('/blog', 105.2), row('/login', 500)], budget), ['/blog: first-load JS 105.2 KB is 5.2 % over its budget 100.0 KB (5 % allowed)']);
    assert.deepEqual(budgetMisses([row('/', 200)], undefined), []);
  });
});

describe('tables', () => {
  test('the first-load table shows both builds, the ratio, the budget change and marks misses', () => {
    const budget: BudgetFile = { note: 'n', recordedAt: 'r', pages: { '/': { gzip: 100 * KB, scripts: 1 } } };
    const text = formatFirstLoadTable([row('/', 150, 100), row('/profile', 90), { path: '/login', mf: { ok: false, error: 'x' } }], budget);
    const [header, home, profile, login] = text.split('\n');
    assert.match(header ?? '', /^page\s+MF gzip\s+scripts\s+requests\s+floor gzip\s+scripts\s+requests\s+MF\/floor\s+budget\s+change\s+target$/);
    assert.match(home ?? '', /^\/\s+150\.0 KB\s+1\s+4\s+100\.0 KB\s+1\s+4\s+1\.50×\s+100\.0 KB\s+\+50\.0%\s+≤ 120\.0 KB, ≤ 1\.2× floor {2}! missed$/);
    assert.match(profile ?? '', /^\/profile\s+90\.0 KB\s+1\s+4\s+–\s+–\s+–\s+–\s+–\s+–\s+–$/);
    assert.match(login ?? '', /^\/login\s+failed\s/);
  });

  test('the Lighthouse table shows the median run and every score', () => {
    const median = lh(72, { fcp: 2950, lcp: 4100, tbt: 120.4, cls: 0.002, speedIndex: 3500 });
    const text = formatLighthouseTable([
      row('/', 1, undefined, { lighthouse: { ok: true, value: { runs: [lh(80), median, lh(60)], median } } }),
      row('/blog', 1, undefined, { lighthouse: { ok: false, error: 'NO_FCP\nmore' } }),
      row('/profile', 1),
    ]);
    const lines = text.split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[1] ?? '', /^\/\s+72\s+3\.0 s\s+4\.1 s\s+120 ms\s+0\.002\s+3\.5 s {2}80, 72, 60 {2}! missed$/);
    assert.equal(lines[2], '/blog         failed: NO_FCP');
  });
});
