import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheControlFor, contentTypeFor, createStaticHandler, hasExtension, IMMUTABLE, preferredEncoding, REVALIDATE, sendPlain, startStaticServer, type StaticOptions } from './static.js';

const BIG_CSS = `.rule { color: ${'#abcdef'.repeat(10)}; }\n`.repeat(200);

let root = '';

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'tca-static-'));
  await mkdir(join(root, 'assets/js'), { recursive: true });
  await mkdir(join(root, '.hidden'));
  await writeFile(join(root, 'styles.0a1b2c3d4e.css'), BIG_CSS);
  await writeFile(join(root, 'mf-manifest.json'), '{"id":"mf_x"}');
  await writeFile(join(root, 'assets/js/chunk.deadbeef.js'), 'export const x = 1;');
  await writeFile(join(root, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(join(root, 'image.png'), Buffer.alloc(4096, 7));
  await writeFile(join(root, '.env'), 'SECRET=1');
  await writeFile(join(root, '.hidden/file.txt'), 'hidden');
  await writeFile(join(root, 'data.unknownext'), 'raw');
});
after(() => rm(root, { recursive: true, force: true }));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request (no transparent decompression), so Content-Encoding and the bytes on the wire can be checked. */
function fetchRaw(url: string, options: { method?: string; headers?: OutgoingHttpHeaders } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** createStaticHandler behind a real server on 127.0.0.1: the result (served, not-found, bad-request) becomes a status. */
async function serveDir(options: StaticOptions = {}): Promise<{ url: string; server: Server }> {
  const serve = createStaticHandler(root, options);
  const server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    void serve(req, res, path).then((result) => {
      if (result === 'not-found') sendPlain(res, 404, 'Not found');
      else if (result === 'bad-request') sendPlain(res, 400, 'Bad request');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('file rules', () => {
  test('hashed names are immutable for a year; manifests, entries and html are revalidated', () => {
    assert.equal(cacheControlFor('/x/static/js/page.4f3e2d1c.js'), IMMUTABLE);
    assert.equal(cacheControlFor('main.0123abcd89.css'), IMMUTABLE);
    assert.equal(IMMUTABLE, 'public, max-age=31536000, immutable');
    for (const name of ['mf-manifest.json', 'remoteEntry.js', 'index.html', 'page.1234567.js', 'dir.4f3e2d1c0/plain.js']) assert.equal(cacheControlFor(name), REVALIDATE, name);
    assert.equal(REVALIDATE, 'no-cache');
  });

  test('content types by extension, case-insensitive, octet-stream otherwise', () => {
    assert.equal(contentTypeFor('a.js'), 'text/javascript; charset=utf-8');
    assert.equal(contentTypeFor('A.CSS'), 'text/css; charset=utf-8');
    assert.equal(contentTypeFor('mf-manifest.json'), 'application/json; charset=utf-8');
    assert.equal(contentTypeFor('font.woff2'), 'font/woff2');
    assert.equal(contentTypeFor('logo.svg'), 'image/svg+xml');
    assert.equal(contentTypeFor('file.unknownext'), 'application/octet-stream');
    assert.equal(contentTypeFor('Makefile'), 'application/octet-stream');
  });

  test('hasExtension looks at the last segment only', () => {
    for (const path of ['/main.js', '/static/a.b.css', '/x/mf-manifest.json']) assert.equal(hasExtension(path), true, path);
    for (const path of ['/blog/12', '/terms&conditions', '/v1.2/blog', '/', '/name.toolongextension']) assert.equal(hasExtension(path), false, path);
  });

  test('preferredEncoding: br over gzip, q=0 refuses, nothing without the header', () => {
    const asked = (header?: string) => preferredEncoding({ headers: header === undefined ? {} : { 'accept-encoding': header } } as IncomingMessage);
    assert.equal(asked('gzip, deflate, br'), 'br');
    assert.equal(asked('gzip'), 'gzip');
    assert.equal(asked('br;q=0, gzip;q=0.5'), 'gzip');
    assert.equal(asked('br;q=0, gzip;q=0'), undefined);
    assert.equal(asked('deflate, identity'), undefined);
    assert.equal(asked(undefined), undefined);
  });
});

describe('createStaticHandler', () => {
  let url = '';
  let server: Server;
  before(async () => ({ url, server } = await serveDir({ extraHeaders: (relPath): Record<string, string> => (relPath.endsWith('.html') ? { 'X-Page': relPath } : {}) })));
  after(() => {
    server.close();
    server.closeAllConnections();
  });

  test('serves a file with its type, cache rule, validators and length; no CORS unless asked', async () => {
    const res = await fetchRaw(`${url}/assets/js/chunk.deadbeef.js`);
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'export const x = 1;');
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    assert.match(res.headers.etag ?? '', /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    assert.ok(res.headers['last-modified']);
    assert.equal(res.headers['content-length'], String('export const x = 1;'.length));
    assert.equal(res.headers['access-control-allow-origin'], undefined);
  });

  test('extra headers per file (the CSP of index.html)', async () => {
    assert.equal((await fetchRaw(`${url}/index.html`)).headers['x-page'], 'index.html');
    assert.equal((await fetchRaw(`${url}/mf-manifest.json`)).headers['x-page'], undefined);
  });

  test('If-None-Match with the ETag (or *) gives 304 without a body', async () => {
    const first = await fetchRaw(`${url}/mf-manifest.json`);
    const etag = first.headers.etag ?? '';
    for (const ifNoneMatch of [etag, `"other", ${etag}`, '*']) {
      const again = await fetchRaw(`${url}/mf-manifest.json`, { headers: { 'If-None-Match': ifNoneMatch } });
      assert.equal(again.status, 304, ifNoneMatch);
      assert.equal(again.body.length, 0);
    }
    assert.equal((await fetchRaw(`${url}/mf-manifest.json`, { headers: { 'If-None-Match': 'W/"1-1"' } })).status, 200);
  });

  test('large text files are sent as brotli or gzip, as the client prefers, with Vary', async () => {
    const br = await fetchRaw(`${url}/styles.0a1b2c3d4e.css`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(brotliDecompressSync(br.body).toString(), BIG_CSS);
    assert.equal(br.headers['content-length'], String(br.body.length));
    const gz = await fetchRaw(`${url}/styles.0a1b2c3d4e.css`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString(), BIG_CSS);
    assert.ok(gz.body.length < BIG_CSS.length / 10);
    const plain = await fetchRaw(`${url}/styles.0a1b2c3d4e.css`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.equal(plain.body.toString(), BIG_CSS);
  });

  test('small files and images are never compressed', async () => {
    for (const path of ['/mf-manifest.json', '/image.png']) {
      const res = await fetchRaw(`${url}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      assert.equal(res.headers['content-encoding'], undefined, path);
      assert.equal(res.headers.vary, undefined, path);
    }
  });

  test('HEAD gives the headers of GET without a body', async () => {
    const res = await fetchRaw(`${url}/styles.0a1b2c3d4e.css`, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.ok(Number(res.headers['content-length']) > 0);
    assert.equal(res.body.length, 0);
  });

  test('no dotfiles, directories, listings or paths outside the root', async () => {
    for (const path of ['/.env', '/.hidden/file.txt', '/assets', '/assets/', '/', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json', '/missing.js']) {
      const res = await fetchRaw(`${url}${path}`);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.toString(), 'Not found\n', path);
    }
  });

  test('malformed escapes and NUL bytes are bad requests', async () => {
    for (const path of ['/%E0%A4%A', '/a%00.js']) assert.equal((await fetchRaw(`${url}${path}`)).status, 400, path);
  });

  test('CORS for remotes: any origin may read the files', async () => {
    const cors = await serveDir({ cors: true });
    try {
      const res = await fetchRaw(`${cors.url}/mf-manifest.json`);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
    } finally {
      cors.server.close();
      cors.server.closeAllConnections();
    }
  });
});

describe('sendPlain', () => {
  test('a plain-text answer that is never cached, with CORS when asked', async () => {
    const server = createServer((req, res) => sendPlain(res, 418, 'Teapot', req.url === '/cors'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const plain = await fetchRaw(`${url}/`);
      assert.equal(plain.status, 418);
      assert.equal(plain.body.toString(), 'Teapot\n');
      assert.equal(plain.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(plain.headers['cache-control'], 'no-store');
      assert.equal(plain.headers['access-control-allow-origin'], undefined);
      assert.equal((await fetchRaw(`${url}/cors`)).headers['access-control-allow-origin'], '*');
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('startStaticServer', () => {
  test('serves one directory with CORS and the cache rules', async () => {
    const server = await startStaticServer({ dir: root, port: 0 });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(server.url, `http://127.0.0.1:${server.port}`);
      const manifest = await fetch(`${server.url}/mf-manifest.json`);
      assert.equal(manifest.status, 200);
      assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
      assert.equal(manifest.headers.get('cache-control'), 'no-cache');
      assert.equal(manifest.headers.get('x-content-type-options'), 'nosniff');
      await manifest.arrayBuffer();
      const chunk = await fetch(`${server.url}/assets/js/chunk.deadbeef.js?v=1`);
      assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      await chunk.arrayBuffer();
      const missing = await fetch(`${server.url}/nope.js`);
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get('access-control-allow-origin'), '*');
      await missing.arrayBuffer();
      const bad = await fetch(`${server.url}/%E0%A4%A`);
      assert.equal(bad.status, 400);
      await bad.arrayBuffer();
      const preflight = await fetch(`${server.url}/mf-manifest.json`, { method: 'OPTIONS' });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS');
      const post = await fetch(`${server.url}/mf-manifest.json`, { method: 'POST', body: 'x' });
      assert.equal(post.status, 405);
      assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
      await post.arrayBuffer();
    } finally {
      await server.close();
    }
  });

  test('gzip body decodes to the file', async () => {
    const server = await startStaticServer({ dir: root });
    try {
      const raw = await new Promise<Buffer>((resolve, reject) => {
        get(`${server.url}/styles.0a1b2c3d4e.css`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject);
      });
      assert.equal(gunzipSync(raw).toString('utf8'), BIG_CSS);
      assert.ok(raw.length < BIG_CSS.length / 10);
    } finally {
      await server.close();
    }
  });

  test('close() frees the port', async () => {
    const server = await startStaticServer({ dir: root });
    await server.close();
    await assert.rejects(fetch(`${server.url}/mf-manifest.json`));
  });
});
