import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceName } from '@tca/contracts';
import { createHttpApp, startService } from '@tca/service-kit';
import { createProxy, type Proxy } from './proxy.js';
import { capturedLog } from './testing/captured-log.js';
import { closedPortUrl, closeServer as close, listenOnLoopback as listen } from './testing/loopback-server.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A service stand-in: records each request; /silent never answers; /hop answers with hop-by-hop headers;
 * /with-id sets its own X-Request-Id; anything else answers 207 with two cookies and the body it got.
 */
class Upstream {
  received: Received[] = [];
  /** Requests whose client (the proxy) went away before the answer. */
  abandoned: string[] = [];
  readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('close', () => {
      if (!res.writableFinished) this.abandoned.push(req.url ?? '');
    });
    req.on('end', () => {
      this.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url?.includes('/silent')) return;
      if (req.url === '/hop') {
        res.writeHead(200, { Connection: 'keep-alive, X-Secret-Hop', 'X-Secret-Hop': 'nope', 'Keep-Alive': 'timeout=5', 'X-Kept': 'yes' });
        res.end('hop');
        return;
      }
      if (req.url === '/with-id') {
        res.writeHead(200, { 'X-Request-Id': 'from-upstream' });
        res.end();
        return;
      }
      res.writeHead(207, 'Multi Things', { 'Content-Type': 'application/octet-stream', 'Set-Cookie': ['a=1; Path=/', 'b=2; Path=/'] });
      res.end(Buffer.concat(chunks));
    });
  });
  url = '';
  async start(): Promise<this> {
    this.url = await listen(this.server);
    return this;
  }
  last(): Received {
    const last = this.received.at(-1);
    assert.ok(last, 'the upstream received nothing');
    return last;
  }
}

/** Polls `check` for up to 3 s (far below the 30 s time-out of the test that uses it). */
async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await sleep(10);
  assert.ok(check(), 'did not happen within 3 s');
}

