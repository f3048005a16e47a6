import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runLoad } from './http-load.js';
import { startLoadRunner } from './load-runner.js';
import { startLoopbackServer, type LoopbackTestServer } from './loopback-test-server.js';
import { benchAccounts, LOGIN_ANSWER_PATTERN, loginBody, type BenchAccount } from './login-report.js';

/**
 * The login bench's load: POSTs of each account's credentials in turn, against a tiny origin that
 * answers like POST /auth/login (200 for a known e-mail and its password, 401 otherwise).
 */
const accounts = benchAccounts(3, 'loadtest');
const [first, second] = accounts as [BenchAccount, BenchAccount, BenchAccount];
const passwords = new Map(accounts.map((a) => [a.email, a.password]));

describe('login load (POST bodies in turn)', () => {
  let server: LoopbackTestServer;
  let url = '';
  const seen = new Map<string, number>();
  const methods = new Set<string>();
  const contentTypes = new Set<string>();

  before(async () => {
    server = await startLoopbackServer((req, res) => {
      methods.add(req.method ?? '');
      contentTypes.add(req.headers['content-type'] ?? '');
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        let body: { email?: string; password?: string } = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          // An unreadable body is a failed login below.
        }
        const ok = body.email !== undefined && passwords.get(body.email) === body.password;
        if (ok && body.email) seen.set(body.email, (seen.get(body.email) ?? 0) + 1);
        res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' }).end(JSON.stringify(ok ? { token: 't'.repeat(43) } : { error: 'invalid_credentials' }));
      });
    });
    url = `${server.origin}/auth/login`;
  });

  after(() => server.close());

  test('every connection sends the accounts in turn as JSON POSTs; every answer is counted by status', async () => {
    const figures = await runLoad({
      url,
      connections: 2,
      durationS: 0.5,
      headers: { 'Content-Type': 'application/json' },
      requests: accounts.map((a) => ({ method: 'POST', body: loginBody(a) })),
      expectBody: LOGIN_ANSWER_PATTERN,
    });
    assert.ok(figures.requests > 10, `only ${figures.requests} requests`);
    assert.equal(figures.unexpectedBodies, 0);
    assert.deepEqual(Object.keys(figures.statuses), ['200']);
    assert.deepEqual([...methods], ['POST']);
    assert.deepEqual([...contentTypes], ['application/json']);
    for (const account of accounts) assert.ok((seen.get(account.email) ?? 0) > 0, `${account.email} was never logged in`);
  });

  test('through the separate load-generator process too; a wrong password shows up as 401s', async (t) => {
    const runner = startLoadRunner();
    t.after(() => runner.close());
    const figures = await runner.run({
      url,
      connections: 1,
      durationS: 0.3,
      headers: { 'Content-Type': 'application/json' },
      requests: [
        { method: 'POST', body: loginBody(first) },
        { method: 'POST', body: loginBody({ email: second.email, password: 'wrong' }) },
      ],
      expectBody: LOGIN_ANSWER_PATTERN,
    });
    assert.ok((figures.statuses[200] ?? 0) > 0);
    assert.ok((figures.statuses[401] ?? 0) > 0);
    assert.equal(figures.unexpectedBodies, figures.statuses[401]);
  });
});
