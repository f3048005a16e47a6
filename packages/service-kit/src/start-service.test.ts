import assert from 'node:assert/strict';
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
});
