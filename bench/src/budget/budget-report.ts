import { buildAllowed, parseBenchArgs, UsageError } from '../bench-options.js';
import { num } from '../report-table.js';
import { allowedBytes, BUDGET_TOLERANCE, growth, kb, type BudgetFile } from './budget-file.js';
import { FIRST_LOAD_PAGES, type FirstLoad, type FirstLoadPage } from './first-load.js';

/**
 * The pure parts of `npm run bench:budget`: its options, the median Lighthouse run, the issue's
 * targets, the comparison with the recorded budget and the tables. No I/O here, so all of it is
 * unit-tested.
 */

/** The pages Lighthouse measures (/profile needs a stored login, which a Lighthouse run would clear). */
export const LIGHTHOUSE_PAGES = ['/', '/blog', '/membership', '/login'] as const satisfies readonly FirstLoadPage[];

/** The targets of issue 11 ("Fast on a phone"). 1 KB = 1024 bytes, as every table here prints. */
export const BUDGET_TARGETS = {
  /** Lighthouse performance score, mobile preset, at least. */
  lighthouseScore: 90,
  /** Cumulative Layout Shift, at most. */
  cls: 0.05,
  /** The first load of / at most this many times the one-bundle floor's. */
  homeFloorRatio: 1.2,
  /** First-load JavaScript, gzip bytes, at most. */
  firstLoadBytes: { '/': 120 * 1024, '/blog': 140 * 1024, '/membership': 140 * 1024, '/login': 140 * 1024 } as Partial<Record<FirstLoadPage, number>>,
} as const;

export const DEFAULT_BUDGET_REDIS_URL = 'redis://127.0.0.1:6379/4';

export interface BudgetBenchOptions {
  pages: FirstLoadPage[];
  /** Lighthouse runs per page (0 = no Lighthouse). */
  runs: number;
  /** Build and measure the one-bundle floor. */
  floor: boolean;
  /** List every script of every page. */
  listScripts: boolean;
  /** Exit 1 when a target is missed or a page grew past its budget. */
  strict: boolean;
  /** Write the measured first loads to the budget file. */
  record: boolean;
  /** Let startStack build what is missing or stale. */
  build: boolean;
  redisUrl: string;
  chromiumPath: string;
}

export const RUNS_LIMITS = { min: 1, max: 9, default: 3 } as const;

export const BUDGET_USAGE = `Usage: npm run bench:budget -- [options]
  --pages <a,b>       some of ${FIRST_LOAD_PAGES.join(',')} (default all; env BENCH_PAGES)
  --runs <n>          Lighthouse runs per page, ${RUNS_LIMITS.min}-${RUNS_LIMITS.max}; the median by score is shown (default ${RUNS_LIMITS.default}; env BENCH_RUNS)
  --no-lighthouse     no Lighthouse runs (env BENCH_LIGHTHOUSE=0)
  --no-floor          do not build and measure the one-bundle floor
  --scripts           list every script of each page with its size
  --strict            exit 1 when a target is missed or a page grew past its budget
  --record            write the measured first loads to bench/budgets/first-load.json (all five pages)
  --no-build          do not build what is missing or stale before starting the site (env BENCH_BUILD=0)
  env BENCH_REDIS_URL Redis of the site the bench starts (default ${DEFAULT_BUDGET_REDIS_URL})
  env CHROMIUM_PATH   the browser (default /usr/bin/chromium)`;

/** Command line first, then BENCH_* environment variables, then the defaults; anything else is a UsageError. */
export function parseBudgetOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): BudgetBenchOptions {
  const values = parseBenchArgs(argv, {
    pages: { type: 'string' },
    runs: { type: 'string' },
    'no-lighthouse': { type: 'boolean' },
    'no-floor': { type: 'boolean' },
    scripts: { type: 'boolean' },
    strict: { type: 'boolean' },
    record: { type: 'boolean' },
  });

  const rawPages = values.pages ?? env.BENCH_PAGES;
  let pages: FirstLoadPage[] = [...FIRST_LOAD_PAGES];
  if (rawPages !== undefined && rawPages.trim() !== '') {
    const named = [...new Set(rawPages.split(',').map((p) => p.trim()).filter((p) => p !== ''))];
    const unknown = named.filter((p) => !(FIRST_LOAD_PAGES as readonly string[]).includes(p));
    if (unknown.length > 0) throw new UsageError(`--pages may name only ${FIRST_LOAD_PAGES.join(', ')} (got ${unknown.join(', ')}).`);
    if (named.length === 0) throw new UsageError('--pages names no page.');
    pages = FIRST_LOAD_PAGES.filter((p) => named.includes(p));
  }

  const lighthouse = !(values['no-lighthouse'] ?? false) && env.BENCH_LIGHTHOUSE !== '0';
  let runs = 0;
  if (lighthouse) {
    const raw = (values.runs ?? env.BENCH_RUNS)?.trim();
    runs = raw === undefined || raw === '' ? RUNS_LIMITS.default : Number(raw);
    if (!Number.isInteger(runs) || runs < RUNS_LIMITS.min || runs > RUNS_LIMITS.max) {
      throw new UsageError(`--runs must be a whole number from ${RUNS_LIMITS.min} to ${RUNS_LIMITS.max} (got "${raw}").`);
    }
  }

  const record = values.record ?? false;
  if (record && pages.length !== FIRST_LOAD_PAGES.length) throw new UsageError('--record measures every page: leave out --pages.');

  return {
    pages,
    runs,
    floor: !(values['no-floor'] ?? false),
    listScripts: values.scripts ?? false,
    strict: values.strict ?? false,
    record,
    build: buildAllowed(values, env),
    redisUrl: env.BENCH_REDIS_URL?.trim() || DEFAULT_BUDGET_REDIS_URL,
    chromiumPath: env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
  };
}

