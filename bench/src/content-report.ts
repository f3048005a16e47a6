import { buildAllowed, numberOption, parseBenchArgs, UsageError } from './bench-options.js';
import { num, otherStatusText } from './report-table.js';

/**
 * The pure parts of `npm run bench:content`: its options, the figures of one load run, and the
 * table it prints. No I/O here, so all of it is unit-tested.
 */

/** The public content lists (spec section 7, and the home page's /blog/latest), in the order the table shows them. */
export const CONTENT_LIST_PATHS = ['/blog/get', '/blog/latest', '/gallery/get', '/teammanagement/get', '/events/get', '/sponsorship/get'] as const;

/**
 * The goal of issue 11 for the lists through the gateway: at least half the requests/s of a bare node:http
 * server sending the same bytes, a p99 of at most 25 ms (at 16 connections), and a 304 cheaper than its 200.
 */
export const GOALS = { minGatewayRatio: 0.5, maxGatewayP99Ms: 25 } as const;

/** What is measured side by side: the site's origin, the content service alone, a bare Node server. */
export const TARGETS = ['gateway', 'service', 'bare'] as const;
export type Target = (typeof TARGETS)[number];

export interface BenchOptions {
  /** Seconds each measured run lasts. */
  durationS: number;
  /** Seconds of load before each measured run, not counted. */
  warmupS: number;
  connections: number;
  paths: string[];
  /** The path of the conditional (If-None-Match) row; undefined: no such row. */
  conditionalPath: string | undefined;
  /** Let startStack build what is missing or stale. */
  build: boolean;
  /** Measure an already running site instead of starting one (both loopback URLs). */
  gatewayUrl: string | undefined;
  serviceUrl: string | undefined;
  /** Redis for the stack this bench starts (never the one of `npm start` or the e2e tests). */
  redisUrl: string;
  /** Exit 1 when a row misses GOALS (rows are marked either way). */
  strict: boolean;
}

export const LIMITS = {
  durationS: { min: 0.2, max: 120, default: 5 },
  warmupS: { min: 0, max: 30, default: 1 },
  connections: { min: 1, max: 256, default: 16 },
} as const;

export const USAGE = `Usage: npm run bench:content -- [options]
  --duration <s>       seconds per measured run (default ${LIMITS.durationS.default}; env BENCH_DURATION)
  --warmup <s>         seconds of unmeasured load before each run (default ${LIMITS.warmupS.default}; env BENCH_WARMUP)
  --connections <n>    concurrent connections (default ${LIMITS.connections.default}; env BENCH_CONNECTIONS)
  --paths <a,b>        some of ${CONTENT_LIST_PATHS.join(',')} (default all; env BENCH_PATHS)
  --conditional <path> the path of the If-None-Match row (default the first path; "none" = no such row)
  --no-build           do not build what is missing or stale before starting the site (env BENCH_BUILD=0)
  --strict             exit 1 when a row misses the goal: gateway/bare below ${GOALS.minGatewayRatio}, a gateway p99
                       above ${GOALS.maxGatewayP99Ms} ms, or a 304 not faster than its 200 (env BENCH_STRICT=1)
  --gateway <url> --service <url>
                       measure a site that is already running (loopback only) instead of starting one
  env BENCH_REDIS_URL  Redis of the site the bench starts (default redis://127.0.0.1:6379/2)`;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Only loopback origins: this bench never loads another machine. */
export function loopbackOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${name} must be a URL such as http://127.0.0.1:3000 (got "${raw}").`);
  }
  if (url.protocol !== 'http:') throw new UsageError(`${name} must be an http: URL (got "${raw}").`);
  if (!LOOPBACK_HOSTS.has(url.hostname)) throw new UsageError(`${name} must be on this machine (127.0.0.1, localhost or [::1]); got "${url.hostname}".`);
  return url.origin;
}

