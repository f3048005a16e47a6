import { buildAllowed, listOption, numberOption, optionOrEnv, parseBenchArgs, UsageError } from './bench-options.js';
import { formatColumns, num, type Column } from './report-table.js';

/**
 * The pure parts of `npm run bench:workers`: its options, the scaling figures (jobs per second, the ratios
 * to one process), the check of the bar (2 processes ≥ 1.8 × one) and the table it prints. No
 * I/O here, so all of it is unit-tested.
 */

export const WORKLOADS = ['e-mail', 'fulfilment'] as const;
export type Workload = (typeof WORKLOADS)[number];

export interface WorkerScalingOptions {
  /** The workloads measured, in this order. */
  workloads: Workload[];
  /** Worker processes per run, in the order measured; the first is the baseline of the ratios. */
  workers: number[];
  /** E-mail jobs queued per worker process of a run (a run with N processes sends N × this). */
  emailJobsPerWorker: number;
  /** Paid checkouts queued per worker process of a run. */
  fulfilJobsPerWorker: number;
  /** What the SMTP sink waits before accepting each message's DATA, in ms. */
  smtpDelayMs: number;
  /** What the proxy in front of the Stripe sandbox adds to each request the workers send, in ms. */
  stripeDelayMs: number;
  /** The longest one run may take, in seconds. */
  runTimeoutS: number;
  /** Let startStack build what is missing or stale. */
  build: boolean;
  /** Redis of the e-mail runs (a unique key prefix) and of the site the fulfilment runs start. */
  redisUrl: string;
}

export const WORKER_SCALING_LIMITS = {
  workers: { min: 1, max: 8, default: [1, 2, 4] },
  emailJobsPerWorker: { min: 1, max: 2000, default: 120 },
  fulfilJobsPerWorker: { min: 1, max: 500, default: 30 },
  smtpDelayMs: { min: 0, max: 2000, default: 50 },
  stripeDelayMs: { min: 0, max: 2000, default: 150 },
  runTimeoutS: { min: 5, max: 600, default: 60 },
} as const;

/** The bar: two processes must do at least this many times the work of one. */
export const MIN_TWO_TO_ONE = 1.8;

export const DEFAULT_WORKER_SCALING_REDIS_URL = 'redis://127.0.0.1:6379/9';

const L = WORKER_SCALING_LIMITS;

export const WORKER_SCALING_USAGE = `Usage: npm run bench:workers -- [options]
  --workloads <a,b>        ${WORKLOADS.join(', ')} or both (default both; env BENCH_WORKLOADS)
  --workers <a,b,c>        worker processes per run, the first the baseline (default ${L.workers.default.join(',')}; env BENCH_WORKERS)
  --email-jobs <n>         e-mails queued per worker process of a run (default ${L.emailJobsPerWorker.default}; env BENCH_EMAIL_JOBS)
  --fulfil-jobs <n>        paid checkouts queued per worker process of a run (default ${L.fulfilJobsPerWorker.default}; env BENCH_FULFIL_JOBS)
  --smtp-delay <ms>        the SMTP sink's wait before accepting each message (default ${L.smtpDelayMs.default}; env BENCH_SMTP_DELAY)
  --stripe-delay <ms>      added to each Stripe request of the payments workers (default ${L.stripeDelayMs.default}; env BENCH_STRIPE_DELAY)
  --run-timeout <s>        the longest one run may take (default ${L.runTimeoutS.default}; env BENCH_RUN_TIMEOUT)
  --no-build               do not build what is missing or stale before starting the site (env BENCH_BUILD=0)
  env BENCH_REDIS_URL      Redis of the runs and of the site the bench starts (default ${DEFAULT_WORKER_SCALING_REDIS_URL})
Exits 1 when two processes do less than ${MIN_TWO_TO_ONE} × the jobs per second of one, or a job is lost or done twice.`;