/** What one Lighthouse run gives: the performance score 0-100 and the metrics (times in ms). */
export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
}

/**
 * The median run by performance score: the middle one of the runs sorted by score (for an even
 * number of runs, the lower of the two middle ones). Undefined when there are no runs.
 */
export function medianRun<T extends { score: number }>(runs: readonly T[]): T | undefined {
  if (runs.length === 0) return undefined;
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Either figures or why a page could not be measured. */
export type Measured<T> = { ok: true; value: T } | { ok: false; error: string };

export interface PageRow {
  path: FirstLoadPage;
  /** The composed (Module Federation) site. */
  mf: Measured<FirstLoad>;
  /** The one-bundle floor; undefined when not measured (--no-floor). */
  floor?: Measured<FirstLoad>;
  /** Lighthouse on the composed site: every run and the median; undefined when not run for this page. */
  lighthouse?: Measured<{ runs: LighthouseFigures[]; median: LighthouseFigures }>;
}

/** MF / floor; NaN when either is missing. */
export function floorRatio(row: PageRow): number {
  if (!row.mf.ok || !row.floor?.ok || row.floor.value.gzip <= 0) return Number.NaN;
  return row.mf.value.gzip / row.floor.value.gzip;
}

/** The issue's targets this row misses, one line each (targets that cannot be checked are not misses). */
export function targetMisses(row: PageRow): string[] {
  const misses: string[] = [];
  const limit = BUDGET_TARGETS.firstLoadBytes[row.path];
  if (row.mf.ok && limit !== undefined && row.mf.value.gzip > limit) {
    misses.push(`${row.path}: first-load JS ${kb(row.mf.value.gzip)} > ${kb(limit)}`);
  }
  const ratio = floorRatio(row);
  if (row.path === '/' && ratio > BUDGET_TARGETS.homeFloorRatio) {
    misses.push(`${row.path}: first-load JS ${ratio.toFixed(2)}× its floor > ${BUDGET_TARGETS.homeFloorRatio}×`);
  }
  if (row.lighthouse?.ok) {
    const { score, cls } = row.lighthouse.value.median;
    if (score < BUDGET_TARGETS.lighthouseScore) misses.push(`${row.path}: Lighthouse performance ${score} < ${BUDGET_TARGETS.lighthouseScore}`);
    if (cls > BUDGET_TARGETS.cls) misses.push(`${row.path}: CLS ${cls.toFixed(3)} > ${BUDGET_TARGETS.cls}`);
  }
  return misses;
}

/** Pages that grew past their recorded budget by more than the tolerance, one line each. */
export function budgetMisses(rows: readonly PageRow[], budget: BudgetFile | undefined, tolerance = BUDGET_TOLERANCE): string[] {
  if (!budget) return [];
  return rows.flatMap((row) => {
    const recorded = budget.pages[row.path];
    if (!row.mf.ok || !recorded) return [];
    const over = growth(row.mf.value.gzip, recorded.gzip);
    return row.mf.value.gzip > allowedBytes(recorded.gzip, tolerance) ? [`${row.path}: first-load JS ${kb(row.mf.value.gzip)} is ${(over * 100).toFixed(1)} % over its budget ${kb(recorded.gzip)} (${Math.round(tolerance * 100)} % allowed)`] : [];
  });
}

/** Why figures are missing or short: pages that failed to render, scripts that did not arrive, Lighthouse runs that failed. */
export function rowProblems(row: PageRow): string[] {
  const problems: string[] = [];
  const describe = (what: string, m: Measured<FirstLoad> | undefined) => {
    if (!m) return;
    if (!m.ok) problems.push(`${row.path} (${what}): ${m.error}`);
    else problems.push(...m.value.failures.filter((f) => f.type === 'script').map((f) => `${row.path} (${what}): script ${f.url}: ${f.error}`));
  };
  describe('MF', row.mf);
  describe('floor', row.floor);
  if (row.lighthouse && !row.lighthouse.ok) problems.push(`${row.path} (Lighthouse): ${row.lighthouse.error}`);
  return problems;
}

/** Other requests that failed (e.g. a fetch the page aborted): worth knowing, but the byte figures stand. */
export function rowNotes(row: PageRow): string[] {
  const notes: string[] = [];
  for (const [what, m] of [['MF', row.mf], ['floor', row.floor]] as const) {
    if (!m?.ok) continue;
    for (const f of m.value.failures) if (f.type !== 'script') notes.push(`${row.path} (${what}): ${f.type} ${f.url}: ${f.error}`);
  }
  return notes;
}

const pad = (text: string, width: number) => text.padStart(width);

function targetText(path: FirstLoadPage): string {
  const limit = BUDGET_TARGETS.firstLoadBytes[path];
  const parts = limit === undefined ? [] : [`≤ ${kb(limit)}`];
  if (path === '/') parts.push(`≤ ${BUDGET_TARGETS.homeFloorRatio}× floor`);
  return parts.join(', ') || '–';
}

/**
 * The first-load table: per page, the composed site's gzip bytes, script and request counts, the
 * floor's, the ratio, the recorded budget with the change, and the target; `!` marks a miss.
 */
export function formatFirstLoadTable(rows: readonly PageRow[], budget: BudgetFile | undefined): string {
  const header = ['page', 'MF gzip', 'scripts', 'requests', 'floor gzip', 'scripts', 'requests', 'MF/floor', 'budget', 'change', 'target'];
  const widths = [12, 10, 8, 9, 11, 8, 9, 9, 10, 8, 0];
  const lines = [header.map((h, i) => (i === 0 ? h.padEnd(widths[0] as number) : i === header.length - 1 ? `  ${h}` : pad(h, widths[i] as number))).join('')];
  for (const row of rows) {
    const misses = targetMisses({ ...row, lighthouse: undefined });
    const m = row.mf.ok ? row.mf.value : undefined;
    const f = row.floor?.ok ? row.floor.value : undefined;
    const recorded = budget?.pages[row.path];
    const change = m && recorded ? growth(m.gzip, recorded.gzip) : Number.NaN;
    const cells = [
      row.path.padEnd(widths[0] as number),
      pad(m ? kb(m.gzip) : 'failed', widths[1] as number),
      pad(m ? String(m.scripts.length) : '–', widths[2] as number),
      pad(m ? String(m.requests) : '–', widths[3] as number),
      pad(f ? kb(f.gzip) : row.floor ? 'failed' : '–', widths[4] as number),
      pad(f ? String(f.scripts.length) : '–', widths[5] as number),
      pad(f ? String(f.requests) : '–', widths[6] as number),
      pad(Number.isFinite(floorRatio(row)) ? `${floorRatio(row).toFixed(2)}×` : '–', widths[7] as number),
      pad(recorded ? kb(recorded.gzip) : '–', widths[8] as number),
      pad(Number.isFinite(change) ? `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%` : '–', widths[9] as number),
      `  ${targetText(row.path)}${misses.length > 0 ? '  ! missed' : ''}`,
    ];
    lines.push(cells.join(''));
  }
  return lines.join('\n');
}

/** The Lighthouse table: per page, the median run's score and metrics, and every run's score. */
export function formatLighthouseTable(rows: readonly PageRow[]): string {
  const lines = [`${'page'.padEnd(12)}${pad('score', 6)}${pad('FCP', 8)}${pad('LCP', 8)}${pad('TBT', 8)}${pad('CLS', 7)}${pad('SI', 8)}  runs (scores)`];
  for (const row of rows) {
    if (!row.lighthouse) continue;
    if (!row.lighthouse.ok) {
      lines.push(`${row.path.padEnd(12)}  failed: ${row.lighthouse.error.split('\n')[0]}`);
      continue;
    }
    const { median, runs } = row.lighthouse.value;
    const missed = median.score < BUDGET_TARGETS.lighthouseScore || median.cls > BUDGET_TARGETS.cls;
    lines.push(
      `${row.path.padEnd(12)}${pad(String(median.score), 6)}${pad(`${num(median.fcp / 1000, 1)} s`, 8)}${pad(`${num(median.lcp / 1000, 1)} s`, 8)}` +
        `${pad(`${num(median.tbt, 0)} ms`, 8)}${pad(num(median.cls, 3), 7)}${pad(`${num(median.speedIndex / 1000, 1)} s`, 8)}  ${runs.map((r) => r.score).join(', ')}${missed ? '  ! missed' : ''}`,
    );
  }
  return lines.join('\n');
}
