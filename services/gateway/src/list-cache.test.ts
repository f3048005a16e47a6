import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serviceForPath } from '@tca/contracts';
import { createAccessLog, type HitLogMode } from './access-log.js';
import { askedEncoding, createListCache, etagMatches, isCacheableRequest, PUBLIC_LIST_PATHS, storableVary, type ListCache } from './list-cache.js';
import { createProxy, type Proxy } from './proxy.js';
import { loadGatewayConfig, start, type RunningGateway } from './server.js';
import { capturedLog } from './testing/captured-log.js';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A content service stand-in: lists with a strong ETag per version, 304 on If-None-Match, and switches for the odd answers. */
class FakeContent {
  version = 1;
  seen: Seen[] = [];
  /** Extra headers of the next answers (Set-Cookie, Vary, Cache-Control …). */
  extra: OutgoingHttpHeaders = {};
  status = 200;
  /** Answers after this long (ms); Infinity: never. */
  delayMs = 0;
  /**
   * Compresses as the content service does: br, then gzip, when the request accepts it, with Vary:
   * Accept-Encoding and an ETag per encoding ("v1-br"). `'br without Vary'`: a broken service that sends br
   * to everyone and says nothing.
   */
  encoding: 'off' | 'negotiate' | 'br without Vary' = 'off';
  server: Server;
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      this.seen.push({ url: req.url ?? '', headers: req.headers });
      const answer = () => {
        const accepted = (req.headers['accept-encoding'] ?? '').split(',').map((coding) => coding.trim());
        const coding =
          this.encoding === 'br without Vary' ? 'br' : this.encoding === 'negotiate' ? (['br', 'gzip'] as const).find((c) => accepted.includes(c)) : undefined;
        const etag = coding ? `"v${this.version}-${coding}"` : `"v${this.version}"`;
        const headers: OutgoingHttpHeaders = { ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'X-Request-Id': String(req.headers['x-request-id']), ...this.extra };
        if (this.encoding === 'negotiate') headers.Vary = 'Accept-Encoding';
        if (this.status === 200 && req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers).end();
          return;
        }
        const identity = Buffer.from(FakeContent.list(req.url ?? '', this.version));
        const body = coding === 'br' ? brotliCompressSync(identity) : coding === 'gzip' ? gzipSync(identity) : identity;
        if (coding) headers['Content-Encoding'] = coding;
        res.writeHead(this.status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length }).end(body);
      };
      if (this.delayMs === Number.POSITIVE_INFINITY) return;
      if (this.delayMs > 0) setTimeout(answer, this.delayMs).unref();
      else answer();
    });
  }

  /** The identity bytes of a list (long enough that compression pays). */
  static list(path: string, version: number): string {
    return JSON.stringify([{ path, version, text: 'The committee thanks every member who came. '.repeat(20) }]);
  }

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  requestsFor(path: string): Seen[] {
    return this.seen.filter((s) => s.url === path);
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The bytes as sent (compressed when Content-Encoding says so). */
  bytes: Buffer;
}