/** `e-mail,fulfilment` (any order, each once) as workloads; a UsageError names anything else. */
export function parseWorkloads(raw: string | undefined): Workload[] {
  if (raw === undefined || raw.trim() === '') return [...WORKLOADS];
  const parts = [...new Set(raw.split(',').map((part) => part.trim()))];
  const unknown = parts.filter((part) => !(WORKLOADS as readonly string[]).includes(part));
  if (unknown.length > 0 || parts.length === 0) throw new UsageError(`--workloads must be ${WORKLOADS.join(' and/or ')}, comma-separated (got "${raw}").`);
  return parts as Workload[];
}

/** Command line first, then BENCH_* environment variables, then the defaults; anything out of bounds is a UsageError. */
export function parseWorkerScalingOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): WorkerScalingOptions {
  const values = parseBenchArgs(argv, {
    workloads: { type: 'string' },
    workers: { type: 'string' },
    'email-jobs': { type: 'string' },
    'fulfil-jobs': { type: 'string' },
    'smtp-delay': { type: 'string' },
    'stripe-delay': { type: 'string' },
    'run-timeout': { type: 'string' },
  });
  const workers = listOption('--workers', optionOrEnv(values.workers, env, 'BENCH_WORKERS'), L.workers);
  if (workers.length < 2) throw new UsageError('--workers needs at least two counts to compare (e.g. 1,2,4).');
  return {
    workloads: parseWorkloads(optionOrEnv(values.workloads, env, 'BENCH_WORKLOADS')),
    workers,
    emailJobsPerWorker: numberOption('--email-jobs', optionOrEnv(values['email-jobs'], env, 'BENCH_EMAIL_JOBS'), L.emailJobsPerWorker, true),
    fulfilJobsPerWorker: numberOption('--fulfil-jobs', optionOrEnv(values['fulfil-jobs'], env, 'BENCH_FULFIL_JOBS'), L.fulfilJobsPerWorker, true),
    smtpDelayMs: numberOption('--smtp-delay', optionOrEnv(values['smtp-delay'], env, 'BENCH_SMTP_DELAY'), L.smtpDelayMs, true),
    stripeDelayMs: numberOption('--stripe-delay', optionOrEnv(values['stripe-delay'], env, 'BENCH_STRIPE_DELAY'), L.stripeDelayMs, true),
    runTimeoutS: numberOption('--run-timeout', optionOrEnv(values['run-timeout'], env, 'BENCH_RUN_TIMEOUT'), L.runTimeoutS, true),
    build: buildAllowed(values, env),
    redisUrl: env.BENCH_REDIS_URL?.trim() || DEFAULT_WORKER_SCALING_REDIS_URL,
  };
}

/** One run: `workers` processes working off `jobs` queued jobs. */
export interface ScalingRow {
  workload: Workload;
  workers: number;
  /** Jobs queued before the workers started. */
  jobs: number;
  /** Jobs done once each when the run ended (e-mails accepted by the sink, orders fulfilled). */
  done: number;
  /** Jobs done more than once (an e-mail's key received again, a second membership for a session). */
  duplicates: number;
  /** From the queue's resumption, all workers ready, until the last job was done (or the run gave up). */
  seconds: number;
  timedOut: boolean;
}

/** Jobs per second of a run (NaN without a positive duration). */
export function jobsPerSecond(row: Pick<ScalingRow, 'done' | 'seconds'>): number {
  return row.seconds > 0 ? row.done / row.seconds : Number.NaN;
}

/** The run of `workload` with `workers` processes, if measured. */
function runOf(rows: readonly ScalingRow[], workload: Workload, workers: number): ScalingRow | undefined {
  return rows.find((row) => row.workload === workload && row.workers === workers);
}

/** The baseline of a workload's ratios: its run with the fewest processes. */
function baselineOf(rows: readonly ScalingRow[], workload: Workload): ScalingRow | undefined {
  return rows.filter((row) => row.workload === workload).reduce<ScalingRow | undefined>((low, row) => (low === undefined || row.workers < low.workers ? row : low), undefined);
}

/** A run's jobs per second over its workload's baseline (NaN when either is not a positive rate). */
export function ratioToBaseline(rows: readonly ScalingRow[], row: ScalingRow): number {
  const base = baselineOf(rows, row.workload);
  return base ? scalingRatio(rows, row.workload, row.workers, base.workers) : Number.NaN;
}