interface Answer {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(url: string, options: { method?: string; headers?: OutgoingHttpHeaders; body?: Buffer | string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The proxy in front of the stand-ins on a real server: the path's first segment names the service. */
async function startFront(upstreams: Record<ServiceName, string>, options: { timeoutMs?: number; draining?: () => boolean; trustProxy?: readonly string[] } = {}) {
  const log = capturedLog('info');
  const accessed: Array<{ requestId: string; extra: Record<string, unknown>; status: number }> = [];
  const proxy: Proxy = createProxy({
    upstreams,
    timeoutMs: options.timeoutMs ?? 5000,
    logger: log.logger,
    accessLog: (_req: IncomingMessage, res: ServerResponse, requestId, _started, extra) => accessed.push({ requestId, extra, status: res.statusCode }),
    ...(options.draining ? { isDraining: options.draining } : {}),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  let n = 0;
  const server = createServer((req, res) => {
    const service = (req.headers['x-test-service'] ?? 'content') as ServiceName;
    proxy.forward(req, res, service, `rid-${++n}`);
  });
  const url = await listen(server);
  return {
    url,
    accessed,
    log,
    stop: async () => {
      proxy.close();
      await close(server);
    },
  };
}

describe('the API proxy', () => {
  let content: Upstream;
  let identity: Upstream;
  let front: Awaited<ReturnType<typeof startFront>>;
  let downUrl = '';

  before(async () => {
    content = await new Upstream().start();
    identity = await new Upstream().start();
    downUrl = await closedPortUrl();
    front = await startFront({ content: content.url, identity: `${identity.url}/base`, payments: downUrl }, { timeoutMs: 300 });
  });
  after(async () => {
    await front.stop();
    await close(content.server);
    await close(identity.server);
  });
  beforeEach(() => {
    front.accessed.length = 0;
    front.log.lines.length = 0;
  });

  test('method, path, query, headers and body reach the named service unchanged; its answer comes back as it is', async () => {
    const body = Buffer.from([0x7b, 0x00, 0xff, 0x0a, 0x20, 0x7d]);
    const res = await send(`${front.url}/events/get?page=2&q=%20a`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t0k', 'X-Custom': 'yes', 'X-Request-Id': 'ignored-here' }, body });
    const got = content.last();
    assert.equal(got.method, 'PUT');
    assert.equal(got.url, '/events/get?page=2&q=%20a');
    assert.deepEqual(got.body, body);
    assert.equal(got.headers.authorization, 'Bearer t0k');
    assert.equal(got.headers['x-custom'], 'yes');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['x-request-id'], 'rid-1', 'the id the gateway chose, not the client\'s');
    assert.equal(res.status, 207);
    assert.equal(res.statusMessage, 'Multi Things');
    assert.deepEqual(res.body, body);
    assert.deepEqual(res.headers['set-cookie'], ['a=1; Path=/', 'b=2; Path=/']);
    assert.equal(res.headers['x-request-id'], 'rid-1');
    assert.equal(identity.received.length, 0);
  });

  test('from a peer that is not a trusted proxy (TRUST_PROXY unset), X-Forwarded-For, -Proto and -Host are replaced, not extended', async () => {
    await send(`${front.url}/blog/get`);
    const plain = content.last().headers;
    assert.equal(plain['x-forwarded-for'], '127.0.0.1');
    assert.equal(plain['x-forwarded-proto'], 'http');
    assert.equal(plain['x-forwarded-host'], new URL(front.url).host);

    await send(`${front.url}/blog/get`, { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'tamil.example.org' } });
    const forged = content.last().headers;
    assert.equal(forged['x-forwarded-for'], '127.0.0.1', 'the peer, not the address the client chose');
    assert.equal(forged['x-forwarded-proto'], 'http');
    assert.equal(forged['x-forwarded-host'], new URL(front.url).host);
  });

  test('from a trusted proxy (TRUST_PROXY), X-Forwarded-For is extended and its -Proto and -Host are kept', async () => {
    const behindBalancer = await startFront({ content: content.url, identity: identity.url, payments: downUrl }, { trustProxy: ['loopback'] });
    try {
      await send(`${behindBalancer.url}/blog/get`, { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'tamil.example.org' } });
      const behind = content.last().headers;
      assert.equal(behind['x-forwarded-for'], '203.0.113.9, 127.0.0.1');
      assert.equal(behind['x-forwarded-proto'], 'https');
      assert.equal(behind['x-forwarded-host'], 'tamil.example.org');

      await send(`${behindBalancer.url}/blog/get`);
      assert.equal(content.last().headers['x-forwarded-for'], '127.0.0.1');
    } finally {
      await behindBalancer.stop();
    }
  });

  test('a visitor cannot choose the address a service sees as req.ip (its rate-limit key) by forging X-Forwarded-For', async () => {
    const logger = capturedLog('silent').logger;
    const { app, lifecycle } = createHttpApp({ name: 'echo', logger });
    app.get('/ip', (req, res) => {
      res.json({ ip: req.ip });
    });
    const service = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, handleSignals: false });
    const gateway = await startFront({ content: service.url, identity: service.url, payments: service.url });
    try {
      for (const forged of ['203.0.113.9', '198.51.100.1, 203.0.113.9', '127.0.0.1, 10.0.0.1']) {
        const res = await send(`${gateway.url}/ip`, { headers: { 'X-Forwarded-For': forged } });
        assert.equal(res.status, 200);
        assert.deepEqual(JSON.parse(res.body.toString('utf8')), { ip: '127.0.0.1' }, `the gateway's peer, whatever the client put in X-Forwarded-For (${forged})`);
      }
    } finally {
      await gateway.stop();
      await service.stop();
    }
  });

  test('hop-by-hop headers, and those named in Connection, are dropped both ways', async () => {
    await send(`${front.url}/blog/get`, { headers: { Connection: 'close, X-Client-Hop', 'X-Client-Hop': 'drop me', 'Proxy-Authorization': 'Basic x', TE: 'trailers', 'X-Kept': 'yes' } });
    const got = content.last().headers;
    assert.equal(got['x-client-hop'], undefined);
    assert.equal(got['proxy-authorization'], undefined);
    assert.equal(got.te, undefined);
    assert.equal(got['x-kept'], 'yes');

    const res = await send(`${front.url}/hop`);
    assert.equal(res.headers['x-secret-hop'], undefined);
    assert.equal(res.headers['keep-alive'], undefined);
    assert.equal(res.headers['x-kept'], 'yes');
    assert.equal(res.body.toString(), 'hop');
  });

  test('an upstream URL with a path is a prefix; the upstream\'s own X-Request-Id is kept', async () => {
    await send(`${front.url}/auth/login?x=1`, { method: 'POST', headers: { 'X-Test-Service': 'identity' }, body: '{}' });
    assert.equal(identity.last().url, '/base/auth/login?x=1');
    const res = await send(`${front.url}/with-id`);
    assert.equal(res.headers['x-request-id'], 'from-upstream');
  });

  test('an upstream that is down: 502 JSON naming the service, never cached, logged', async () => {
    const res = await send(`${front.url}/create-checkout-session`, { method: 'POST', headers: { 'X-Test-Service': 'payments' }, body: '{}' });
    assert.equal(res.status, 502);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.match(String(res.headers['x-request-id']), /^rid-\d+$/);
    assert.deepEqual(JSON.parse(res.body.toString()), { error: 'upstream_unavailable', message: 'The payments service is unavailable. Please try again later.' });
    const warning = front.log.lines.find((line) => line.msg === 'upstream unavailable');
    assert.equal(warning?.upstream, 'payments');
    assert.equal(warning?.target, downUrl);
  });

  test('an upstream silent for longer than timeoutMs: 504 JSON', async () => {
    const started = Date.now();
    const res = await send(`${front.url}/silent`);
    assert.equal(res.status, 504);
    assert.deepEqual(JSON.parse(res.body.toString()), { error: 'upstream_timeout', message: 'The content service did not answer in time. Please try again later.' });
    assert.ok(Date.now() - started >= 250, 'not before the timeout');
    assert.ok(front.log.lines.some((line) => line.msg === 'upstream timed out'));
  });

  test('one access log call per request, with the service', async () => {
    await send(`${front.url}/blog/get`);
    await send(`${front.url}/auth/me`, { headers: { 'X-Test-Service': 'identity' } });
    await send(`${front.url}/x`, { headers: { 'X-Test-Service': 'payments' } });
    await sleep(20);
    assert.deepEqual(
      front.accessed.map((entry) => [entry.extra.upstream, entry.status]),
      [
        ['content', 207],
        ['identity', 207],
        ['payments', 502],
      ],
    );
    assert.equal(new Set(front.accessed.map((entry) => entry.requestId)).size, 3);
  });

  test('a client that goes away stops the upstream request (long before the timeout)', async () => {
    const patient = await startFront({ content: content.url, identity: content.url, payments: content.url }, { timeoutMs: 30_000 });
    try {
      const before = content.abandoned.length;
      const req = request(`${patient.url}/long/silent`, { agent: false });
      req.on('error', () => undefined);
      req.end();
      await waitUntil(() => content.received.some((r) => r.url === '/long/silent'));
      req.destroy();
      await waitUntil(() => content.abandoned.length > before);
      assert.deepEqual(content.abandoned.slice(before), ['/long/silent']);
    } finally {
      await patient.stop();
    }
  });
});

describe('the API proxy while the gateway drains', () => {
  test('answers carry Connection: close', async () => {
    const content = await new Upstream().start();
    let draining = false;
    const front = await startFront({ content: content.url, identity: content.url, payments: content.url }, { draining: () => draining });
    try {
      assert.notEqual((await send(`${front.url}/blog/get`, { headers: { Connection: 'keep-alive' } })).headers.connection, 'close');
      draining = true;
      assert.equal((await send(`${front.url}/blog/get`, { headers: { Connection: 'keep-alive' } })).headers.connection, 'close');
    } finally {
      await front.stop();
      await close(content.server);
    }
  });
});
