import { buildAllowed, numberOption, optionOrEnv, parseBenchArgs } from './bench-options.js';
import { formatColumns, num, type Column } from './report-table.js';

/**
 * The pure parts of `npm run bench:members`: its options, the searches it times, the percentiles and the
 * table. No I/O here, so all of it is unit-tested.
 */

export interface MembersBenchOptions {
  /** Accounts with one membership each, generated before measuring. */
  members: number;
  /** Timed requests per search (one at a time, after a few unmeasured). */
  requests: number;
  /** The budget: every search's p95 in milliseconds must stay within it. */
  budgetMs: number;
  build: boolean;
  redisUrl: string;
}

export const MEMBERS_LIMITS = {
  members: { min: 1000, max: 200_000, default: 50_000 },
  requests: { min: 5, max: 2000, default: 100 },
  budgetMs: { min: 1, max: 10_000, default: 150 },
} as const;

export const MEMBERS_USAGE = `Usage: npm run bench:members -- [options]
  --members <n>          members generated before measuring (default ${MEMBERS_LIMITS.members.default}; env BENCH_MEMBERS)
  --requests <n>         timed requests per search, one at a time (default ${MEMBERS_LIMITS.requests.default}; env BENCH_REQUESTS)
  --budget <ms>          the p95 every search must stay within (default ${MEMBERS_LIMITS.budgetMs.default}; env BENCH_BUDGET_MS)
  --no-build             do not build what is missing or stale before starting the site (env BENCH_BUILD=0)
  env BENCH_REDIS_URL    Redis of the site the bench starts (default redis://127.0.0.1:6379/5)`;

export function parseMembersBenchOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): MembersBenchOptions {
  const values = parseBenchArgs(argv, { members: { type: 'string' }, requests: { type: 'string' }, budget: { type: 'string' } });
  return {
    members: numberOption('--members', optionOrEnv(values.members, env, 'BENCH_MEMBERS'), MEMBERS_LIMITS.members, true),
    requests: numberOption('--requests', optionOrEnv(values.requests, env, 'BENCH_REQUESTS'), MEMBERS_LIMITS.requests, true),
    budgetMs: numberOption('--budget', optionOrEnv(values.budget, env, 'BENCH_BUDGET_MS'), MEMBERS_LIMITS.budgetMs, false),
    build: buildAllowed(values, env),
    redisUrl: env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379/5',
  };
}

/** The searches timed: what an officer asks the desk (GET /staff-api/members + query), each filter on its own, a deep page and a mix. */
export function memberSearches(members: number): Array<{ label: string; query: string }> {
  const deepPage = Math.max(1, Math.floor((members * 0.8) / 25));
  return [
    { label: 'first page, by name', query: '' },
    { label: 'part of a name', query: '?q=amily1234' },
    { label: 'part of an e-mail', query: '?q=member4321%40' },
    { label: 'Tamil name and family', query: `?q=${encodeURIComponent('மீனா family14')}` },
    { label: 'level', query: '?level=Gold-Family' },
    { label: 'status Pending', query: '?status=Pending' },
    { label: 'status Expired', query: '?status=Expired' },
    { label: 'ends within 30 days', query: '?endsWithinDays=30' },
    { label: 'level + Active + ends within 60', query: '?level=Silver-Family&status=Active&endsWithinDays=60' },
    { label: `page ${deepPage} of everyone`, query: `?page=${deepPage}` },
  ];
}

/** The p-th percentile (0–100) of the durations, nearest rank; NaN for none. */
export function percentile(durations: readonly number[], p: number): number {
  if (durations.length === 0) return Number.NaN;
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export interface MembersRow {
  label: string;
  query: string;
  /** Milliseconds of each timed request. */
  durations: number[];
  /** How many rows matched (the answer's total). */
  total: number;
  /** Answers other than 200. */
  failures: number;
}

/** What makes a row fail: any answer but 200, or a p95 over the budget. */
export function membersRowProblems(row: MembersRow, budgetMs: number): string[] {
  const problems: string[] = [];
  if (row.failures > 0) problems.push(`${row.label}: ${row.failures} answers were not 200`);
  const p95 = percentile(row.durations, 95);
  if (!(p95 <= budgetMs)) problems.push(`${row.label}: p95 ${num(p95, 1)} ms is over the ${budgetMs} ms budget`);
  return problems;
}

/** The table: per search, the matches and the p50 / p95 / p99 / max latency. */
export function formatMembersTable(rows: readonly MembersRow[], budgetMs: number): string {
  const columns: Array<Column<MembersRow>> = [
    { title: 'search', width: 34, alignLeft: true, cell: (row) => row.label },
    { title: 'matches', width: 8, cell: (row) => String(row.total) },
    { title: 'p50 ms', width: 7, cell: (row) => num(percentile(row.durations, 50), 1) },
    { title: 'p95 ms', width: 7, cell: (row) => num(percentile(row.durations, 95), 1) },
    { title: 'p99 ms', width: 7, cell: (row) => num(percentile(row.durations, 99), 1) },
    { title: 'max ms', width: 7, cell: (row) => num(Math.max(...row.durations), 1) },
  ];
  return formatColumns(columns, rows, (row) => (membersRowProblems(row, budgetMs).length > 0 ? ' !' : ''));
}
