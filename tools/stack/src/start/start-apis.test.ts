import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProcessSpec } from '../processes.js';
import { isApiReplica } from './child-supervisor.js';
import { apiReplicas, planApiPorts, replicaUrlLists } from './start-apis.js';
import { splitCopyName } from './stack-processes.js';

const api = (name: string, port: number): ProcessSpec => ({ name, service: name, entry: 'index', kind: 'api', env: 'service', port });
const apis = [api('content', 4001), api('identity', 4002), api('payments', 4003)];

test('replicas are named as worker copies: the first as its API, then <api>-2, <api>-3', () => {
  assert.deepEqual(
    apiReplicas(apis, { content: 2, payments: 3 }).map((r) => [r.name, r.api.name, r.index]),
    [
      ['content', 'content', 1],
      ['content-2', 'content', 2],
      ['identity', 'identity', 1],
      ['payments', 'payments', 1],
      ['payments-2', 'payments', 2],
      ['payments-3', 'payments', 3],
    ],
  );
  assert.deepEqual(splitCopyName('payments-3'), { process: 'payments', replica: 3 });
  assert.deepEqual(splitCopyName('tickets-worker'), { process: 'tickets-worker', replica: 1 });
  assert.equal(isApiReplica('content-2'), true);
  assert.equal(isApiReplica('identity'), true);
  assert.equal(isApiReplica('mailer-2'), false);
});

test('every replica gets its own port (isolated: all free ports); the gateway and every service and worker get each API\'s list', async () => {
  const replicas = { content: 2, identity: 2, payments: 2 };
  const ports = await planApiPorts(apis, true, replicas);
  assert.deepEqual([...ports.keys()], ['content', 'content-2', 'identity', 'identity-2', 'payments', 'payments-2']);
  assert.equal(new Set(ports.values()).size, 6, 'six distinct ports');
  for (const port of ports.values()) assert.ok(port > 0 && ![4001, 4002, 4003].includes(port));

  const urls = Object.fromEntries([...ports].map(([name, port]) => [name, `http://127.0.0.1:${port}`]));
  assert.deepEqual(replicaUrlLists(apis, replicas, urls), {
    CONTENT_URL: `${urls.content},${urls['content-2']}`,
    IDENTITY_URL: `${urls.identity},${urls['identity-2']}`,
    PAYMENTS_URL: `${urls.payments},${urls['payments-2']}`,
  });
  // One replica (the default): one URL, as before.
  assert.deepEqual(replicaUrlLists(apis, {}, urls), { CONTENT_URL: urls.content, IDENTITY_URL: urls.identity, PAYMENTS_URL: urls.payments });
});

test('not isolated: the first replica keeps its default port when free, the others take free ones', async () => {
  const ports = await planApiPorts([api('content', 0)], false, { content: 3 });
  assert.equal(new Set(ports.values()).size, 3);
});
