import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceName } from '@tca/contracts';
import { createProxy, type Proxy } from './proxy.js';
import { loadGatewayConfig, start } from './server.js';
import { capturedLog } from './testing/captured-log.js';
import { closedPortUrl, closeServer, listenOnLoopback } from './testing/loopback-server.js';

type Behaviour = 'answer' | 'draining' | 'unavailable' | 'silent';

/** One replica of a service: counts what it got, answers 200 with its name unless told otherwise. */
class Replica {
  got: Array<{ method: string; url: string; body: string }> = [];
  behaviour: Behaviour = 'answer';
  url = '';
  server: Server;
  constructor(readonly name: string) {
    this.server = this.makeServer();
  }
  private makeServer(): Server {
    return createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.got.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString() });
        if (req.url === '/healthz') {
          res.writeHead(this.behaviour === 'answer' ? 200 : 503).end();
          return;
        }
        if (this.behaviour === 'silent') return;
        if (this.behaviour === 'draining') {
          res.writeHead(503, { Connection: 'close', 'Content-Type': 'application/json' }).end('{"error":"draining"}');
          return;
        }
        if (this.behaviour === 'unavailable') {
          res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"unavailable"}');
          return;
        }
        res.writeHead(200, { 'X-Replica': this.name }).end(this.name);
      });
    });
  }
  async start(): Promise<this> {
    this.url = await listenOnLoopback(this.server);
    return this;
  }
  async stop(): Promise<void> {
    if (this.server.listening) await closeServer(this.server);
  }
  /** Listens again on the same port (a replica that came back). */
  async restart(): Promise<void> {
    this.server = this.makeServer();
    const port = Number(new URL(this.url).port);
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    assert.ok(address !== null && typeof address === 'object' && address.port === port, 'the same port again');
  }
}

/** The proxy on a real server in front of `content`'s replicas (every service goes to them). */
async function front(urls: string[], options: { coolDownMs?: number; timeoutMs?: number } = {}) {
  const log = capturedLog('info');
  const proxy: Proxy = createProxy({
    upstreams: { content: urls, identity: urls, payments: urls },
    timeoutMs: options.timeoutMs ?? 5000,
    coolDownMs: options.coolDownMs ?? 2000,
    logger: log.logger,
    accessLog: () => undefined,
  });
  let n = 0;
  const server = createServer((req, res) => proxy.forward(req, res, 'content' satisfies ServiceName, `rid-${++n}`));
  const url = await listenOnLoopback(server);
  return {
    url,
    log,
    proxy,
    async stop() {
      proxy.close();
      await closeServer(server);
    },
  };
}

