import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { createReplicaFetch, serviceCaller } from './replica-fetch.js';
import { freePort } from './testing/processes.js';

type Behaviour = 'answer' | 'reset' | 'hang' | 'unavailable';

interface Replica {
  url: string;
  /** The requests it received: method and body. */
  received: Array<{ method: string; path: string; body: string }>;
  behaviour: Behaviour;
}

const servers: Server[] = [];
after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A real HTTP server on a free port: answers `{ replica: <n> }`, resets the connection, hangs, or answers 503. */
async function replica(behaviour: Behaviour = 'answer'): Promise<Replica> {
  const state: Replica = { url: '', received: [], behaviour };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      state.received.push({ method: req.method ?? '', path: req.url ?? '', body });
      if (state.behaviour === 'reset') req.socket.destroy();
      else if (state.behaviour === 'unavailable') res.writeHead(503).end('draining');
      else if (state.behaviour === 'answer') res.writeHead(200, { 'Content-Type': 'text/plain' }).end(state.url);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A base URL where nothing listens: connections are refused. */
async function closedUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

const post = (body: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'text/plain' }, body });

describe('replica fetch', () => {
  test('with one replica closed every call succeeds, GET and POST, on the replicas that are up', async () => {
    const [a, b] = [await replica(), await replica()];
    const bases = createReplicaFetch([await closedUrl(), a.url, b.url]);
    const first = bases.pool.urls[0] as string;
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await bases.fetch(`${first}/auth/session?n=${i}`, i % 3 === 0 ? post(`body ${i}`) : {});
      assert.equal(response.status, 200);
      answers.push(await response.text());
    }
    assert.equal(a.received.length + b.received.length, 12, 'each call reached one replica once');
    assert.ok(a.received.length >= 4 && b.received.length >= 4, `both live replicas answered (${a.received.length}, ${b.received.length})`);
    assert.deepEqual(new Set(answers), new Set([a.url, b.url]));
    assert.ok([...a.received, ...b.received].every((r) => r.path.startsWith('/auth/session?n=')), 'the path and query are kept');
    assert.equal(bases.pool.isCoolingDown(first), true, 'the closed replica cools down');
  });

  test('a POST whose connection was refused goes to the next replica, once, with its body', async () => {
    const live = await replica();
    const closed = await closedUrl();
    const { fetch: call } = createReplicaFetch([closed, live.url]);
    const response = await call(`${closed}/internal/memberships`, post('{"requestId":"r1"}'));
    assert.equal(response.status, 200);
    assert.deepEqual(live.received, [{ method: 'POST', path: '/internal/memberships', body: '{"requestId":"r1"}' }]);
  });

  test('a POST whose connection was reset is not sent again; a GET is, to the next replica', async () => {
    const [resetting, live] = [await replica('reset'), await replica()];
    const { fetch: call } = createReplicaFetch([resetting.url, live.url]);
    await assert.rejects(call(`${resetting.url}/internal/memberships`, post('once')), (error: Error) => error.message === 'fetch failed');
    assert.equal(resetting.received.length, 1);
    assert.equal(live.received.length, 0, 'the POST was not retried');

    // The resetting replica cools down now: a GET would skip it. Wait the cool-down out with a short one instead.
    const short = createReplicaFetch([resetting.url, live.url], { coolDownMs: 1 });
    const response = await short.fetch(`${resetting.url}/auth/session`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), live.url);
    assert.equal(resetting.received.length, 2, 'the GET met the reset first');
    assert.deepEqual(live.received.map((r) => r.method), ['GET']);
  });

  test('an answer is never retried, whatever its status; nor a time-out', async () => {
    const [draining, hanging, live] = [await replica('unavailable'), await replica('hang'), await replica()];
    const one = createReplicaFetch([draining.url, live.url]);
    assert.equal((await one.fetch(`${draining.url}/auth/session`)).status, 503);
    assert.equal(live.received.length, 0);

    const two = createReplicaFetch([hanging.url, live.url]);
    await assert.rejects(two.fetch(`${hanging.url}/auth/session`, { signal: AbortSignal.timeout(150) }), (error: Error) => error.name === 'TimeoutError');
    assert.equal(hanging.received.length, 1);
    assert.equal(live.received.length, 0, 'the timed-out GET was not sent again');
  });

  test('round-robin spreads the calls evenly; every replica refusing throws the last error', async () => {
    const replicas = [await replica(), await replica(), await replica()];
    const { fetch: call } = createReplicaFetch(replicas.map((r) => `${r.url}/`));
    for (let i = 0; i < 30; i++) await (await call(`${replicas[0]?.url}/x`)).text();
    assert.deepEqual(replicas.map((r) => r.received.length), [10, 10, 10]);

    const closed = [await closedUrl(), await closedUrl()];
    await assert.rejects(createReplicaFetch(closed).fetch(`${closed[0]}/x`, post('x')), (error: Error) => error.message === 'fetch failed');
  });

  test('calls not under the first base URL, and one base URL, go to the wrapped fetch unchanged', async () => {
    const [a, b, other] = [await replica(), await replica(), await replica()];
    const sent: string[] = [];
    const spy: typeof fetch = (input, init) => {
      sent.push(input instanceof Request ? input.url : input.toString());
      return fetch(input, init);
    };
    const many = createReplicaFetch([a.url, b.url], { fetch: spy });
    await (await many.fetch(`${other.url}/y`)).text();
    await (await many.fetch(`${a.url}0/y`).catch(() => new Response(''))).text();
    assert.equal(sent[0], `${other.url}/y`);
    assert.equal(sent[1], `${a.url}0/y`, 'a longer port is another origin');

    const single = serviceCaller(a.url, spy);
    assert.equal(single.baseUrl, a.url);
    await (await single.fetch(`${a.url}/z`)).text();
    await (await single.fetch(`${a.url}/z`)).text();
    assert.deepEqual(sent.slice(2), [`${a.url}/z`, `${a.url}/z`]);
    assert.equal(b.received.length, 0);
  });
});
