import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type RequestListener, type ServerResponse } from 'node:http';
import { after, before, describe, it, type TestContext } from 'node:test';
import { bearerToken, createIdentityClient } from './identity-client.js';
import { startIdentityStub, type IdentityStub } from './identity-stub.js';

/** A one-off HTTP server answering with `handler`; closed (hanging requests too) when the test ends. */
async function serve(t: TestContext, handler: RequestListener): Promise<{ url: string; seen: Array<{ url: string | undefined; headers: IncomingHttpHeaders }> }> {
  const seen: Array<{ url: string | undefined; headers: IncomingHttpHeaders }> = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    open.add(res);
    res.on('close', () => open.delete(res));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

describe('identity client against the identity stub', () => {
  let stub: IdentityStub;
  before(async () => {
    stub = await startIdentityStub();
  });
  after(async () => {
    await stub.close();
  });

  it('answers the session of a valid token', async () => {
    const { token, user } = stub.issue({ email: 'kavitha@example.org' });
    const client = createIdentityClient({ baseUrl: stub.url });
    const result = await client.lookup(`Bearer ${token}`);
    assert.equal(result.kind, 'session');
    assert.deepEqual(result.kind === 'session' && result.session.user, user);
    assert.ok(result.kind === 'session' && Date.parse(result.session.expiresAt) > Date.now());
    // A base URL with a trailing slash and any case of "Bearer" work the same.
    assert.equal((await createIdentityClient({ baseUrl: `${stub.url}/` }).lookup(`bearer ${token}`)).kind, 'session');
  });

  it('answers none for an unknown or revoked token', async () => {
    const client = createIdentityClient({ baseUrl: stub.url });
    assert.deepEqual(await client.lookup('Bearer not-a-session'), { kind: 'none' });
    const { token } = stub.issue();
    assert.equal((await client.lookup(`Bearer ${token}`)).kind, 'session');
    stub.revoke(token);
    assert.deepEqual(await client.lookup(`Bearer ${token}`), { kind: 'none' });
  });

  it('does not ask identity when there is no Bearer token', async () => {
    const client = createIdentityClient({ baseUrl: stub.url });
    const before = stub.lookups;
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer two words', 'Bearer a\u00e9b', `Bearer ${'a'.repeat(3000)}`]) {
      assert.deepEqual(await client.lookup(header), { kind: 'none' }, String(header).slice(0, 40));
    }
    assert.equal(stub.lookups, before);
  });

  it('answers unavailable, not none, when identity fails', async () => {
    const client = createIdentityClient({ baseUrl: stub.url });
    const { token } = stub.issue();
    stub.mode = 'error';
    try {
      assert.deepEqual(await client.lookup(`Bearer ${token}`), { kind: 'unavailable', reason: 'identity answered 500' });
    } finally {
      stub.mode = 'normal';
    }
  });

  it('gives up after its time-box when identity accepts and never answers', async () => {
    const client = createIdentityClient({ baseUrl: stub.url, timeoutMs: 200 });
    const { token } = stub.issue();
    stub.mode = 'hang';
    try {
      const started = performance.now();
      const result = await client.lookup(`Bearer ${token}`);
      const elapsed = performance.now() - started;
      assert.deepEqual(result, { kind: 'unavailable', reason: 'no answer within 200 ms' });
      assert.ok(elapsed >= 190 && elapsed < 1500, `gave up after ${elapsed} ms`);
    } finally {
      stub.mode = 'normal';
    }
  });
});

describe('identity client: the colleagues of a role', () => {
  let stub: IdentityStub;
  before(async () => {
    stub = await startIdentityStub();
  });
  after(async () => {
    await stub.close();
  });

  it('answers the holders of the role and the owners, asked with the caller\'s session', async () => {
    const owner = stub.issue({ email: 'olga@example.org' }, { roles: ['owner'], secondFactor: true });
    const support = stub.issue({ email: 'sam@example.org' }, { roles: ['support'], secondFactor: true });
    stub.issue({ email: 'tara@example.org' }, { roles: ['treasurer'], secondFactor: true });
    const result = await createIdentityClient({ baseUrl: stub.url }).colleagues(`Bearer ${support.token}`, 'support');
    assert.equal(result.kind, 'colleagues');
    assert.deepEqual(result.kind === 'colleagues' && result.colleagues.map((c) => c.userId), [owner.user.id, support.user.id]);
  });

  it('answers none without a Bearer token (identity not asked) or for a session identity refuses (member, no second factor)', async () => {
    const client = createIdentityClient({ baseUrl: stub.url });
    const asked = stub.colleagueRequests;
    assert.deepEqual(await client.colleagues(undefined, 'support'), { kind: 'none' });
    assert.deepEqual(await client.colleagues('Basic dXNlcjpwYXNz', 'support'), { kind: 'none' });
    assert.equal(stub.colleagueRequests, asked);
    assert.deepEqual(await client.colleagues(`Bearer ${stub.issue().token}`, 'support'), { kind: 'none' });
    assert.deepEqual(await client.colleagues(`Bearer ${stub.issue({}, { roles: ['support'] }).token}`, 'support'), { kind: 'none' });
  });

  it('answers unavailable when identity fails or hangs (time-boxed)', async () => {
    const client = createIdentityClient({ baseUrl: stub.url, timeoutMs: 200 });
    const { token } = stub.issue({}, { roles: ['support'], secondFactor: true });
    try {
      stub.colleaguesMode = 'error';
      assert.deepEqual(await client.colleagues(`Bearer ${token}`, 'support'), { kind: 'unavailable', reason: 'identity answered 500' });
      stub.colleaguesMode = 'hang';
      const started = performance.now();
      assert.deepEqual(await client.colleagues(`Bearer ${token}`, 'support'), { kind: 'unavailable', reason: 'no answer within 200 ms' });
      assert.ok(performance.now() - started < 1500);
    } finally {
      stub.colleaguesMode = 'normal';
    }
  });
});