function get(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The cache in front of a FakeContent, wired like the gateway's handler; the clock is the test's. */
class Harness {
  clock = 1000;
  private readonly log = capturedLog('info');
  readonly lines = this.log.lines;
  content = new FakeContent();
  cache!: ListCache;
  proxy!: Proxy;
  server!: Server;
  url = '';
  private nextId = 1;

  private stopped = false;

  async start(maxAgeMs = 100, timeoutMs = 2000, hitLog?: HitLogMode): Promise<void> {
    await this.content.listen();
    const logger = this.log.logger;
    this.proxy = createProxy({ upstreams: { content: this.content.url, identity: this.content.url, payments: this.content.url }, timeoutMs, logger });
    this.cache = createListCache({
      upstream: this.content.url,
      maxAgeMs,
      timeoutMs,
      logger,
      accessLog: createAccessLog(logger),
      ...(hitLog ? { hitLog } : {}),
      forward: (req, res, requestId) => this.proxy.forward(req, res, 'content', requestId),
      now: () => this.clock,
    });
    this.server = createServer((req, res) => {
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      const requestId = `rid-${this.nextId++}`;
      if (!this.cache.handle(req, res, pathname, requestId)) this.proxy.forward(req, res, 'content', requestId);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.cache.close();
    this.proxy.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.content.server.listening) await this.content.stop();
  }

  get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return get(this.url, path, headers, method);
  }
}

describe('list cache', () => {
  let h: Harness;
  beforeEach(async () => {
    h = new Harness();
    await h.start();
  });
  afterEach(async () => {
    await h.stop();
  });

  test('answers a list from memory until maxAgeMs after the service last confirmed it, with the service headers and a new request id', async () => {
    const first = await h.get('/blog/get');
    assert.equal(first.status, 200);
    assert.equal(first.body, FakeContent.list('/blog/get', 1));
    assert.equal(first.headers.etag, '"v1"');
    assert.equal(first.headers['x-request-id'], 'rid-1');
    h.clock += 99;
    const second = await h.get('/blog/get', { 'X-Request-Id': 'ignored-here' });
    assert.equal(h.content.requestsFor('/blog/get').length, 1, 'the second answer came from memory');
    assert.equal(second.body, first.body);
    assert.equal(second.headers['x-request-id'], 'rid-2');
    for (const name of ['etag', 'cache-control', 'content-type', 'content-length', 'x-content-type-options']) assert.equal(second.headers[name], first.headers[name], name);
    assert.ok(second.headers.date);
    // The request that waited for the service has its line; hits are counted (next test).
    const logged = h.lines.filter((l) => l.msg === 'request completed');
    assert.deepEqual(
      logged.map((l) => [l.reqId, l.cache, (l.res as { statusCode: number }).statusCode]),
      [['rid-1', 'refreshed', 200]],
    );
  });

  test('hits are counted per path and status in one "list cache hits" line (written every minute and at close)', async () => {
    await h.get('/blog/get');
    await h.get('/blog/get');
    await h.get('/blog/get', { 'If-None-Match': '"v1"' });
    await h.get('/events/get');
    await h.get('/events/get', {}, 'HEAD');
    await h.stop();
    const summary = h.lines.filter((l) => l.msg === 'list cache hits');
    assert.equal(summary.length, 1);
    assert.deepEqual(summary[0]?.hits, { '/blog/get': { 200: 1, 304: 1 }, '/events/get': { 200: 1 } });
    assert.equal(summary[0]?.total, 3);
    assert.deepEqual(
      h.lines.filter((l) => l.msg === 'request completed').map((l) => l.reqId),
      ['rid-1', 'rid-4'],
    );
  });

  test('an import shows once maxAgeMs has passed: the old answer is revalidated with its ETag first', async () => {
    await h.get('/events/get');
    h.content.version = 2; // an import: the service now answers the new list
    h.clock += 99;
    assert.match((await h.get('/events/get')).body, /"version":1/, 'still within the bound');
    h.clock += 1;
    const fresh = await h.get('/events/get');
    assert.match(fresh.body, /"version":2/);
    assert.equal(fresh.headers.etag, '"v2"');
    const asked = h.content.requestsFor('/events/get');
    assert.equal(asked.length, 2);
    assert.equal(asked[1]?.headers['if-none-match'], '"v1"');
  });

  test("the service's 304 renews the kept answer", async () => {
    await h.get('/gallery/get');
    h.clock += 150;
    const again = await h.get('/gallery/get');
    assert.equal(again.status, 200);
    assert.match(again.body, /"version":1/);
    h.clock += 99;
    await h.get('/gallery/get');
    assert.equal(h.content.requestsFor('/gallery/get').length, 2, 'renewed at the revalidation, then served from memory');
  });

  test('from half of maxAgeMs on, a hit is answered at once and renewed in the background', async () => {
    await h.get('/sponsorship/get');
    h.content.delayMs = 2000;
    h.clock += 60;
    const started = Date.now();
    const hit = await h.get('/sponsorship/get');
    assert.ok(Date.now() - started < 1500, 'did not wait for the service');
    assert.match(hit.body, /"version":1/);
    for (let i = 0; i < 100 && h.content.requestsFor('/sponsorship/get').length < 2; i++) await sleep(10);
    assert.equal(h.content.requestsFor('/sponsorship/get').length, 2);
    assert.equal(h.content.requestsFor('/sponsorship/get')[1]?.headers['if-none-match'], '"v1"');
  });

  test("visitors' If-None-Match is answered with the service's ETag: 304 without a body; HEAD without a body", async () => {
    await h.get('/teammanagement/get');
    const notModified = await h.get('/teammanagement/get', { 'If-None-Match': 'W/"v1"' });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, '');
    assert.equal(notModified.headers.etag, '"v1"');
    assert.equal(notModified.headers['cache-control'], 'no-cache');
    assert.equal(notModified.headers['content-type'], undefined);
    assert.equal((await h.get('/teammanagement/get', { 'If-None-Match': '"v0", "v1"' })).status, 304);
    const changed = await h.get('/teammanagement/get', { 'If-None-Match': '"v0"' });
    assert.equal(changed.status, 200);
    assert.match(changed.body, /version/);
    const head = await h.get('/teammanagement/get', {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-length'], changed.headers['content-length']);
    assert.equal(h.content.requestsFor('/teammanagement/get').length, 1);
  });

  test('a login, a cookie, a query string or another method is never answered from memory', async () => {
    await h.get('/blog/latest');
    for (const headers of [{ Authorization: 'Bearer abc' }, { Cookie: 'session=1' }] as Array<Record<string, string>>) {
      const res = await h.get('/blog/latest', headers);
      assert.equal(res.status, 200);
    }
    await h.get('/blog/latest?x=1');
    await h.get('/blog/latest', {}, 'POST');
    const seen = h.content.seen.map((s) => s.url);
    assert.deepEqual(seen, ['/blog/latest', '/blog/latest', '/blog/latest', '/blog/latest?x=1', '/blog/latest']);
    assert.equal(h.content.seen[1]?.headers.authorization, 'Bearer abc', 'forwarded unchanged');
    assert.equal(h.content.seen[2]?.headers.cookie, 'session=1');
  });

  test('a forged X-Forwarded-For does not reach the service: it gets the peer address, as from the proxy', async () => {
    await h.get('/blog/latest', { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil.example' });
    const looked = h.content.requestsFor('/blog/latest')[0];
    assert.equal(looked?.headers['x-forwarded-for'], '127.0.0.1');
    assert.notEqual(looked?.headers['x-forwarded-host'], 'evil.example');
  });

  test('a personal request never fills the cache for others', async () => {
    h.content.extra = { 'X-Who': 'member' };
    await h.get('/blog/latest', { Authorization: 'Bearer abc' });
    h.content.extra = {};
    const anonymous = await h.get('/blog/latest');
    assert.equal(anonymous.headers['x-who'], undefined);
    assert.equal(h.content.seen.length, 2);
  });

  for (const [what, extra, status] of [
    ['Set-Cookie', { 'Set-Cookie': 'a=1' }, 200],
    ['Cache-Control: private', { 'Cache-Control': 'private, no-cache' }, 200],
    ['Cache-Control: no-store', { 'Cache-Control': 'no-store' }, 200],
    ['Vary: *', { Vary: '*' }, 200],
    ['an error status', {}, 500],
  ] as const) {
    test(`an answer with ${what} is passed on, not kept`, async () => {
      h.content.extra = extra;
      h.content.status = status;
      const first = await h.get('/events/get');
      assert.equal(first.status, status);
      h.clock += 100; // the pause after a refresh that gave nothing to keep
      const second = await h.get('/events/get');
      assert.equal(second.status, status);
      if ('Set-Cookie' in extra) assert.deepEqual(second.headers['set-cookie'], ['a=1']);
      // The first request looked (1) and was forwarded (2); the second was forwarded after a new look (3, 4).
      assert.equal(h.content.requestsFor('/events/get').length, 4);
    });
  }

  test('while a refresh gives nothing to keep, requests go straight to the service for maxAgeMs', async () => {
    h.content.status = 500;
    await h.get('/events/get');
    h.clock += 50;
    await h.get('/events/get');
    assert.equal(h.content.requestsFor('/events/get').length, 3, 'one look, then forwarded twice');
  });

  test('Vary: a variant is kept per value of the named request headers, side by side', async () => {
    h.content.extra = { Vary: 'Origin' };
    await h.get('/blog/get');
    await h.get('/blog/get');
    assert.equal(h.content.requestsFor('/blog/get').length, 1);
    const crossOrigin = await h.get('/blog/get', { Origin: 'https://partner.example' });
    assert.equal(crossOrigin.status, 200);
    assert.equal(h.content.requestsFor('/blog/get').length, 2);
    assert.equal(h.content.requestsFor('/blog/get')[1]?.headers.origin, 'https://partner.example');
    await h.get('/blog/get', { Origin: 'https://partner.example' });
    await h.get('/blog/get');
    assert.equal(h.content.requestsFor('/blog/get').length, 2, 'both variants answered from memory');
    // Each expires on its own and is revalidated with its own request headers.
    h.clock += 100;
    await h.get('/blog/get', { Origin: 'https://partner.example' });
    const asked = h.content.requestsFor('/blog/get');
    assert.equal(asked.length, 3);
    assert.equal(asked[2]?.headers.origin, 'https://partner.example');
    assert.equal(asked[2]?.headers['if-none-match'], '"v1"');
  });

  test('at most 8 variants per path: the oldest gives way', async () => {
    h.content.extra = { Vary: 'Origin' };
    for (let i = 0; i < 9; i++) await h.get('/blog/get', { Origin: `https://site${i}.example` });
    assert.equal(h.content.requestsFor('/blog/get').length, 9);
    await h.get('/blog/get', { Origin: 'https://site8.example' });
    await h.get('/blog/get', { Origin: 'https://site1.example' });
    assert.equal(h.content.requestsFor('/blog/get').length, 9, 'the newest 8 are kept');
    await h.get('/blog/get', { Origin: 'https://site0.example' });
    assert.equal(h.content.requestsFor('/blog/get').length, 10, 'the first one was dropped');
  });

  test('concurrent misses share one request to the service', async () => {
    h.content.delayMs = 50;
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.get('/gallery/get')));
    assert.ok(answers.every((a) => a.status === 200 && a.body === answers[0]?.body));
    assert.equal(h.content.requestsFor('/gallery/get').length, 1);
  });

  test('the service down: the kept answer lives out its bound, then requests get the 502, and the lists come back with the service', async () => {
    await h.get('/blog/get');
    const port = Number(new URL(h.content.url).port);
    await h.content.stop();
    h.clock += 99;
    assert.equal((await h.get('/blog/get')).status, 200, 'within the bound');
    h.clock += 1;
    const down = await h.get('/blog/get');
    assert.equal(down.status, 502);
    assert.equal((JSON.parse(down.body) as { error: string }).error, 'upstream_unavailable');
    h.clock += 1000;
    assert.equal((await h.get('/blog/get')).status, 502, 'never an old list while the service is down');
    await h.content.listen(port);
    h.content.version = 3;
    h.clock += 1000;
    const back = await h.get('/blog/get');
    assert.equal(back.status, 200);
    assert.match(back.body, /"version":3/);
  });

  test('a failed background renewal drops the kept answer at once', async () => {
    await h.get('/blog/get');
    h.content.status = 500;
    h.clock += 60;
    assert.equal((await h.get('/blog/get')).status, 200, 'answered from memory while the renewal runs');
    await sleep(50);
    h.clock += 1;
    assert.equal((await h.get('/blog/get')).status, 500);
  });
});

describe('list cache with compressed lists', () => {
  const CHROME = 'gzip, deflate, br, zstd';
  const SAFARI = 'gzip, deflate, br';
  const GZIP_ONLY = 'gzip, deflate';
  let h: Harness;
  beforeEach(async () => {
    h = new Harness();
    await h.start();
    h.content.encoding = 'negotiate';
  });
  afterEach(async () => {
    await h.stop();
  });

  /** The identity bytes of an answer; fails on a coding the request did not accept. */
  const decoded = (answer: Answer, acceptEncoding: string | undefined): string => {
    const coding = answer.headers['content-encoding'];
    if (coding === undefined) return answer.body;
    assert.ok((acceptEncoding ?? '').split(',').some((c) => c.trim() === coding), `${coding} sent to Accept-Encoding: ${String(acceptEncoding)}`);
    return (coding === 'br' ? brotliDecompressSync(answer.bytes) : gunzipSync(answer.bytes)).toString('utf8');
  };

  for (const order of [
    [CHROME, GZIP_ONLY, undefined],
    [GZIP_ONLY, CHROME, undefined],
    [undefined, GZIP_ONLY, SAFARI],
  ] as const) {
    test(`keeps a variant per coding, and each client gets bytes it reads (first: ${String(order[0])})`, async () => {
      const identity = FakeContent.list('/blog/get', 1);
      const expected = (acceptEncoding: string | undefined) => (acceptEncoding === undefined ? undefined : acceptEncoding.includes('br') ? 'br' : 'gzip');
      for (let round = 0; round < 2; round++) {
        for (const acceptEncoding of order) {
          const answer = await h.get('/blog/get', acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });
          const what = `round ${round}, Accept-Encoding: ${String(acceptEncoding)}`;
          assert.equal(answer.status, 200, what);
          assert.equal(answer.headers['content-encoding'], expected(acceptEncoding), what);
          assert.equal(answer.headers.vary, 'Accept-Encoding', what);
          assert.equal(Number(answer.headers['content-length']), answer.bytes.length, what);
          assert.equal(answer.headers.etag, expected(acceptEncoding) ? `"v1-${expected(acceptEncoding) ?? ''}"` : '"v1"', what);
          assert.equal(decoded(answer, acceptEncoding), identity, what);
        }
      }
      // One request per coding, asked with exactly that coding; the second round came from memory.
      assert.deepEqual(
        h.content.requestsFor('/blog/get').map((r) => r.headers['accept-encoding']),
        order.map((acceptEncoding) => expected(acceptEncoding) ?? 'identity'),
      );
    });
  }

  test('browsers that spell Accept-Encoding differently share the variant of their coding', async () => {
    await h.get('/events/get', { 'Accept-Encoding': CHROME });
    const safari = await h.get('/events/get', { 'Accept-Encoding': SAFARI });
    const weighted = await h.get('/events/get', { 'Accept-Encoding': 'br;q=1.0, gzip;q=0.8, *;q=0.1' });
    assert.equal(safari.headers['content-encoding'], 'br');
    assert.equal(weighted.headers['content-encoding'], 'br');
    const refusesBr = await h.get('/events/get', { 'Accept-Encoding': 'br;q=0, gzip' });
    assert.equal(refusesBr.headers['content-encoding'], 'gzip');
    const refusesBoth = await h.get('/events/get', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    assert.equal(refusesBoth.headers['content-encoding'], undefined);
    assert.equal(h.content.requestsFor('/events/get').length, 3);
  });

  test("each variant is revalidated with its own ETag, and visitors get 304s for their variant's ETag only", async () => {
    const br = await h.get('/gallery/get', { 'Accept-Encoding': CHROME });
    const gzip = await h.get('/gallery/get', { 'Accept-Encoding': GZIP_ONLY });
    const identity = await h.get('/gallery/get');
    h.clock += 100;
    for (const [acceptEncoding, answer] of [[CHROME, br], [GZIP_ONLY, gzip], [undefined, identity]] as const) {
      const notModified = await h.get('/gallery/get', { ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}), 'If-None-Match': answer.headers.etag ?? '' });
      assert.equal(notModified.status, 304, String(acceptEncoding));
      assert.equal(notModified.headers.etag, answer.headers.etag);
      assert.equal(notModified.headers.vary, 'Accept-Encoding');
      assert.equal(notModified.headers['content-encoding'], undefined);
      assert.equal(notModified.bytes.length, 0);
    }
    assert.deepEqual(
      h.content.requestsFor('/gallery/get').slice(3).map((r) => [r.headers['accept-encoding'], r.headers['if-none-match']]),
      [
        ['br', '"v1-br"'],
        ['gzip', '"v1-gzip"'],
        ['identity', '"v1"'],
      ],
      'each variant revalidated with its ETag; the visitors\' own If-None-Match is not passed on',
    );
    // Another variant's ETag: this client's variant in full.
    const brEtagFromGzipClient = await h.get('/gallery/get', { 'Accept-Encoding': GZIP_ONLY, 'If-None-Match': '"v1-br"' });
    assert.equal(brEtagFromGzipClient.status, 200);
    assert.equal(brEtagFromGzipClient.headers['content-encoding'], 'gzip');
    assert.deepEqual(brEtagFromGzipClient.bytes, gzip.bytes);
    const identityEtagFromBrClient = await h.get('/gallery/get', { 'Accept-Encoding': CHROME, 'If-None-Match': '"v1"' });
    assert.equal(identityEtagFromBrClient.status, 200);
    assert.equal(identityEtagFromBrClient.headers['content-encoding'], 'br');
    const head = await h.get('/gallery/get', { 'Accept-Encoding': CHROME }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.bytes.length, 0);
    for (const name of ['etag', 'vary', 'content-encoding', 'content-length', 'content-type']) assert.equal(head.headers[name], br.headers[name], name);
    assert.equal(h.content.requestsFor('/gallery/get').length, 6);
  });

  test('an import reaches every variant once its bound has passed', async () => {
    for (const acceptEncoding of [CHROME, GZIP_ONLY, undefined]) await h.get('/teammanagement/get', acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {});
    h.content.version = 2;
    h.clock += 100;
    for (const acceptEncoding of [CHROME, GZIP_ONLY, undefined]) {
      const answer = await h.get('/teammanagement/get', acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {});
      assert.equal(decoded(answer, acceptEncoding), FakeContent.list('/teammanagement/get', 2), String(acceptEncoding));
      assert.match(answer.headers.etag ?? '', /^"v2(-br|-gzip)?"$/);
    }
  });

  test('a compressed answer without Vary: Accept-Encoding is passed on, never kept for others', async () => {
    h.content.encoding = 'br without Vary';
    const first = await h.get('/sponsorship/get', { 'Accept-Encoding': CHROME });
    assert.equal(first.headers['content-encoding'], 'br', "the service's answer, forwarded as it came");
    h.content.encoding = 'negotiate';
    const gzip = await h.get('/sponsorship/get', { 'Accept-Encoding': GZIP_ONLY });
    assert.equal(gzip.status, 200);
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    // The first request looked (1) and was forwarded (2); the gzip one was forwarded during the pause (3).
    assert.equal(h.content.requestsFor('/sponsorship/get').length, 3);
  });
});

