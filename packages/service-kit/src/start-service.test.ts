import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createHttpApp, finishApp } from './http-app.js';
import { createLogger } from './logger.js';
import { startService } from './start-service.js';

/** A promise resolved when a request reaches its handler (waited for instead of guessing how long that takes). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('startService', () => {
  it('drains: readyz says draining, in-flight requests finish, new connections are refused, hooks run in order', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const { app, lifecycle } = createHttpApp({ name: 'test', logger });
    const arrived = signal();
    app.get('/slow', async (_req, res) => {
      arrived.resolve();
      await sleep(300);
      res.json({ done: true });
    });
    finishApp(app, logger);
    const order: string[] = [];
    const running = await startService({
      app,
      port: 0,
      host: '127.0.0.1',
      logger,
      lifecycle,
      graceMs: 5000,
      drainDelayMs: 200,
      handleSignals: false,
      onShutdown: [
        async () => {
          order.push('relay');
        },
        async () => {
          order.push('pool');
        },
      ],
    });

    const slow = fetch(`${running.url}/slow`);
    await arrived.promise; // in flight: the server is handling it
    const stopped = running.stop();
    assert.equal(running.stop(), stopped, 'stop is idempotent');

    const readyz = await fetch(`${running.url}/readyz`);
    assert.equal(readyz.status, 503);
    assert.equal(((await readyz.json()) as { status: string }).status, 'draining');

    const slowRes = await slow;
    assert.equal(slowRes.status, 200);
    assert.deepEqual(await slowRes.json(), { done: true });
    await stopped;
    assert.deepEqual(order, ['relay', 'pool']);
    await assert.rejects(fetch(`${running.url}/healthz`));
  });

  it('cuts requests that outlive the grace period', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const { app, lifecycle } = createHttpApp({ name: 'test', logger });
    const arrived = signal();
    app.get('/hang', () => arrived.resolve());
    finishApp(app, logger);
    const running = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, graceMs: 200, handleSignals: false });
    const hanging = fetch(`${running.url}/hang`);
    hanging.catch(() => undefined); // asserted below; not an unhandled rejection meanwhile
    await arrived.promise;
    const started = Date.now();
    await running.stop();
    assert.ok(Date.now() - started < 2000);
    await assert.rejects(hanging);
  });

  it('answers requests Node cannot parse (a 20 kB address or header, bytes not allowed, not HTTP) with a JSON error and message, not an empty body', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const { app, lifecycle } = createHttpApp({ name: 'test', logger });
    finishApp(app, logger);
    const running = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, handleSignals: false });
    const { port } = new URL(running.url);
    // Raw bytes: an HTTP client would refuse to send these.
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
    try {
      const cases = [
        { request: `GET /healthz?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`, status: 431, error: 'headers_too_large' },
        { request: `GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`, status: 431, error: 'headers_too_large' },
        { request: 'GET /a b c HTTP/1.1\r\nHost: a\r\n\r\n', status: 400, error: 'bad_request' },
        { request: 'this is not HTTP\r\n\r\n', status: 400, error: 'bad_request' },
        { request: 'GET /healthz HTTP/1.1\r\nHost: a\r\nX-Bad\u0000: 1\r\n\r\n', status: 400, error: 'bad_request' },
      ];
      for (const { request, status, error } of cases) {
        const answer = await raw(request);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        assert.match(head, new RegExp(`^HTTP/1.1 ${status} `), `${JSON.stringify(request.slice(0, 60))} → ${answer.slice(0, 60)}`);
        assert.match(head, /\r\nContent-Type: application\/json; charset=utf-8\r\n/);
        const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
        assert.equal(parsed.error, error);
        assert.equal(typeof parsed.message, 'string');
      }
      assert.equal((await fetch(`${running.url}/healthz`)).status, 200, 'still serving');
    } finally {
      await running.stop();
    }
  });
});
