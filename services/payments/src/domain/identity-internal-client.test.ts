import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { SERVICE_TOKEN_HEADER } from '@tca/contracts';
import { freePort } from '@tca/service-kit/testing';
import { createIdentityInternalClient, IdentityCallError } from './identity-internal-client.js';

interface Seen {
  method: string;
  path: string;
  token: string | undefined;
  body: string;
}

/**
 * A stand-in for one identity replica's /internal/* routes on a free port: answers the eligibility GET and the
 * cancel POST, or (`reset`) destroys the connection once it has read the request. Closed when the test ends.
 */
async function identityReplica(t: TestContext, behaviour: 'answer' | 'reset'): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const token = req.headers[SERVICE_TOKEN_HEADER];
      seen.push({ method: req.method ?? '', path: req.url ?? '', token: typeof token === 'string' ? token : undefined, body });
      if (behaviour === 'reset') return req.socket.destroy();
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'GET') return res.end(JSON.stringify({ allowed: true }));
      res.end(JSON.stringify({ requestId: 'req-1', status: 'Cancelled', cancelled: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const cancel = { reason: 'refunded', cancelledBy: 'refund ord_1 by treasurer@example.org' };

describe('identity internal client with identity\'s replicas listed', () => {
  it('skips a replica that refuses the connection: the GET and the POST (sent once, with its token) reach the next', async (t) => {
    const live = await identityReplica(t, 'answer');
    const client = createIdentityInternalClient({ baseUrl: [`http://127.0.0.1:${await freePort()}`, live.url], serviceToken: 'secret', timeoutMs: 2000 });
    assert.deepEqual(await client.eligibility('u1', 'Silver-Single'), { allowed: true });
    assert.deepEqual(await client.cancelMembership('req-1', cancel), { requestId: 'req-1', status: 'Cancelled', cancelled: true });
    assert.deepEqual(
      live.seen.map((s) => [s.method, s.path.split('?')[0], s.token]),
      [
        ['GET', '/internal/memberships/eligibility', 'secret'],
        ['POST', '/internal/memberships/req-1/cancel', 'secret'],
      ],
    );
    assert.deepEqual(JSON.parse(live.seen[1]?.body ?? ''), cancel);
  });

  it('does not send a POST again after a reset (a transient failure for the worker to retry); a GET goes to the next', async (t) => {
    const [resetting, live] = [await identityReplica(t, 'reset'), await identityReplica(t, 'answer')];
    const client = createIdentityInternalClient({ baseUrl: [resetting.url, live.url], serviceToken: 'secret', timeoutMs: 2000 });
    await assert.rejects(client.cancelMembership('req-1', cancel), (error) => error instanceof IdentityCallError && !error.permanent);
    assert.equal(live.seen.length, 0, 'the POST was sent once');
    // The resetting replica cools down: the next GET goes straight to the live one.
    assert.deepEqual(await client.eligibility('u1', 'Silver-Single'), { allowed: true });
    assert.deepEqual([resetting.seen.length, live.seen.length], [1, 1]);
  });
});