describe('list cache with LIST_CACHE_HIT_LOG=each', () => {
  test('every hit has its own line with its request id', async () => {
    const h = new Harness();
    await h.start(100, 2000, 'each');
    try {
      await h.get('/gallery/get');
      await h.get('/gallery/get');
      await h.get('/gallery/get', { 'If-None-Match': '"v1"' });
      assert.deepEqual(
        h.lines.filter((l) => l.msg === 'request completed').map((l) => [l.reqId, l.cache, (l.res as { statusCode: number }).statusCode]),
        [
          ['rid-1', 'refreshed', 200],
          ['rid-2', 'hit', 200],
          ['rid-3', 'hit', 304],
        ],
      );
    } finally {
      await h.stop();
    }
    assert.equal(h.lines.filter((l) => l.msg === 'list cache hits').length, 0);
  });
});

describe('list cache time-outs', () => {
  let h: Harness;
  before(async () => {
    h = new Harness();
    await h.start(100, 150);
  });
  after(async () => {
    await h.stop();
  });

  test('a service that does not answer gives 504 JSON', async () => {
    h.content.delayMs = Number.POSITIVE_INFINITY;
    const res = await h.get('/blog/get');
    assert.equal(res.status, 504);
    assert.equal((JSON.parse(res.body) as { error: string }).error, 'upstream_timeout');
    assert.equal(res.headers['cache-control'], 'no-store');
  });
});