/** Command line first, then BENCH_* environment variables, then the defaults; anything out of bounds is a UsageError. */
export function parseBenchOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): BenchOptions {
  const values = parseBenchArgs(argv, {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    paths: { type: 'string' },
    conditional: { type: 'string' },
    strict: { type: 'boolean' },
    gateway: { type: 'string' },
    service: { type: 'string' },
  });

  const durationS = numberOption('--duration', values.duration ?? env.BENCH_DURATION, LIMITS.durationS, false);
  const warmupS = numberOption('--warmup', values.warmup ?? env.BENCH_WARMUP, LIMITS.warmupS, false);
  const connections = numberOption('--connections', values.connections ?? env.BENCH_CONNECTIONS, LIMITS.connections, true);

  const rawPaths = values.paths ?? env.BENCH_PATHS;
  const paths = rawPaths === undefined || rawPaths.trim() === '' ? [...CONTENT_LIST_PATHS] : [...new Set(rawPaths.split(',').map((p) => p.trim()).filter((p) => p !== ''))];
  const known = new Set<string>(CONTENT_LIST_PATHS);
  const unknown = paths.filter((p) => !known.has(p));
  if (unknown.length > 0) throw new UsageError(`--paths may name only ${CONTENT_LIST_PATHS.join(', ')} (got ${unknown.join(', ')}).`);
  if (paths.length === 0) throw new UsageError('--paths names no path.');

  let conditionalPath: string | undefined = paths[0];
  if (values.conditional !== undefined) {
    if (values.conditional === 'none') conditionalPath = undefined;
    else if (paths.includes(values.conditional)) conditionalPath = values.conditional;
    else throw new UsageError(`--conditional must be one of the measured paths (${paths.join(', ')}) or "none" (got "${values.conditional}").`);
  }

  if ((values.gateway === undefined) !== (values.service === undefined)) throw new UsageError('--gateway and --service go together.');
  const gatewayUrl = values.gateway === undefined ? undefined : loopbackOrigin('--gateway', values.gateway);
  const serviceUrl = values.service === undefined ? undefined : loopbackOrigin('--service', values.service);

  const build = buildAllowed(values, env);
  const redisUrl = env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379/2';
  const strict = (values.strict ?? false) || env.BENCH_STRICT === '1';
  return { durationS, warmupS, connections, paths, conditionalPath, build, gatewayUrl, serviceUrl, redisUrl, strict };
}

/** Figures of one load run against one target. Latencies in milliseconds. */
export interface LoadFigures {
  requests: number;
  durationS: number;
  rps: number;
  p50: number;
  p99: number;
  /** Responses per status code. */
  statuses: Record<number, number>;
  /** Connection errors, including time-outs. */
  errors: number;
  timeouts: number;
  /** Responses whose body did not match the run's expectBody (only when it had one). */
  unexpectedBodies?: number;
}

/** Nearest-rank percentile of ascending `sorted` values (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function summariseLoad(input: { latenciesMs: readonly number[]; statuses: ReadonlyMap<number, number>; durationS: number; errors: number; timeouts: number }): LoadFigures {
  const sorted = [...input.latenciesMs].sort((a, b) => a - b);
  const requests = sorted.length;
  return {
    requests,
    durationS: input.durationS,
    rps: input.durationS > 0 ? requests / input.durationS : Number.NaN,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses: Object.fromEntries(input.statuses),
    errors: input.errors,
    timeouts: input.timeouts,
  };
}

/** a / b, NaN when b is not a positive number. */
export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN;
}

export interface BenchRow {
  /** e.g. "/blog/get" or "/blog/get 304". */
  label: string;
  /** Body size the endpoint serves (0 for a 304). */
  bytes: number;
  /** The status every response should have. */
  expectStatus: number;
  figures: Record<Target, LoadFigures>;
  /** A conditional row: the label of the 200 row it revalidates (its 304 must be faster). */
  revalidates?: string;
}

