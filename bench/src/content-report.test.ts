import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from './bench-options.js';
import {
  CONTENT_LIST_PATHS,
  formatTable,
  goalMisses,
  GOALS,
  parseBenchOptions,
  percentile,
  ratio,
  rowProblems,
  summariseLoad,
  type BenchRow,
  type LoadFigures,
} from './content-report.js';

describe('options', () => {
  test('defaults: 5 s runs after 1 s warm-up, 16 connections, the six lists, 304 row on the first, not strict', () => {
    const o = parseBenchOptions([], {});
    assert.equal(o.durationS, 5);
    assert.equal(o.warmupS, 1);
    assert.equal(o.connections, 16);
    assert.deepEqual(o.paths, [...CONTENT_LIST_PATHS]);
    assert.ok(o.paths.includes('/blog/latest'));
    assert.equal(o.strict, false);
    assert.equal(o.conditionalPath, '/blog/get');
    assert.equal(o.build, true);
    assert.equal(o.gatewayUrl, undefined);
    assert.equal(o.redisUrl, 'redis://127.0.0.1:6379/2');
  });

  test('environment, overridden by the command line', () => {
    const env = { BENCH_DURATION: '2', BENCH_CONNECTIONS: '8', BENCH_WARMUP: '0', BENCH_PATHS: '/events/get, /blog/get', BENCH_BUILD: '0', BENCH_REDIS_URL: 'redis://127.0.0.1:6379/5' };
    const fromEnv = parseBenchOptions([], env);
    assert.deepEqual([fromEnv.durationS, fromEnv.connections, fromEnv.warmupS, fromEnv.build, fromEnv.redisUrl], [2, 8, 0, false, 'redis://127.0.0.1:6379/5']);
    assert.deepEqual(fromEnv.paths, ['/events/get', '/blog/get']);
    assert.equal(fromEnv.conditionalPath, '/events/get');
    const fromArgv = parseBenchOptions(['--duration', '0.5s', '--connections=4', '--paths', '/gallery/get', '--conditional', 'none'], env);
    assert.deepEqual([fromArgv.durationS, fromArgv.connections, fromArgv.paths, fromArgv.conditionalPath], [0.5, 4, ['/gallery/get'], undefined]);
    assert.equal(parseBenchOptions(['--strict'], {}).strict, true);
    assert.equal(parseBenchOptions([], { BENCH_STRICT: '1' }).strict, true);
    assert.equal(parseBenchOptions(['--paths', '/blog/latest'], {}).conditionalPath, '/blog/latest');
  });

  test('out-of-bounds and unknown values are usage errors naming the option', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--duration', '0'], /--duration must be a number from 0.2 to 120/],
      [['--duration', 'abc'], /--duration/],
      [['--connections', '1.5'], /--connections must be a whole number/],
      [['--connections', '10000'], /--connections/],
      [['--warmup', '-1'], /--warmup/],
      [['--paths', '/auth/login'], /--paths may name only .*got \/auth\/login/],
      [['--paths', ','], /names no path/],
      [['--conditional', '/gallery/get', '--paths', '/blog/get'], /--conditional must be one of the measured paths/],
      [['--gateway', 'http://127.0.0.1:3000'], /go together/],
      [['--gateway', 'http://example.com', '--service', 'http://127.0.0.1:4001'], /must be on this machine/],
      [['--gateway', 'https://127.0.0.1:3000', '--service', 'http://127.0.0.1:4001'], /http: URL/],
      [['--gateway', 'not a url', '--service', 'http://127.0.0.1:4001'], /must be a URL/],
      [['--bogus'], /bogus/],
    ];
    for (const [argv, message] of cases) assert.throws(() => parseBenchOptions(argv, {}), (err: unknown) => err instanceof UsageError && message.test(err.message), argv.join(' '));
  });

  test('a running site on loopback: origins only', () => {
    const o = parseBenchOptions(['--gateway', 'http://localhost:3000/', '--service', 'http://127.0.0.1:4001/x'], {});
    assert.equal(o.gatewayUrl, 'http://localhost:3000');
    assert.equal(o.serviceUrl, 'http://127.0.0.1:4001');
  });
});

describe('figures', () => {
  test('nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentile(values, 50), 50);
    assert.equal(percentile(values, 99), 99);
    assert.equal(percentile(values, 100), 100);
    assert.equal(percentile([7], 99), 7);
    assert.equal(percentile([1, 2, 3], 0), 1);
    assert.ok(Number.isNaN(percentile([], 50)));
  });

  test('a run is summarised from every response latency, sorted', () => {
    const latenciesMs = [3, 1, 2, 10, 4, 5, 6, 7, 8, 9];
    const f = summariseLoad({ latenciesMs, statuses: new Map([[200, 9], [304, 1]]), durationS: 2, errors: 1, timeouts: 0 });
    assert.equal(f.requests, 10);
    assert.equal(f.rps, 5);
    assert.equal(f.p50, 5);
    assert.equal(f.p99, 10);
    assert.deepEqual(f.statuses, { 200: 9, 304: 1 });
    assert.equal(f.errors, 1);
  });

  test('ratios: a / b, undefined (NaN) without a positive base', () => {
    assert.equal(ratio(500, 2000), 0.25);
    assert.ok(Number.isNaN(ratio(1, 0)));
    assert.ok(Number.isNaN(ratio(Number.NaN, 2)));
  });
});

