import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { postJson, registerAndLogin } from './gateway-requests.js';
import { startLoopbackServer, type LoopbackTestServer } from './loopback-test-server.js';
import { benchAccounts, type BenchAccount } from './login-report.js';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers like the gateway: /auth/register (201, or 409 for a known e-mail), /auth/login (a token and the user), /echo (what it got), /text, /empty. */
describe('gateway requests', () => {
  let site: LoopbackTestServer;
  const registered = new Set<string>();
  let loginUser = (email: string) => ({ email });

  before(async () => {
    site = await startLoopbackServer((req, res) => {
      void bodyOf(req).then((text) => {
        const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        if (req.url === '/echo') return json(200, { method: req.method, contentType: req.headers['content-type'], accept: req.headers.accept, authorization: req.headers.authorization ?? null, body: text });
        if (req.url === '/text') return res.writeHead(502).end('Bad gateway');
        if (req.url === '/empty') return res.writeHead(204).end();
        const account = JSON.parse(text) as BenchAccount;
        if (req.url === '/auth/register') {
          if (registered.has(account.email)) return json(409, { error: 'email_taken' });
          registered.add(account.email);
          return json(201, { ok: true });
        }
        if (req.url === '/auth/login' && registered.has(account.email)) return json(200, { token: 't'.repeat(43), user: loginUser(account.email) });
        return json(401, { error: 'invalid_credentials' });
      });
    });
  });
  after(() => site.close());

  test('postJson sends a JSON POST (with a bearer token when given) and parses the answer', async () => {
    const answer = await postJson(`${site.origin}/echo`, '{"a":1}', 'tok');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, { method: 'POST', contentType: 'application/json', accept: 'application/json', authorization: 'Bearer tok', body: '{"a":1}' });
    assert.equal(((await postJson(`${site.origin}/echo`, '{}')).json as { authorization: unknown }).authorization, null);
  });

  test('postJson keeps an answer that is not JSON as text, and an empty one as null', async () => {
    assert.deepEqual(await postJson(`${site.origin}/text`, '{}'), { status: 502, json: 'Bad gateway' });
    assert.deepEqual(await postJson(`${site.origin}/empty`, '{}'), { status: 204, json: null });
  });

  test('registerAndLogin registers, logs in and gives the session token', async () => {
    const [account] = benchAccounts(1, 'gwreq') as [BenchAccount];
    assert.equal(await registerAndLogin(site.origin, account), 't'.repeat(43));
  });

  test('registerAndLogin fails with what went wrong: a refused registration, a login answer for someone else', async () => {
    const [taken, other] = benchAccounts(2, 'gwreq2') as [BenchAccount, BenchAccount];
    registered.add(taken.email);
    await assert.rejects(registerAndLogin(site.origin, taken), new RegExp(`^Error: Registering ${taken.email} answered 409: \\{"error":"email_taken"\\}$`));
    loginUser = () => ({ email: 'someone@example.org' });
    await assert.rejects(registerAndLogin(site.origin, other), /^Error: Logging in .* failed: the answer is for another user \(someone@example.org\)/);
  });
});
