import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { blogListSchema } from '@tca/contracts';
import { createSeoData } from './seo-data.js';
import { closeServer, listenOnLoopback } from './testing/loopback-server.js';

const POSTS = blogListSchema.parse([{ _id: 'p1', name: 'Pongal', desc: 'Harvest.', html: '<p>Harvest.</p>', image: null, imageMeta: null, date: '2026-01-10T09:00:00.000Z' }]);
const silent = { debug: () => undefined, warn: () => undefined };

describe('the lists behind the page heads', () => {
  const seen: IncomingHttpHeaders[] = [];
  let answer: 'ok' | 'broken' | 'error' = 'ok';
  const server = createServer((req, res) => {
    seen.push(req.headers);
    if (answer === 'error') return void res.writeHead(503).end();
    if (answer === 'broken') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"_id":1}]');
    if (req.headers['if-none-match'] === '"rev-1"') return void res.writeHead(304, { ETag: '"rev-1"' }).end();
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"rev-1"' }).end(JSON.stringify(POSTS));
  });
  let url = '';
  before(async () => {
    url = await listenOnLoopback(server);
  });
  after(() => closeServer(server));

  test('kept for maxAgeMs, then used while revalidated with the ETag in the background (a 304 renews it)', async () => {
    seen.length = 0;
    answer = 'ok';
    let clock = 0;
    const data = createSeoData({ upstream: () => url, maxAgeMs: 1000, timeoutMs: 1000, logger: silent, now: () => clock });
    assert.deepEqual(await data.list('posts', 1000), POSTS);
    assert.equal(seen.length, 1);
    clock = 500;
    assert.deepEqual(await data.list('posts', 1000), POSTS);
    assert.equal(seen.length, 1, 'fresh: not asked again');
    clock = 1500;
    assert.deepEqual(await data.list('posts', 0), POSTS, 'stale: answered at once');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(seen.length, 2);
    assert.equal(seen[1]?.['if-none-match'], '"rev-1"');
    clock = 2000;
    assert.deepEqual(await data.list('posts', 0), POSTS);
    assert.equal(seen.length, 2, 'the 304 renewed it');
  });

  test('an error or an answer the contracts reject: nothing kept, not asked again for maxAgeMs', async () => {
    for (const kind of ['error', 'broken'] as const) {
      seen.length = 0;
      answer = kind;
      let clock = 0;
      const data = createSeoData({ upstream: () => url, maxAgeMs: 1000, timeoutMs: 1000, logger: silent, now: () => clock });
      assert.equal(await data.list('posts', 1000), undefined, kind);
      clock = 500;
      assert.equal(await data.list('posts', 1000), undefined, kind);
      assert.equal(seen.length, 1, `${kind}: not asked again within maxAgeMs`);
      answer = 'ok';
      clock = 1200;
      assert.deepEqual(await data.list('posts', 1000), POSTS, `${kind}: asked again after`);
    }
  });
});