/** What makes a row's figures untrustworthy: other statuses than expected, connection errors, no answers. */
export function rowProblems(row: BenchRow): string[] {
  const problems: string[] = [];
  for (const target of TARGETS) {
    const f = row.figures[target];
    if (f.requests === 0) {
      problems.push(`${row.label} via ${target}: no response at all`);
      continue;
    }
    const other = otherStatusText(f.statuses, row.expectStatus);
    if (other !== '') problems.push(`${row.label} via ${target}: ${other} (expected ${row.expectStatus})`);
    if (f.errors > 0) problems.push(`${row.label} via ${target}: ${f.errors} connection errors (${f.timeouts} time-outs)`);
  }
  return problems;
}

/** Which GOALS a row misses through the gateway, as short codes (`ratio`, `p99`, `304`) with their explanations. */
export function goalMisses(row: BenchRow, rows: readonly BenchRow[]): Array<{ code: 'ratio' | 'p99' | '304'; text: string }> {
  const misses: Array<{ code: 'ratio' | 'p99' | '304'; text: string }> = [];
  const gateway = row.figures.gateway;
  const gwBare = ratio(gateway.rps, row.figures.bare.rps);
  if (!(gwBare >= GOALS.minGatewayRatio)) misses.push({ code: 'ratio', text: `${row.label}: gateway/bare ${num(gwBare, 3)} is below ${GOALS.minGatewayRatio}` });
  if (!(gateway.p99 <= GOALS.maxGatewayP99Ms)) misses.push({ code: 'p99', text: `${row.label}: gateway p99 ${num(gateway.p99, 2)} ms is above ${GOALS.maxGatewayP99Ms} ms` });
  const full = row.revalidates === undefined ? undefined : rows.find((r) => r.label === row.revalidates);
  if (full && !(gateway.rps > full.figures.gateway.rps)) {
    misses.push({ code: '304', text: `${row.label}: ${num(gateway.rps, 0)} req/s through the gateway, not more than its 200 (${num(full.figures.gateway.rps, 0)})` });
  }
  return misses;
}

/**
 * The table `npm run bench:content` prints: requests/s and p50/p99 latency per target, the ratios to the bare
 * server, and `goal`: ok, or the GOALS the row misses through the gateway (ratio, p99, 304). `!` ends a row
 * whose figures are not to be trusted (rowProblems).
 */
export function formatTable(rows: readonly BenchRow[]): string {
  const labelWidth = Math.max(4, ...rows.map((r) => r.label.length));
  const group = (title: string) => `${title.padStart(11)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`;
  const goals = rows.map((row) => goalMisses(row, rows).map((m) => m.code).join(',') || 'ok');
  const goalWidth = Math.max(4, ...goals.map((g) => g.length));
  const head = `${'path'.padEnd(labelWidth)} ${'bytes'.padStart(7)} | ${TARGETS.map((t) => group(`${t} r/s`)).join(' | ')} | ${'gw/bare'.padStart(7)} ${'svc/bare'.padStart(8)} ${'goal'.padEnd(goalWidth)}`;
  const lines = [head, '-'.repeat(head.length)];
  for (const [index, row] of rows.entries()) {
    const cells = TARGETS.map((t) => {
      const f = row.figures[t];
      return `${num(f.rps, 0).padStart(11)} ${num(f.p50, 2).padStart(7)} ${num(f.p99, 2).padStart(7)}`;
    });
    const bare = row.figures.bare.rps;
    const gw = num(ratio(row.figures.gateway.rps, bare), 3);
    const svc = num(ratio(row.figures.service.rps, bare), 3);
    const flag = rowProblems(row).length > 0 ? ' !' : '';
    lines.push(`${row.label.padEnd(labelWidth)} ${String(row.bytes).padStart(7)} | ${cells.join(' | ')} | ${gw.padStart(7)} ${svc.padStart(8)} ${(goals[index] ?? '').padEnd(goalWidth)}${flag}`);
  }
  return lines.join('\n');
}
