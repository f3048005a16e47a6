import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { LogOutput } from './log-output.js';
import { runWithStalledStdout } from './testing/stalled-stdout.js';

const LOGGER_MODULE = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** A stand-in for write(2): records what it took, takes at most `limit` bytes, or fails as `fail` says. */
class FakeFd {
  written: string[] = [];
  calls = 0;
  limit = Number.POSITIVE_INFINITY;
  fail: (call: number) => string | undefined = () => undefined;

  write = (_fd: number, data: Buffer): number => {
    this.calls += 1;
    const code = this.fail(this.calls);
    if (code) throw Object.assign(new Error(code), { code });
    const taken = Math.min(this.limit, data.length);
    this.written.push(data.subarray(0, taken).toString('utf8'));
    return taken;
  };

  get text(): string {
    return this.written.join('');
  }
}

describe('LogOutput', () => {
  it('writes the lines of one turn after it, in one write, in order', async () => {
    const fd = new FakeFd();
    const output = new LogOutput({ write: fd.write });
    output.write('a\n');
    output.write('b\n');
    output.write('c\n');
    assert.equal(fd.calls, 0, 'nothing written during the turn');
    await nextTurn();
    assert.deepEqual(fd.written, ['a\nb\nc\n']);
    output.write('d\n');
    await nextTurn();
    assert.deepEqual(fd.written, ['a\nb\nc\n', 'd\n']);
  });

  it('keeps the lines while the output is full (EAGAIN) without waiting, and writes them in order when it takes them again', async () => {
    const fd = new FakeFd();
    fd.fail = (call) => (call <= 3 ? 'EAGAIN' : undefined);
    const output = new LogOutput({ write: fd.write, retryMs: 1 });
    const started = performance.now();
    for (let i = 0; i < 5; i += 1) output.write(`${i}\n`);
    await nextTurn();
    output.write('5\n');
    assert.ok(performance.now() - started < 50, 'write never waits for a full output');
    for (let i = 0; i < 50 && fd.text.length < 12; i += 1) await sleep(5);
    assert.equal(fd.text, '0\n1\n2\n3\n4\n5\n');
    assert.equal(output.buffered, 0);
  });

  it('writes the rest of a chunk the output took only part of', async () => {
    const fd = new FakeFd();
    fd.limit = 3;
    const output = new LogOutput({ write: fd.write });
    output.write('first line\n');
    output.write('second line\n');
    await nextTurn();
    assert.equal(fd.text, 'first line\nsecond line\n');
  });

  it('past maxBufferedBytes a line waits for the output, so memory stays bounded', () => {
    const fd = new FakeFd();
    fd.fail = (call) => (call <= 2 ? 'EAGAIN' : undefined);
    const output = new LogOutput({ write: fd.write, maxBufferedBytes: 10, retryMs: 1 });
    output.write('12345\n');
    assert.equal(fd.calls, 0);
    output.write('67890\n');
    assert.equal(fd.text, '12345\n67890\n', 'written before write returned');
  });

  it('flushSync and flush write everything at once; after endSync every line is written before write returns', async () => {
    const fd = new FakeFd();
    const output = new LogOutput({ write: fd.write });
    output.write('a\n');
    output.flushSync();
    assert.equal(fd.text, 'a\n');
    output.write('b\n');
    let called = false;
    output.flush(() => (called = true));
    assert.equal(fd.text, 'a\nb\n');
    assert.ok(called);
    output.endSync();
    output.write('c\n');
    assert.equal(fd.text, 'a\nb\nc\n');
    await nextTurn();
    assert.equal(fd.calls, 3, 'nothing left for later');
  });

  it('an output that is gone (EPIPE) drops the lines and counts them instead of throwing', async () => {
    const fd = new FakeFd();
    fd.fail = () => 'EPIPE';
    const output = new LogOutput({ write: fd.write });
    output.write('a\n');
    output.write('b\n');
    await nextTurn();
    assert.equal(output.dropped, 2);
    assert.equal(output.buffered, 0);
  });

  it('a process whose stdout reader stalls keeps running, and every line is out, in order, at process.exit', { timeout: 60_000 }, async (t) => {
    // 300 lines of 1 KB fill the pipe (64 KB) while the parent does not read; the child then times how
    // long a 1 ms timer takes. A synchronous write would hold it until the parent reads again (500 ms).
    const count = 300;
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOGGER_MODULE)});
      process.stdout; // Node makes a piped stdout non-blocking: writes can fail with EAGAIN
      const logger = createLogger({ name: 'stall-test' });
      const padding = 'x'.repeat(1000);
      for (let i = 0; i < ${count}; i += 1) {
        logger.info({ i, padding }, 'line');
        if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      const started = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1));
      process.stderr.write('timer ' + (Date.now() - started) + '\\n');
      logger.info('stopped');
      process.exit(0);
    `;
    const { code, stderr, jsonLines } = await runWithStalledStdout(t, script, async (stderrSoFar) => {
      for (let i = 0; i < 400 && !/timer \d+/.test(stderrSoFar()); i += 1) await sleep(25);
    });
    const timerMs = Number(/timer (\d+)/.exec(stderr)?.[1]);
    assert.equal(code, 0, stderr);
    assert.ok(timerMs < 400, `the 1 ms timer took ${timerMs} ms while the pipe was full`);
    const messages = jsonLines();
    assert.equal(messages.length, count + 1, 'every line arrived');
    messages.slice(0, count).forEach((m, index) => assert.equal(m.i, index, `line ${index} in its place`));
    assert.equal(messages.at(-1)?.msg, 'stopped');
  });
});
