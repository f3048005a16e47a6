import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sendJson, startStubHttpServer, withRequestBody } from './stub-http-server.js';

describe('stub HTTP server', () => {
  it('hands the whole request body to the handler and answers JSON', async (t) => {
    const server = await startStubHttpServer(withRequestBody((req, res, body) => sendJson(res, 201, { method: req.method, length: body.length, text: body.toString('utf8') })));
    t.after(() => server.close());
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const text = 'x'.repeat(100_000);
    const res = await fetch(server.url, { method: 'POST', body: text });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.deepEqual(await res.json(), { method: 'POST', length: 100_000, text });
  });

  it('closes at once with a request still open, and again without complaint', async () => {
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const server = await startStubHttpServer(() => arrived()); // never answers
    const pending = fetch(server.url).then(
      () => 'answered',
      () => 'failed',
    );
    await reached;
    const started = Date.now();
    await server.close();
    assert.ok(Date.now() - started < 1000, `close took ${Date.now() - started} ms`);
    assert.equal(await pending, 'failed');
    await server.close();
    await assert.rejects(fetch(server.url));
  });
});
