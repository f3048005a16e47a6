import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runLoad } from './http-load.js';
import { startLoadRunner } from './load-runner.js';
import { startLoopbackServer, type LoopbackTestServer } from './loopback-test-server.js';
import { CHECKOUT_ANSWER_PATTERN } from './payments-report.js';

/**
 * The payments bench's load: POSTs with a per-request Authorization header, every answer's body checked
 * against the checkout answer pattern, against a tiny origin that answers like POST
 * /create-checkout-session (200 with a url for a known token, 200 without one for token "nourl", 401 otherwise).
 */
describe('checkout load (per-request headers, answer bodies checked)', () => {
  let server: LoopbackTestServer;
  let url = '';
  const tokensSeen = new Map<string, number>();

  before(async () => {
    server = await startLoopbackServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        tokensSeen.set(token, (tokensSeen.get(token) ?? 0) + 1);
        res.setHeader('Content-Type', 'application/json');
        if (token === 'a' || token === 'b') res.writeHead(200).end(JSON.stringify({ url: `http://127.0.0.1:1/c/pay/cs_test_${token}` }));
        else if (token === 'nourl') res.writeHead(200).end(JSON.stringify({ ok: true }));
        else res.writeHead(401).end(JSON.stringify({ error: 'login_required' }));
      });
    });
    url = `${server.origin}/create-checkout-session`;
  });

  after(() => server.close());

  test('each request carries its own Authorization; good answers are not counted as unexpected', async () => {
    tokensSeen.clear();
    const figures = await runLoad({
      url,
      connections: 2,
      durationS: 0.4,
      headers: { 'Content-Type': 'application/json' },
      requests: ['a', 'b'].map((token) => ({ method: 'POST', body: '{}', headers: { Authorization: `Bearer ${token}` } })),
      expectBody: CHECKOUT_ANSWER_PATTERN,
    });
    assert.ok(figures.requests > 10, `only ${figures.requests} requests`);
    assert.deepEqual(Object.keys(figures.statuses), ['200']);
    assert.equal(figures.unexpectedBodies, 0);
    assert.deepEqual([...tokensSeen.keys()].sort(), ['a', 'b']);
  });

  test('through the load-generator process: answers without a url are counted', async (t) => {
    const runner = startLoadRunner();
    t.after(() => runner.close());
    const figures = await runner.run({
      url,
      connections: 1,
      durationS: 0.3,
      requests: [
        { method: 'POST', body: '{}', headers: { Authorization: 'Bearer a' } },
        { method: 'POST', body: '{}', headers: { Authorization: 'Bearer nourl' } },
      ],
      expectBody: CHECKOUT_ANSWER_PATTERN,
    });
    const answers = figures.statuses[200] ?? 0;
    assert.ok(answers > 2);
    assert.ok((figures.unexpectedBodies ?? 0) > 0 && (figures.unexpectedBodies ?? 0) < answers, `${figures.unexpectedBodies} of ${answers}`);
  });

  test('without an expected body nothing is counted; expectBody without requests is refused', async () => {
    const figures = await runLoad({ url, connections: 1, durationS: 0.2 });
    assert.equal(figures.unexpectedBodies, undefined);
    await assert.rejects(runLoad({ url, connections: 1, durationS: 0.2, expectBody: 'x' }), /expectBody needs requests/);
  });
});