describe('list cache rules', () => {
  test('every cached path is one the content service owns (API_ROUTES)', () => {
    for (const path of PUBLIC_LIST_PATHS) assert.equal(serviceForPath(path), 'content', path);
  });

  test('cacheable requests: anonymous GET or HEAD of an exact list path', () => {
    const paths = new Set<string>(PUBLIC_LIST_PATHS);
    const req = (method: string, url: string, headers: IncomingHttpHeaders = {}) => ({ method, url, headers });
    assert.equal(isCacheableRequest(req('GET', '/blog/get'), '/blog/get', paths), true);
    assert.equal(isCacheableRequest(req('HEAD', '/blog/latest'), '/blog/latest', paths), true);
    assert.equal(isCacheableRequest(req('POST', '/blog/get'), '/blog/get', paths), false);
    assert.equal(isCacheableRequest(req('GET', '/blog/get?x'), '/blog/get', paths), false);
    assert.equal(isCacheableRequest(req('GET', '/email/mine'), '/email/mine', paths), false);
    assert.equal(isCacheableRequest(req('GET', '/blog/get', { authorization: 'Bearer x' }), '/blog/get', paths), false);
    assert.equal(isCacheableRequest(req('GET', '/blog/get', { cookie: 'a=1' }), '/blog/get', paths), false);
  });

  test('storable answers: 200 with an ETag and a length, no cookie, not private or no-store, a usable Vary', () => {
    const ok = { etag: '"a"', 'content-length': '10' };
    assert.deepEqual(storableVary(200, ok), []);
    assert.deepEqual(storableVary(200, { ...ok, vary: 'Origin, Accept-Encoding' }), ['origin', 'accept-encoding']);
    assert.equal(storableVary(304, ok), undefined);
    assert.equal(storableVary(200, { 'content-length': '10' }), undefined);
    assert.equal(storableVary(200, { etag: '"a"' }), undefined);
    assert.equal(storableVary(200, { ...ok, 'content-length': String(3 * 1024 * 1024) }), undefined);
    assert.equal(storableVary(200, { ...ok, 'set-cookie': ['a=1'] }), undefined);
    assert.equal(storableVary(200, { ...ok, 'cache-control': 'Private' }), undefined);
    assert.equal(storableVary(200, { ...ok, 'cache-control': 'no-cache, no-store' }), undefined);
    assert.deepEqual(storableVary(200, { ...ok, 'cache-control': 'no-cache' }), []);
    assert.equal(storableVary(200, { ...ok, vary: 'Origin, *' }), undefined);
  });

  test('a compressed answer is storable only with Vary: Accept-Encoding, in the coding asked for', () => {
    const ok = { etag: '"a-br"', 'content-length': '10', 'content-encoding': 'br' };
    assert.deepEqual(storableVary(200, { ...ok, vary: 'Accept-Encoding' }, 'br'), ['accept-encoding']);
    assert.deepEqual(storableVary(200, { ...ok, 'content-encoding': 'gzip', vary: 'accept-encoding' }, 'gzip'), ['accept-encoding']);
    assert.equal(storableVary(200, ok, 'br'), undefined, 'no Vary');
    assert.equal(storableVary(200, { ...ok, vary: 'Origin' }, 'br'), undefined, 'another Vary');
    assert.equal(storableVary(200, { ...ok, vary: 'Accept-Encoding' }, 'gzip'), undefined, 'br for a gzip request');
    assert.equal(storableVary(200, { ...ok, vary: 'Accept-Encoding' }), undefined, 'br for an identity request');
    assert.deepEqual(storableVary(200, { ...ok, 'content-encoding': 'identity' }, 'br'), [], 'identity is for everyone');
  });

  test('the coding asked for: br, then gzip, as for static files; identity otherwise', () => {
    const asked = (acceptEncoding?: string) => askedEncoding({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } } as IncomingMessage);
    assert.equal(asked('gzip, deflate, br, zstd'), 'br');
    assert.equal(asked('gzip, deflate, br'), 'br');
    assert.equal(asked('gzip, deflate'), 'gzip');
    assert.equal(asked('br;q=0, gzip'), 'gzip');
    assert.equal(asked('br;q=0, gzip;q=0'), 'identity');
    assert.equal(asked('deflate'), 'identity');
    assert.equal(asked(undefined), 'identity');
  });

  test('If-None-Match: lists, *, weak comparison', () => {
    assert.equal(etagMatches('"a"', '"a"'), true);
    assert.equal(etagMatches('W/"a"', '"a"'), true);
    assert.equal(etagMatches('"b", "a"', '"a"'), true);
    assert.equal(etagMatches('*', '"a"'), true);
    assert.equal(etagMatches('"b"', '"a"'), false);
    assert.equal(etagMatches(undefined, '"a"'), false);
  });
});