describe('identity client against other answers', () => {
  it('sends the token to GET /auth/session under the base URL', async (t) => {
    const server = await serve(t, (_req, res) => {
      res.writeHead(401).end();
    });
    await createIdentityClient({ baseUrl: `${server.url}/identity` }).lookup('Bearer abc.DEF-123_~+/==');
    assert.equal(server.seen.length, 1);
    assert.equal(server.seen[0]?.url, '/identity/auth/session');
    assert.equal(server.seen[0]?.headers.authorization, 'Bearer abc.DEF-123_~+/==');
  });

  it('treats 400 and 403 as no session, and 429 or 503 as unavailable', async (t) => {
    let status = 400;
    const server = await serve(t, (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"error":"x","message":"y"}');
    });
    const client = createIdentityClient({ baseUrl: server.url });
    for (const [code, kind] of [[400, 'none'], [403, 'none'], [429, 'unavailable'], [503, 'unavailable'], [302, 'unavailable']] as const) {
      status = code;
      assert.equal((await client.lookup('Bearer tok')).kind, kind, `status ${code}`);
    }
  });

  it('answers unavailable when a 200 is not a session', async (t) => {
    let body = '{"user":{"id":"1"}}';
    const server = await serve(t, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    });
    const client = createIdentityClient({ baseUrl: server.url });
    assert.deepEqual(await client.lookup('Bearer tok'), { kind: 'unavailable', reason: 'identity answered something that is not a session' });
    body = '<html>proxy error</html>';
    assert.equal((await client.lookup('Bearer tok')).kind, 'unavailable');
  });

  it('bounds reading the body too: headers sent, body never finished', async (t) => {
    const server = await serve(t, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"user":');
    });
    const started = performance.now();
    const result = await createIdentityClient({ baseUrl: server.url, timeoutMs: 200 }).lookup('Bearer tok');
    assert.deepEqual(result, { kind: 'unavailable', reason: 'no answer within 200 ms' });
    assert.ok(performance.now() - started < 1500);
  });

  it('answers unavailable when nothing listens', async () => {
    const stub = await startIdentityStub();
    const { token } = stub.issue();
    await stub.close();
    const result = await createIdentityClient({ baseUrl: stub.url }).lookup(`Bearer ${token}`);
    assert.equal(result.kind, 'unavailable');
    assert.match(result.kind === 'unavailable' ? result.reason : '', /ECONNREFUSED/);
  });

  it('with the replicas listed, a first replica that refuses is skipped: every lookup and colleagues call is answered', async () => {
    const [down, up] = [await startIdentityStub(), await startIdentityStub()];
    try {
      await down.close();
      const { token } = up.issue({}, { roles: ['support'], secondFactor: true });
      const client = createIdentityClient({ baseUrl: [down.url, up.url] });
      for (let i = 0; i < 4; i++) assert.equal((await client.lookup(`Bearer ${token}`)).kind, 'session');
      assert.equal((await client.colleagues(`Bearer ${token}`, 'support')).kind, 'colleagues');
      assert.equal(up.lookups, 4);
    } finally {
      await up.close();
    }
  });
});

describe('identity client: colleagues against other answers', () => {
  it('asks GET /staff-api/staff/colleagues?role= under the base URL with the token; 401 and 403 are none, anything else not 2xx unavailable', async (t) => {
    let status = 401;
    const server = await serve(t, (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"error":"x","message":"y"}');
    });
    const client = createIdentityClient({ baseUrl: `${server.url}/identity` });
    for (const [code, kind] of [[401, 'none'], [403, 'none'], [400, 'unavailable'], [404, 'unavailable'], [429, 'unavailable'], [503, 'unavailable'], [302, 'unavailable'], [200, 'unavailable']] as const) {
      status = code;
      assert.equal((await client.colleagues('Bearer abc.DEF', 'treasurer')).kind, kind, `status ${code}`);
    }
    assert.equal(server.seen[0]?.url, '/identity/staff-api/staff/colleagues?role=treasurer');
    assert.equal(server.seen[0]?.headers.authorization, 'Bearer abc.DEF');
  });

  it('answers unavailable when a 200 is not a list of colleagues', async (t) => {
    const server = await serve(t, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"colleagues":[{"userId":"1","email":"a@example.org","roles":["wizard"]}]}');
    });
    assert.deepEqual(await createIdentityClient({ baseUrl: server.url }).colleagues('Bearer tok', 'support'), { kind: 'unavailable', reason: 'identity answered something that is not a list of colleagues' });
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header and nothing else', () => {
    assert.equal(bearerToken('Bearer abc'), 'abc');
    assert.equal(bearerToken('BEARER  abc== '), 'abc==');
    assert.equal(bearerToken('Bearer abc def'), undefined);
    assert.equal(bearerToken('Token abc'), undefined);
    assert.equal(bearerToken('Bearer ab\r\nX-Evil: 1'), undefined);
    assert.equal(bearerToken(undefined), undefined);
  });
});
