import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { processStopper } from './child.js';

/** A Node process that prints "up" once it is listening for signals; `ignoreTerm`: it shrugs SIGTERM off. */
async function startSleeper(ignoreTerm: boolean) {
  const script = `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000); console.log('up');`;
  const proc = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = processStopper(proc, 300);
  await once(proc.stdout, 'data');
  return { proc, stop };
}

test('processStopper: SIGTERM, and the promise resolves once the process has exited', async () => {
  const { proc, stop } = await startSleeper(false);
  await stop();
  assert.equal(proc.signalCode, 'SIGTERM');
  await stop();
});

test('processStopper: SIGKILL after the grace time when SIGTERM is ignored', async () => {
  const { proc, stop } = await startSleeper(true);
  const started = performance.now();
  await stop();
  assert.equal(proc.signalCode, 'SIGKILL');
  assert.ok(performance.now() - started >= 250, 'killed before the grace time');
});

test('processStopper: a process that has exited already is left alone', async () => {
  const proc = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
  const stop = processStopper(proc);
  await once(proc, 'exit');
  await stop();
  assert.equal(proc.exitCode, 3);
  assert.equal(proc.killed, false);
});