describe('list cache in the gateway', () => {
  let content: FakeContent;
  const gateways: RunningGateway[] = [];
  const startGateway = async (env: Record<string, string> = {}) => {
    const gateway = await start(loadGatewayConfig({ PORT: '0', LOG_LEVEL: 'silent', CONTENT_URL: content.url, IDENTITY_URL: content.url, PAYMENTS_URL: content.url, ...env }));
    gateways.push(gateway);
    return gateway;
  };
  before(async () => {
    content = new FakeContent();
    await content.listen();
  });
  after(async () => {
    for (const gateway of gateways) await gateway.stop();
    await content.stop();
  });

  test('answers the lists from memory, keeping the client request id', async () => {
    // The longest bound, so that a slow machine does not see the answer expire between the two requests.
    const gateway = await startGateway({ CONTENT_LIST_CACHE_MS: '1000' });
    const first = await get(gateway.url, '/blog/latest', { 'X-Request-Id': 'abc-1' });
    const second = await get(gateway.url, '/blog/latest', { 'X-Request-Id': 'abc-2' });
    assert.equal(second.body, first.body);
    assert.equal(second.headers['x-request-id'], 'abc-2');
    assert.equal(content.requestsFor('/blog/latest').length, 1);
    assert.equal(content.requestsFor('/blog/latest')[0]?.headers['x-request-id'], 'abc-1');
    // Other content paths are forwarded as before.
    await get(gateway.url, '/events/calendar.ics');
    await get(gateway.url, '/events/calendar.ics');
    assert.equal(content.requestsFor('/events/calendar.ics').length, 2);
  });

  test('CONTENT_LIST_CACHE_MS=0 forwards every request', async () => {
    const gateway = await startGateway({ CONTENT_LIST_CACHE_MS: '0' });
    const before = content.requestsFor('/gallery/get').length;
    await get(gateway.url, '/gallery/get');
    await get(gateway.url, '/gallery/get');
    assert.equal(content.requestsFor('/gallery/get').length, before + 2);
  });
});
