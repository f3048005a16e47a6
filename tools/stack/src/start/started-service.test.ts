import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStackContext } from './stack-context.js';
import { waitForServices, type StartedService } from './started-service.js';

function service(name: string, ready: Promise<void>): StartedService {
  ready.catch(() => undefined); // observed by waitForServices; not an unhandled rejection meanwhile
  return { name, url: `http://127.0.0.1/${name}`, healthUrl: `http://127.0.0.1/${name}/readyz`, ready };
}

function context(mode: 'start' | 'dev') {
  const warnings: string[] = [];
  return { ctx: { ...createStackContext({ mode, quiet: true }), warn: (text: string) => warnings.push(text) }, warnings };
}

test('health URLs in the order the services are listed, whatever order they become ready in', async () => {
  const { ctx } = context('start');
  const slow = new Promise<void>((resolve) => setTimeout(resolve, 30));
  const outcome = await waitForServices(ctx, [Promise.resolve(service('content', slow)), Promise.resolve(service('identity', Promise.resolve()))]);
  assert.deepEqual(Object.keys(outcome.healthUrls), ['content', 'identity']);
  assert.deepEqual(
    outcome.started.map((s) => s.name),
    ['content', 'identity'],
  );
});

test('npm start fails on the first service that does not come up', async () => {
  const { ctx } = context('start');
  await assert.rejects(
    waitForServices(ctx, [Promise.resolve(service('content', Promise.resolve())), Promise.resolve(service('identity', Promise.reject(new Error('identity exited'))))]),
    /identity exited/,
  );
});

test('npm run dev warns and goes on; a service whose port is final is listed even when it is not ready', async () => {
  const { ctx, warnings } = context('dev');
  const outcome = await waitForServices(ctx, [
    Promise.reject(new Error('content exited before it was ready')),
    Promise.resolve(service('identity', Promise.reject(new Error('identity was not ready')))),
    Promise.resolve(service('payments', Promise.resolve())),
  ]);
  assert.deepEqual(warnings, ['content exited before it was ready', 'identity was not ready']);
  assert.deepEqual(Object.keys(outcome.healthUrls), ['identity', 'payments']);
});
