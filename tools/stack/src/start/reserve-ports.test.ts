import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEV_PORTS } from '../project.js';
import { occupiedPort, unusedPort } from '../testing/test-ports.js';
import { chooseServicePort, reserveFrontPorts } from './reserve-ports.js';

test('port 0: any free gateway port, and the run is isolated', async () => {
  const front = await reserveFrontPorts('start', 0);
  assert.ok(front.gatewayPort > 0);
  assert.equal(front.isolated, true);
  assert.equal(front.siteUrl, `http://localhost:${front.gatewayPort}`);
});

test('a taken gateway port is an error that says how to start anyway', async (t) => {
  const port = await occupiedPort(t);
  await assert.rejects(reserveFrontPorts('start', port), new RegExp(`^StackError: Port ${port} is in use \\(another npm start\\?\\)\\. Stop what uses it, or start on any free port: npm start -- --port 0\\.$`));
});

test('dev mode: the gateway must be on 3000 (the shell dev server proxies to it), and the site is the shell dev server', async () => {
  await assert.rejects(reserveFrontPorts('dev', 0), /In dev mode the gateway must use port 3000/);
  // Only the URL is checked when 3000 and the dev ports are taken on this machine.
  await reserveFrontPorts('dev').then(
    (front) => assert.equal(front.siteUrl, `http://localhost:${DEV_PORTS.shell}`),
    (err: Error) => assert.match(err.message, /is in use/),
  );
});

test('a service port: its default when free, never one already planned', async (t) => {
  const preferred = await unusedPort();
  assert.equal(await chooseServicePort(preferred, false, []), preferred);
  const taken = await occupiedPort(t);
  assert.notEqual(await chooseServicePort(taken, false, []), taken);
  const other = await unusedPort();
  assert.notEqual(await chooseServicePort(other, true, []), other, 'isolated runs never use the default');
  const avoided = await chooseServicePort(4001, false, [4001]);
  assert.notEqual(avoided, 4001);
});