const figures = (rps: number, p50: number, p99: number, statuses: Record<number, number> = { 200: rps * 5 }, errors = 0): LoadFigures => ({
  requests: Object.values(statuses).reduce((a, b) => a + b, 0),
  durationS: 5,
  rps,
  p50,
  p99,
  statuses,
  errors,
  timeouts: 0,
});

describe('table', () => {
  const good: BenchRow = { label: '/blog/get', bytes: 12345, expectStatus: 200, figures: { gateway: figures(2000, 7.5, 12.25), service: figures(4000, 3.9, 8), bare: figures(16000, 0.95, 2.5) } };
  const notModified: BenchRow = {
    label: '/blog/get 304',
    bytes: 0,
    expectStatus: 304,
    figures: { gateway: figures(3000, 5, 9, { 304: 14000, 200: 10 }), service: figures(6000, 2, 4, { 304: 30000 }), bare: figures(20000, 0.7, 1.5, { 304: 100000 }, 3) },
  };

  test('one line per row: bytes, req/s p50 p99 per target, gateway/bare, service/bare and the goal', () => {
    const lines = formatTable([good]).split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0] as string, /^path\s+bytes \| gateway r\/s\s+p50 ms\s+p99 ms \| service r\/s .* \|\s+bare r\/s .* \| gw\/bare svc\/bare goal\s*$/);
    assert.match(lines[1] as string, /^-+$/);
    const cells = (lines[2] as string).split(/[\s|]+/).filter((c) => c !== '');
    assert.deepEqual(cells, ['/blog/get', '12345', '2000', '7.50', '12.25', '4000', '3.90', '8.00', '16000', '0.95', '2.50', '0.125', '0.250', 'ratio']);
    // columns line up with the header
    assert.equal((lines[2] as string).length, (lines[0] as string).length);
  });

  test('rows with unexpected statuses or errors are flagged and explained', () => {
    assert.deepEqual(rowProblems(good), []);
    assert.deepEqual(rowProblems(notModified), ['/blog/get 304 via gateway: 10 × 200 (expected 304)', '/blog/get 304 via bare: 3 connection errors (0 time-outs)']);
    const lines = formatTable([good, notModified]).split('\n');
    assert.doesNotMatch(lines[2] as string, /!$/);
    assert.match(lines[3] as string, /^\/blog\/get 304\s+0 \|.* 0\.150\s+0\.300 ratio\s* !$/);
  });

  test('a target that answered nothing shows dashes, not Infinity', () => {
    const dead: BenchRow = { ...good, figures: { ...good.figures, bare: figures(0, Number.NaN, Number.NaN, {}) } };
    const line = formatTable([dead]).split('\n')[2] as string;
    assert.match(line, /\s0\s+–\s+– \|\s+–\s+– ratio\s* !$/);
    assert.deepEqual(rowProblems(dead), ['/blog/get via bare: no response at all']);
  });
});

describe('goal', () => {
  const row = (label: string, gateway: LoadFigures, bare: LoadFigures, revalidates?: string): BenchRow => ({
    label,
    bytes: 100,
    expectStatus: revalidates ? 304 : 200,
    figures: { gateway, service: figures(4000, 2, 5, revalidates ? { 304: 20000 } : { 200: 20000 }), bare },
    ...(revalidates ? { revalidates } : {}),
  });

  test(`gateway/bare of at least ${GOALS.minGatewayRatio}, a gateway p99 of at most ${GOALS.maxGatewayP99Ms} ms`, () => {
    assert.deepEqual(goalMisses(row('/a', figures(5000, 1, 25), figures(10000, 0.5, 2)), []), []);
    assert.deepEqual(
      goalMisses(row('/a', figures(4999, 1, 25.01), figures(10000, 0.5, 2)), []),
      [
        { code: 'ratio', text: '/a: gateway/bare 0.500 is below 0.5' },
        { code: 'p99', text: '/a: gateway p99 25.01 ms is above 25 ms' },
      ],
    );
    // A target that answered nothing misses the goal rather than passing it.
    assert.deepEqual(
      goalMisses(row('/a', figures(0, Number.NaN, Number.NaN, {}), figures(10000, 0.5, 2)), []).map((m) => m.code),
      ['ratio', 'p99'],
    );
  });

  test('a 304 row must be faster through the gateway than the 200 row it revalidates', () => {
    const full = row('/blog/get', figures(8000, 1, 5), figures(12000, 1, 2));
    const slower = row('/blog/get 304', figures(7000, 1, 5, { 304: 35000 }), figures(13000, 1, 2, { 304: 65000 }), '/blog/get');
    const faster = row('/blog/get 304', figures(9000, 1, 5, { 304: 45000 }), figures(16000, 1, 2, { 304: 80000 }), '/blog/get');
    assert.deepEqual(goalMisses(faster, [full, faster]), []);
    assert.deepEqual(goalMisses(slower, [full, slower]), [{ code: '304', text: '/blog/get 304: 7000 req/s through the gateway, not more than its 200 (8000)' }]);
    const lines = formatTable([full, slower]).split('\n');
    assert.match(lines[2] as string, / ok\s*$/);
    assert.match(lines[3] as string, / 304\s*$/);
    assert.equal((lines[2] as string).length, (lines[0] as string).length);
    assert.equal((lines[3] as string).length, (lines[0] as string).length);
  });
});
