import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from './bench-options.js';
import {
  DEFAULT_WORKER_SCALING_REDIS_URL,
  formatRatioLines,
  formatScalingTable,
  jobsPerSecond,
  MIN_TWO_TO_ONE,
  parseWorkerScalingOptions,
  parseWorkloads,
  ratioProblems,
  ratioToBaseline,
  scalingRatio,
  scalingRowProblems,
  type ScalingRow,
} from './worker-scaling-report.js';

const row = (over: Partial<ScalingRow> = {}): ScalingRow => ({ workload: 'e-mail', workers: 1, jobs: 120, done: 120, duplicates: 0, seconds: 6, timedOut: false, ...over });

/** A workload measured at 1, 2 and 4 processes, jobs per process constant, the given seconds. */
const runs = (workload: ScalingRow['workload'], seconds: [number, number, number]): ScalingRow[] =>
  [1, 2, 4].map((workers, i) => row({ workload, workers, jobs: 30 * workers, done: 30 * workers, seconds: seconds[i] ?? 0 }));

describe('parseWorkerScalingOptions', () => {
  test('defaults: both workloads, 1, 2 and 4 processes, 50 ms SMTP and 150 ms Stripe delay, Redis database 9', () => {
    assert.deepEqual(parseWorkerScalingOptions([], {}), {
      workloads: ['e-mail', 'fulfilment'],
      workers: [1, 2, 4],
      emailJobsPerWorker: 120,
      fulfilJobsPerWorker: 30,
      smtpDelayMs: 50,
      stripeDelayMs: 150,
      runTimeoutS: 60,
      build: true,
      redisUrl: DEFAULT_WORKER_SCALING_REDIS_URL,
    });
  });

  test('the command line wins over BENCH_* variables, which win over the defaults', () => {
    const options = parseWorkerScalingOptions(['--workers', '1,3', '--smtp-delay', '40', '--no-build'], {
      BENCH_WORKERS: '2,4',
      BENCH_STRIPE_DELAY: '200',
      BENCH_WORKLOADS: 'fulfilment',
      BENCH_REDIS_URL: 'redis://127.0.0.1:6379/12',
    });
    assert.deepEqual(options.workers, [1, 3]);
    assert.equal(options.smtpDelayMs, 40);
    assert.equal(options.stripeDelayMs, 200);
    assert.deepEqual(options.workloads, ['fulfilment']);
    assert.equal(options.build, false);
    assert.equal(options.redisUrl, 'redis://127.0.0.1:6379/12');
  });

  test('refuses what cannot be measured', () => {
    assert.throws(() => parseWorkerScalingOptions(['--workers', '2'], {}), (err: Error) => err instanceof UsageError && /at least two/.test(err.message));
    assert.throws(() => parseWorkerScalingOptions(['--workers', '1,9'], {}), UsageError);
    assert.throws(() => parseWorkerScalingOptions(['--email-jobs', '0'], {}), UsageError);
    assert.throws(() => parseWorkerScalingOptions(['--stripe-delay', '-5'], {}), UsageError);
    assert.throws(() => parseWorkerScalingOptions(['--run-timeout', '2.5'], {}), UsageError);
    assert.throws(() => parseWorkerScalingOptions(['--sessions', '3'], {}), UsageError);
  });

  test('--help is a UsageError without a message', () => {
    assert.throws(() => parseWorkerScalingOptions(['--help'], {}), (err: Error) => err instanceof UsageError && err.message === '');
  });
});

describe('parseWorkloads', () => {
  test('both by default; one or both by name, each once, in the order given', () => {
    assert.deepEqual(parseWorkloads(undefined), ['e-mail', 'fulfilment']);
    assert.deepEqual(parseWorkloads(' '), ['e-mail', 'fulfilment']);
    assert.deepEqual(parseWorkloads('fulfilment, e-mail,fulfilment'), ['fulfilment', 'e-mail']);
    assert.deepEqual(parseWorkloads('e-mail'), ['e-mail']);
  });

  test('refuses an unknown workload, naming the known ones', () => {
    assert.throws(() => parseWorkloads('email'), (err: Error) => err instanceof UsageError && /e-mail and\/or fulfilment/.test(err.message));
    assert.throws(() => parseWorkloads('e-mail,'), UsageError);
  });
});

