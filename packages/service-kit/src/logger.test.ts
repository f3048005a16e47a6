import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createHttpApp, finishApp } from './http-app.js';
import { createLogger } from './logger.js';
import { startService } from './start-service.js';
import { runWithStalledStdout } from './testing/stalled-stdout.js';

const LOGGER_MODULE = fileURLToPath(new URL('./logger.ts', import.meta.url));

describe('createLogger', () => {
  it('writes pino JSON with the name and level, and redacts credentials', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const logger = createLogger({ name: 'kit', level: 'info', destination });
    logger.debug('not at info');
    logger.info({ req: { headers: { authorization: 'Bearer secret', cookie: 'sid=secret' } } }, 'request');
    assert.equal(lines.length, 1);
    const line = JSON.parse(lines[0] ?? '') as { name: string; level: number; msg: string; req: { headers: Record<string, string> } };
    assert.equal(line.name, 'kit');
    assert.equal(line.level, 30);
    assert.equal(line.msg, 'request');
    assert.deepEqual(line.req.headers, { authorization: '[redacted]', cookie: '[redacted]' });
  });

  it('keeps the service token, credentials and reset tokens out of the request log', async (t) => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        callback();
      },
    });
    const logger = createLogger({ name: 'kit', level: 'info', destination });
    const { app, lifecycle } = createHttpApp({ name: 'kit', logger });
    finishApp(app, logger);
    const running = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, handleSignals: false });
    t.after(() => running.stop());
    const secrets = { serviceToken: 'service-token-0123456789abcdef', resetToken: 'reset-token-Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE', bearer: 'bearer-secret-42', cookie: 'sid-secret-42' };
    const res = await fetch(`${running.url}/reset-password/${secrets.resetToken}?from=mail`, {
      headers: {
        'X-Service-Token': secrets.serviceToken,
        Authorization: `Bearer ${secrets.bearer}`,
        Cookie: `sid=${secrets.cookie}`,
        Referer: `https://tamil.example.org/reset-password/${secrets.resetToken}`,
      },
    });
    assert.equal(res.status, 404);
    await res.body?.cancel();
    const requestLine = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string; headers: Record<string, string> } }).find((l) => l.msg === 'request completed');
    assert.ok(requestLine?.req, `a request line was logged: ${lines.join('\n')}`);
    assert.equal(requestLine.req.url, '/reset-password/[redacted]?from=mail');
    assert.equal(requestLine.req.headers['x-service-token'], '[redacted]');
    assert.equal(requestLine.req.headers.referer, 'https://tamil.example.org/reset-password/[redacted]');
    const all = lines.join('\n');
    for (const [name, secret] of Object.entries(secrets)) assert.ok(!all.includes(secret), `${name} is not in the log`);
  });

  it('writes stdout in order: a full pipe delays lines but never reorders or loses them, even at process.exit', { timeout: 60_000 }, async (t) => {
    // The child writes far more than a pipe holds while nobody reads (its writes then meet EAGAIN, and
    // past LogOutput's buffer limit wait), yielding to the event loop now and then as a busy service does
    // (pino's asynchronous stream would then retry a failed write later, and its exit flush write later
    // lines first), logs "shutting down" and "stopped", and exits at once, as a worker does on SIGTERM.
    const count = 2000;
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOGGER_MODULE)});
      process.stdout; // Node makes a piped stdout non-blocking: writes can fail with EAGAIN
      const logger = createLogger({ name: 'order-test' });
      const padding = 'x'.repeat(1000);
      for (let i = 0; i < ${count}; i += 1) {
        logger.info({ i, padding }, 'line');
        if (i % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      logger.info('shutting down');
      logger.info('stopped');
      process.exit(0);
    `;
    const { code, stderr, jsonLines } = await runWithStalledStdout(t, script, () => sleep(500));
    assert.equal(code, 0, stderr);
    const messages = jsonLines();
    assert.equal(messages.length, count + 2, 'every line arrived');
    messages.slice(0, count).forEach((m, index) => assert.equal(m.i, index, `line ${index} in its place`));
    assert.deepEqual(
      messages.slice(count).map((m) => m.msg),
      ['shutting down', 'stopped'],
    );
  });
});
