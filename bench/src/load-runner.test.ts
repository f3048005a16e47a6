import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LoadFigures } from './content-report.js';
import type { LoadRun } from './http-load.js';
import { runAfterWarmup } from './load-runner.js';

/** A runner that records its runs and answers each with its duration as the requests/s. */
function recordingRunner() {
  const runs: LoadRun[] = [];
  return {
    runs,
    run: (load: LoadRun): Promise<LoadFigures> => {
      runs.push(load);
      return Promise.resolve({ requests: 1, durationS: load.durationS, rps: load.durationS, p50: 1, p99: 1, statuses: { 200: 1 }, errors: 0, timeouts: 0 });
    },
  };
}

test('runAfterWarmup: the same load for the warm-up, then the measured run, whose figures it gives', async () => {
  const runner = recordingRunner();
  const figures = await runAfterWarmup(runner, { url: 'http://127.0.0.1:1/x', connections: 4, headers: { A: 'b' } }, { warmupS: 1, durationS: 5 });
  assert.equal(figures.rps, 5);
  assert.deepEqual(runner.runs, [
    { url: 'http://127.0.0.1:1/x', connections: 4, headers: { A: 'b' }, durationS: 1 },
    { url: 'http://127.0.0.1:1/x', connections: 4, headers: { A: 'b' }, durationS: 5 },
  ]);
});

test('runAfterWarmup: no warm-up run when it lasts 0 s', async () => {
  const runner = recordingRunner();
  await runAfterWarmup(runner, { url: 'http://127.0.0.1:1/x', connections: 1 }, { warmupS: 0, durationS: 2 });
  assert.deepEqual(runner.runs.map((r) => r.durationS), [2]);
});