describe('scaling figures', () => {
  test('jobs per second count the jobs done, not those queued', () => {
    assert.equal(jobsPerSecond(row({ done: 120, seconds: 6 })), 20);
    assert.equal(jobsPerSecond(row({ jobs: 120, done: 60, seconds: 6 })), 10);
    assert.ok(Number.isNaN(jobsPerSecond(row({ seconds: 0 }))));
  });

  test('ratios compare rates within a workload, whatever the number of jobs of each run', () => {
    const rows = [...runs('e-mail', [10, 5, 2.5]), ...runs('fulfilment', [10, 10, 10])];
    assert.equal(scalingRatio(rows, 'e-mail', 2), 4);
    assert.equal(scalingRatio(rows, 'e-mail', 4), 16);
    assert.equal(scalingRatio(rows, 'fulfilment', 2), 2);
    assert.equal(scalingRatio(rows, 'fulfilment', 4, 2), 2);
    assert.ok(Number.isNaN(scalingRatio(rows, 'fulfilment', 3)));
    assert.ok(Number.isNaN(scalingRatio([row({ done: 0 }), row({ workers: 2 })], 'e-mail', 2)));
  });

  test('the ratio column is to the workload’s run with the fewest processes', () => {
    const rows = [row({ workers: 2, done: 60, seconds: 6 }), row({ workers: 4, done: 120, seconds: 6 })];
    assert.equal(ratioToBaseline(rows, rows[0] as ScalingRow), 1);
    assert.equal(ratioToBaseline(rows, rows[1] as ScalingRow), 2);
  });
});

describe('the checks', () => {
  test('a time-out, a missing job and a job done twice are problems; a clean run has none', () => {
    assert.deepEqual(scalingRowProblems(row()), []);
    assert.deepEqual(scalingRowProblems(row({ workers: 2, done: 100, seconds: 60.04, timedOut: true })), ['e-mail, 2 processes: gave up after 60.0 s with 100 of 120 jobs done']);
    assert.deepEqual(scalingRowProblems(row({ workload: 'fulfilment', done: 119 })), ['fulfilment, 1 process: 119 of 120 jobs done']);
    assert.deepEqual(scalingRowProblems(row({ duplicates: 2 })), ['e-mail, 1 process: 2 jobs done twice']);
  });

  test(`2/1 below ${MIN_TWO_TO_ONE} fails the workload it happens to, and only that one`, () => {
    // 2 processes: 1.9× (met) for e-mail, 1.6× for fulfilment (not met).
    const rows = [...runs('e-mail', [10, 10 / 0.95, 6]), ...runs('fulfilment', [10, 12.5, 8])];
    assert.deepEqual(ratioProblems(rows), ['fulfilment: 2 processes did 1.60 × the jobs per second of 1 (the bar: ≥ 1.8)']);
  });

  test('exactly the bar is met; a ratio that cannot be computed is not', () => {
    assert.deepEqual(ratioProblems([row({ done: 10, seconds: 1 }), row({ workers: 2, done: 18, seconds: 1 })]), []);
    assert.deepEqual(ratioProblems([row(), row({ workers: 2, done: 0 })]), ['e-mail: 2 processes did – × the jobs per second of 1 (the bar: ≥ 1.8)']);
  });

  test('without runs at 1 and 2 processes there is no bar to check', () => {
    assert.deepEqual(ratioProblems([row({ workers: 2 }), row({ workers: 4, done: 60 })]), []);
    assert.deepEqual(ratioProblems([]), []);
  });
});

describe('formatScalingTable', () => {
  test('one line per run, figures right-aligned, runs with problems marked', () => {
    const rows = [...runs('e-mail', [6, 3, 1.5]), row({ workload: 'fulfilment', jobs: 30, done: 29, seconds: 60, timedOut: true })];
    assert.equal(
      formatScalingTable(rows),
      [
        'workload   processes   jobs   done twice  seconds   jobs/s  ratio',
        '-----------------------------------------------------------------',
        'e-mail             1     30     30     0     6.00      5.0   1.00',
        'e-mail             2     60     60     0     3.00     20.0   4.00',
        'e-mail             4    120    120     0     1.50     80.0  16.00',
        'fulfilment         1     30     29     0    60.00      0.5   1.00 !',
      ].join('\n'),
    );
  });

  test('the ratio lines say whether the bar is met, per workload', () => {
    const rows = [...runs('e-mail', [6, 6, 6]), ...runs('fulfilment', [6, 8, 10])];
    assert.equal(formatRatioLines(rows), ['e-mail: 2/1 2.00, 4/1 4.00 (bar 2/1 ≥ 1.8: met)', 'fulfilment: 2/1 1.50, 4/1 2.40 (bar 2/1 ≥ 1.8: NOT met)'].join('\n'));
    assert.equal(formatRatioLines([row({ workers: 2 }), row({ workers: 4, seconds: 3 })]), 'e-mail: 4/2 2.00');
  });
});