async function call(url: string, method = 'GET', body?: string): Promise<{ status: number; text: string; replica: string | null }> {
  const res = await fetch(url, { method, ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/json' } }) });
  return { status: res.status, text: await res.text(), replica: res.headers.get('x-replica') };
}

describe('the proxy across replicas', () => {
  const replicas: Replica[] = [];
  before(async () => {
    for (const name of ['a', 'b', 'c']) replicas.push(await new Replica(name).start());
  });
  after(async () => {
    for (const replica of replicas) await replica.stop();
  });
  const replica = (i: number) => () => replicas[i] as Replica;
  const [a, b, c] = [replica(0), replica(1), replica(2)];
  const reset = () => {
    for (const replica of replicas) {
      replica.got = [];
      replica.behaviour = 'answer';
    }
  };

  test('requests are spread in turn: 30 GETs and POSTs over three replicas, 10 each', async () => {
    reset();
    const gw = await front(replicas.map((r) => r.url));
    try {
      for (let i = 0; i < 30; i++) assert.equal((await call(`${gw.url}/events/list?i=${i}`, i % 2 === 0 ? 'GET' : 'POST', i % 2 === 0 ? undefined : '{}')).status, 200);
      assert.deepEqual(replicas.map((r) => r.got.length), [10, 10, 10]);
    } finally {
      await gw.stop();
    }
  });

  test('one replica down: every GET is answered by another; the dead one is left out for the cool-down', async () => {
    reset();
    const dead = await closedPortUrl();
    const gw = await front([a().url, dead, c().url]);
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(`${gw.url}/blog/list?i=${i}`)));
      assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
      assert.equal(a().got.length + c().got.length, 40);
      for (let i = 0; i < 20; i++) assert.equal((await call(`${gw.url}/blog/list`)).status, 200);
      assert.equal(a().got.length + c().got.length, 60);
      assert.equal(gw.proxy.pool('content').isCoolingDown(dead), true);
      // Concurrent requests may each have met the dead replica before it was marked; after that, none does.
      const retries = gw.log.lines.filter((line) => line.msg === 'upstream replica refused the connection; trying another');
      assert.ok(retries.length >= 1 && retries.length <= 40, `${retries.length} retries`);
      assert.equal(gw.log.lines.filter((line) => line.msg === 'upstream unavailable').length, 0);
    } finally {
      await gw.stop();
    }
  });

  test('a POST sent to a dead replica is answered 502 and not sent again; the next POST goes to a live one', async () => {
    reset();
    const dead = await closedPortUrl();
    const gw = await front([dead, b().url]);
    try {
      const first = await call(`${gw.url}/create-checkout-session`, 'POST', '{"level":"family"}');
      assert.equal(first.status, 502);
      assert.equal(JSON.parse(first.text).error, 'upstream_unavailable');
      assert.equal(b().got.length, 0, 'a request with a body is never retried');
      const second = await call(`${gw.url}/create-checkout-session`, 'POST', '{"level":"family"}');
      assert.equal(second.status, 200);
      assert.deepEqual(b().got, [{ method: 'POST', url: '/create-checkout-session', body: '{"level":"family"}' }]);
    } finally {
      await gw.stop();
    }
  });

  test('a draining replica\'s 503 (Connection: close) is retried on another for a GET, passed on for a POST; a plain 503 is passed on', async () => {
    reset();
    const gw = await front([a().url, b().url], { coolDownMs: 60_000 });
    try {
      a().behaviour = 'draining';
      const get = await call(`${gw.url}/news/list`);
      assert.deepEqual([get.status, get.replica], [200, 'b']);
      assert.equal(a().got.length, 1);
      assert.equal(gw.proxy.pool('content').isCoolingDown(a().url), true, 'a draining replica is left out of turn');

      gw.proxy.pool('content').markUp(a().url);
      const post = await call(`${gw.url}/forms/contact`, 'POST', '{}');
      assert.equal(post.status, 503);
      assert.equal(b().got.filter((r) => r.method === 'POST').length, 0);

      a().behaviour = 'answer';
      b().behaviour = 'unavailable';
      gw.proxy.pool('content').markUp(a().url);
      const statuses = [(await call(`${gw.url}/x`)).status, (await call(`${gw.url}/x`)).status];
      assert.deepEqual(statuses.sort(), [200, 503], 'a 503 without Connection: close is the service\'s answer');
    } finally {
      await gw.stop();
    }
  });

  test('every replica draining: the last 503 is passed on, each replica asked once', async () => {
    reset();
    const gw = await front([a().url, b().url, c().url]);
    try {
      for (const replica of replicas) replica.behaviour = 'draining';
      const res = await call(`${gw.url}/news/list`);
      assert.equal(res.status, 503);
      assert.deepEqual(replicas.map((r) => r.got.length), [1, 1, 1]);
    } finally {
      await gw.stop();
    }
  });

  test('a GET that times out is answered 504 and not sent to another replica', async () => {
    reset();
    const gw = await front([a().url, b().url], { timeoutMs: 200 });
    try {
      a().behaviour = 'silent';
      const res = await call(`${gw.url}/slow`);
      assert.equal(res.status, 504);
      assert.equal(b().got.length, 0);
    } finally {
      await gw.stop();
    }
  });

  test('every replica down: 502 after one try each', async () => {
    const dead = [await closedPortUrl(), await closedPortUrl()];
    const gw = await front(dead);
    try {
      const res = await call(`${gw.url}/blog/list`);
      assert.equal(res.status, 502);
      assert.equal(gw.log.lines.filter((line) => line.msg === 'upstream replica refused the connection; trying another').length, 1);
      // Both cooling down: they are tried anyway (a service that comes back is found at once).
      assert.equal((await call(`${gw.url}/blog/list`)).status, 502);
    } finally {
      await gw.stop();
    }
  });

  test('a replica that comes back is taken in turn again once its cool-down is over', async () => {
    reset();
    const gw = await front([a().url, b().url], { coolDownMs: 300 });
    try {
      await a().stop();
      for (let i = 0; i < 4; i++) assert.equal((await call(`${gw.url}/blog/list`)).replica, 'b');
      await a().restart();
      for (let i = 0; i < 4; i++) assert.equal((await call(`${gw.url}/blog/list`)).replica, 'b', 'still cooling down');
      await sleep(350);
      const after = [];
      for (let i = 0; i < 4; i++) after.push((await call(`${gw.url}/blog/list`)).replica);
      assert.deepEqual(after.sort(), ['a', 'a', 'b', 'b']);
    } finally {
      await gw.stop();
    }
  });
});

describe('the gateway with replicas', () => {
  test('CONTENT_URL lists replicas; /readyz is ready while any replica of each service answers /healthz', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-replicas-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    const live = await new Replica('live').start();
    const sick = await new Replica('sick').start();
    sick.behaviour = 'unavailable';
    const dead = await closedPortUrl();
    const gateway = await start(loadGatewayConfig({ PORT: '0', LOG_LEVEL: 'silent', SHELL_DIR: dir, CONTENT_URL: `${dead},${live.url}`, IDENTITY_URL: `${sick.url}, ${live.url}`, PAYMENTS_URL: live.url, CONTENT_LIST_CACHE_MS: '0' }));
    try {
      assert.equal((await fetch(`${gateway.url}/readyz`)).status, 200);
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${gateway.url}/events/list`).then((res) => res.status)));
      assert.deepEqual(new Set(answers), new Set([200]));
      live.behaviour = 'unavailable';
      const res = await fetch(`${gateway.url}/readyz`);
      assert.equal(res.status, 503);
      assert.deepEqual(((await res.json()) as { checks: unknown }).checks, { shell: 'ok', content: 'failed', identity: 'failed', payments: 'failed' });
    } finally {
      await gateway.stop();
      await live.stop();
      await sick.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
