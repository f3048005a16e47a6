import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from './bench-options.js';
import { formatMembersTable, memberSearches, membersRowProblems, MEMBERS_LIMITS, parseMembersBenchOptions, percentile, type MembersRow } from './members-report.js';

describe('bench:members report', () => {
  it('reads its options from the command line, then BENCH_* variables, then the defaults; refuses what is out of bounds', () => {
    const defaults = parseMembersBenchOptions([], {});
    assert.deepEqual(defaults, { members: 50_000, requests: MEMBERS_LIMITS.requests.default, budgetMs: MEMBERS_LIMITS.budgetMs.default, build: true, redisUrl: 'redis://127.0.0.1:6379/5' });
    assert.equal(parseMembersBenchOptions(['--members', '2000', '--budget', '80'], { BENCH_MEMBERS: '9000' }).members, 2000);
    assert.equal(parseMembersBenchOptions([], { BENCH_REQUESTS: '7', BENCH_BUILD: '0' }).requests, 7);
    assert.equal(parseMembersBenchOptions(['--no-build'], {}).build, false);
    for (const argv of [['--members', '10'], ['--requests', '0'], ['--budget', 'fast'], ['--nope']]) assert.throws(() => parseMembersBenchOptions(argv, {}), UsageError, argv.join(' '));
  });

  it('times each filter of the desk and a deep page', () => {
    const searches = memberSearches(50_000);
    assert.equal(new Set(searches.map((s) => s.query)).size, searches.length);
    assert.ok(searches.some((s) => s.query === '?page=1600'));
    for (const part of ['q=', 'level=', 'status=', 'endsWithinDays=']) assert.ok(searches.some((s) => s.query.includes(part)), part);
  });

  it('takes nearest-rank percentiles and flags non-200 answers and a p95 over the budget', () => {
    const durations = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.deepEqual([percentile(durations, 50), percentile(durations, 95), percentile(durations, 99), percentile([7], 95)], [50, 95, 99, 7]);
    assert.ok(Number.isNaN(percentile([], 50)));
    const row: MembersRow = { label: 'level', query: '?level=Gold-Family', durations, total: 10_000, failures: 0 };
    assert.deepEqual(membersRowProblems(row, 95), []);
    assert.deepEqual(membersRowProblems({ ...row, failures: 2 }, 10), ['level: 2 answers were not 200', 'level: p95 95.0 ms is over the 10 ms budget']);
    const table = formatMembersTable([row], 10).split('\n');
    assert.match(table[0] ?? '', /^search +matches +p50 ms +p95 ms +p99 ms +max ms$/);
    assert.match(table[2] ?? '', /^level +10000 +50\.0 +95\.0 +99\.0 +100\.0 !$/);
  });
});