/** Jobs per second with `workers` processes over those with `baseline` processes, for `workload`; NaN when one is missing. */
export function scalingRatio(rows: readonly ScalingRow[], workload: Workload, workers: number, baseline = 1): number {
  const run = runOf(rows, workload, workers);
  const base = runOf(rows, workload, baseline);
  if (!run || !base) return Number.NaN;
  const baseRate = jobsPerSecond(base);
  const rate = jobsPerSecond(run);
  return baseRate > 0 && rate > 0 ? rate / baseRate : Number.NaN;
}

/** What makes a run's figures wrong: a time-out, a job not done, a job done twice. */
export function scalingRowProblems(row: ScalingRow): string[] {
  const name = `${row.workload}, ${row.workers} process${row.workers === 1 ? '' : 'es'}`;
  const problems: string[] = [];
  if (row.timedOut) problems.push(`${name}: gave up after ${num(row.seconds, 1)} s with ${row.done} of ${row.jobs} jobs done`);
  else if (row.done !== row.jobs) problems.push(`${name}: ${row.done} of ${row.jobs} jobs done`);
  if (row.duplicates > 0) problems.push(`${name}: ${row.duplicates} job${row.duplicates === 1 ? '' : 's'} done twice`);
  return problems;
}

/** The bar per workload measured with 1 and 2 processes: a problem when 2/1 < MIN_TWO_TO_ONE (or cannot be computed). */
export function ratioProblems(rows: readonly ScalingRow[], minTwoToOne = MIN_TWO_TO_ONE): string[] {
  const workloads = WORKLOADS.filter((w) => runOf(rows, w, 1) && runOf(rows, w, 2));
  return workloads.flatMap((workload) => {
    const ratio = scalingRatio(rows, workload, 2);
    return Number.isFinite(ratio) && ratio >= minTwoToOne ? [] : [`${workload}: 2 processes did ${num(ratio, 2)} × the jobs per second of 1 (the bar: ≥ ${minTwoToOne})`];
  });
}

/** The table: workload × processes → jobs, seconds, jobs/s and the ratio to the workload's fewest processes. */
export function formatScalingTable(rows: readonly ScalingRow[]): string {
  const columns: Array<Column<ScalingRow>> = [
    { title: 'workload', width: Math.max(8, ...rows.map((row) => row.workload.length)), alignLeft: true, cell: (row) => row.workload },
    { title: 'processes', width: 9, cell: (row) => String(row.workers) },
    { title: 'jobs', width: 6, cell: (row) => String(row.jobs) },
    { title: 'done', width: 6, cell: (row) => String(row.done) },
    { title: 'twice', width: 5, cell: (row) => String(row.duplicates) },
    { title: 'seconds', width: 8, cell: (row) => num(row.seconds, 2) },
    { title: 'jobs/s', width: 8, cell: (row) => num(jobsPerSecond(row), 1) },
    { title: 'ratio', width: 6, cell: (row) => num(ratioToBaseline(rows, row), 2) },
  ];
  return formatColumns(columns, rows, (row) => (scalingRowProblems(row).length > 0 ? ' !' : ''));
}

/** Per workload one line: "e-mail: 2/1 1.97, 4/1 3.80 (bar 2/1 ≥ 1.8: met)". */
export function formatRatioLines(rows: readonly ScalingRow[], minTwoToOne = MIN_TWO_TO_ONE): string {
  return WORKLOADS.filter((w) => rows.some((row) => row.workload === w))
    .map((workload) => {
      const base = baselineOf(rows, workload);
      const others = rows.filter((row) => row.workload === workload && row !== base);
      const ratios = others.map((row) => `${row.workers}/${base?.workers ?? '?'} ${num(ratioToBaseline(rows, row), 2)}`).join(', ');
      const twoToOne = scalingRatio(rows, workload, 2);
      const bar = base?.workers === 1 && runOf(rows, workload, 2) ? ` (bar 2/1 ≥ ${minTwoToOne}: ${twoToOne >= minTwoToOne ? 'met' : 'NOT met'})` : '';
      return `${workload}: ${ratios}${bar}`;
    })
    .join('\n');
}
