import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseRemoteRegistry } from '@tca/contracts';
import { withRequestBody } from '@tca/service-kit/testing';
import { loadGatewayConfig, start, type RunningGateway } from './server.js';
import { closedPortUrl, listenOnLoopback as listen } from './testing/loopback-server.js';

const INDEX_HTML = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`.repeat(5);

interface Fixture {
  dir: string;
  shellDir: string;
  remoteDirs: Record<'content' | 'membership' | 'account' | 'staff', string>;
  releasesDir: string;
  registryFile: string;
}

async function makeFixture(options: { withShell?: boolean } = {}): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  const shellDir = join(dir, 'shell');
  await mkdir(shellDir, { recursive: true });
  if (options.withShell !== false) {
    await writeFile(join(shellDir, 'index.html'), INDEX_HTML);
    await writeFile(join(shellDir, 'main.0123abcd89.js'), BIG_JS);
    await writeFile(join(shellDir, 'favicon.ico'), 'ico');
  }
  const remoteDirs = { content: join(dir, 'content'), membership: join(dir, 'membership'), account: join(dir, 'account'), staff: join(dir, 'staff') };
  for (const [name, remoteDir] of Object.entries(remoteDirs)) {
    await mkdir(join(remoteDir, 'static/js'), { recursive: true });
    await writeFile(join(remoteDir, 'mf-manifest.json'), JSON.stringify({ id: `mf_${name}`, name: `mf_${name}` }));
    await writeFile(join(remoteDir, 'remoteEntry.js'), `var mf_${name};`);
    await writeFile(join(remoteDir, 'static/js/page.4f3e2d1c.js'), 'export default 1;');
  }
  const releasesDir = join(dir, 'releases');
  await mkdir(join(releasesDir, 'content/v1'), { recursive: true });
  await writeFile(join(releasesDir, 'content/v1/mf-manifest.json'), '{"id":"mf_content"}');
  await writeFile(join(releasesDir, 'content/v1/remoteEntry.js'), 'var mf_content;');
  return { dir, shellDir, remoteDirs, releasesDir, registryFile: join(dir, 'remotes.json') };
}

function fixtureEnv(f: Fixture, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    LOG_LEVEL: 'silent',
    SHELL_DIR: f.shellDir,
    REMOTE_CONTENT_DIR: f.remoteDirs.content,
    REMOTE_MEMBERSHIP_DIR: f.remoteDirs.membership,
    REMOTE_ACCOUNT_DIR: f.remoteDirs.account,
    REMOTE_STAFF_DIR: f.remoteDirs.staff,
    RELEASES_DIR: f.releasesDir,
    REMOTES_REGISTRY_FILE: f.registryFile,
    SHUTDOWN_GRACE_MS: '500',
    ...extra,
  };
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A tiny upstream that records what it received and answers 201 with a cookie. */
async function startUpstream(name: string): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer(
    withRequestBody((req, res, body) => {
      if (req.url === '/healthz') {
        res.end('{"status":"ok"}');
        return;
      }
      if (req.url?.startsWith('/uploads/slow')) return; // never answers
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1; Path=/', 'b=2; Path=/'], 'X-Upstream': name });
      res.end(JSON.stringify({ upstream: name }));
    }),
  );
  return { url: await listen(server), seen, server };
}

describe('gateway', () => {
  let f: Fixture;
  let gateway: RunningGateway;
  let content: Awaited<ReturnType<typeof startUpstream>>;
  let payments: Awaited<ReturnType<typeof startUpstream>>;
  let identityDownUrl: string;

  before(async () => {
    f = await makeFixture();
    content = await startUpstream('content');
    payments = await startUpstream('payments');
    identityDownUrl = await closedPortUrl();
    gateway = await start(
      loadGatewayConfig(
        fixtureEnv(f, {
          CONTENT_URL: content.url,
          PAYMENTS_URL: payments.url,
          IDENTITY_URL: identityDownUrl,
          REMOTE_MEMBERSHIP_MANIFEST_URL: 'http://127.0.0.1:9999/mf-manifest.json',
          REMOTE_RETRIES: '4',
          UPSTREAM_TIMEOUT_MS: '300',
        }),
      ),
    );
  });

  after(async () => {
    await gateway.stop();
    content.server.close();
    payments.server.close();
    content.server.closeAllConnections();
    payments.server.closeAllConnections();
    await rm(f.dir, { recursive: true, force: true });
  });

  describe('GET /remotes.json', () => {
    test('defaults and env overrides, never cached', async () => {
      await rm(f.registryFile, { force: true });
      const res = await fetch(`${gateway.url}/remotes.json`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const body = parseRemoteRegistry(await res.json());
      assert.deepEqual(body.remotes, {
        content: '/remotes/content/mf-manifest.json',
        membership: 'http://127.0.0.1:9999/mf-manifest.json',
        account: '/remotes/account/mf-manifest.json',
        staff: '/remotes/staff/mf-manifest.json',
      });
      assert.deepEqual(body.loader, { timeoutMs: 8000, retries: 4, backoffMs: 300 });
    });

    test('the registry file wins, per remote and per loader field, and is re-read on every request', async () => {
      await writeFile(f.registryFile, JSON.stringify({ remotes: { content: '/releases/content/v1/mf-manifest.json' }, loader: { timeoutMs: 5000 } }));
      let body = parseRemoteRegistry(await (await fetch(`${gateway.url}/remotes.json`)).json());
      assert.equal(body.remotes.content, '/releases/content/v1/mf-manifest.json');
      assert.equal(body.remotes.membership, 'http://127.0.0.1:9999/mf-manifest.json');
      assert.equal(body.remotes.account, '/remotes/account/mf-manifest.json');
      assert.deepEqual(body.loader, { timeoutMs: 5000, retries: 4, backoffMs: 300 });

      await writeFile(f.registryFile, JSON.stringify({ remotes: { membership: 'https://cdn.example.org/m/mf-manifest.json' } }));
      body = parseRemoteRegistry(await (await fetch(`${gateway.url}/remotes.json`)).json());
      assert.equal(body.remotes.content, '/remotes/content/mf-manifest.json');
      assert.equal(body.remotes.membership, 'https://cdn.example.org/m/mf-manifest.json');
      await rm(f.registryFile, { force: true });
    });

    test('an invalid registry file is ignored', async () => {
      for (const text of ['{ not json', JSON.stringify({ remotes: { contnet: '/x/mf-manifest.json' } }), JSON.stringify({ remotes: { content: 'ftp://x' } })]) {
        await writeFile(f.registryFile, text);
        const res = await fetch(`${gateway.url}/remotes.json`);
        assert.equal(res.status, 200);
        const body = parseRemoteRegistry(await res.json());
        assert.equal(body.remotes.content, '/remotes/content/mf-manifest.json');
        assert.equal(body.remotes.membership, 'http://127.0.0.1:9999/mf-manifest.json');
      }
      await rm(f.registryFile, { force: true });
    });
  });

  describe('static files', () => {
    test('remotes: hashed files immutable, manifest and entry no-cache, CORS for any origin', async () => {
      const hashed = await fetch(`${gateway.url}/remotes/content/static/js/page.4f3e2d1c.js`, { headers: { Origin: 'http://elsewhere.test' } });
      assert.equal(hashed.status, 200);
      assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(hashed.headers.get('access-control-allow-origin'), '*');
      assert.equal(hashed.headers.get('cross-origin-resource-policy'), 'cross-origin');
      assert.match(hashed.headers.get('content-type') ?? '', /javascript/);
      assert.equal(await hashed.text(), 'export default 1;');

      for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
        const res = await fetch(`${gateway.url}/remotes/membership/${file}`);
        assert.equal(res.status, 200, file);
        assert.equal(res.headers.get('cache-control'), 'no-cache', file);
        assert.equal(res.headers.get('access-control-allow-origin'), '*', file);
        await res.arrayBuffer();
      }
    });

    test('releases are served with the same rules', async () => {
      const res = await fetch(`${gateway.url}/releases/content/v1/mf-manifest.json`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(await res.json(), { id: 'mf_content' });
    });

    test('the shell\'s own files come from SHELL_DIR, with the same rules and no CORS', async () => {
      const script = await fetch(`${gateway.url}/main.0123abcd89.js`, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(script.status, 200);
      assert.equal(script.headers.get('content-encoding'), 'gzip');
      assert.equal(script.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(script.headers.get('access-control-allow-origin'), null);
      assert.equal(await script.text(), BIG_JS);
      const icon = await fetch(`${gateway.url}/favicon.ico`);
      assert.equal(icon.headers.get('content-type'), 'image/x-icon');
      assert.equal(icon.headers.get('cache-control'), 'no-cache');
      assert.equal(await icon.text(), 'ico');
    });

    test('a missing file is a plain 404, never index.html', async () => {
      for (const path of ['/remotes/content/missing.js', '/remotes/nope/mf-manifest.json', '/releases/content/v2/mf-manifest.json', '/missing.js', '/remotes/content/../../shell/index.html']) {
        const res = await fetch(`${gateway.url}${path}`, { headers: { Accept: 'text/html,*/*' } });
        assert.equal(res.status, 404, path);
        assert.doesNotMatch(await res.text(), /<div id="root">/, path);
      }
    });
  });

  describe('shell', () => {
    /** The shell's page without what the gateway writes into its head (shell-page.test.ts checks that part). */
    /** Without the head tags of the page (seo.test.ts checks those), in place of the template's own title. */
    const withoutPageHead = (html: string) => html.replace(/<title>[^<]*<\/title>|<meta [^>]*>|<link rel="(canonical|alternate)"[^>]*>|<script type="application\/ld\+json">[^<]*<\/script>/g, '');
    const template = (html: string) => withoutPageHead(html.replace(/<script type="application\/json" id="tca-registry">[^<]*<\/script>/, '').replace(/<link rel="preload"[^>]*>/g, ''));
    const SHELL_WITHOUT_HEAD = withoutPageHead(INDEX_HTML);

    test('/ serves index.html with no-cache and a CSP naming the remote origins', async () => {
      await writeFile(f.registryFile, JSON.stringify({ remotes: { account: 'https://cdn.example.org/account/mf-manifest.json' } }));
      const res = await fetch(`${gateway.url}/`, { headers: { Accept: 'text/html' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
      const html = await res.text();
      assert.equal(template(html), SHELL_WITHOUT_HEAD);
      assert.match(html, /"account":"https:\/\/cdn\.example\.org\/account\/mf-manifest\.json"/);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self' http:\/\/127\.0\.0\.1:9999 https:\/\/cdn\.example\.org/);
      assert.match(csp, /connect-src 'self' http:\/\/127\.0\.0\.1:9999 https:\/\/cdn\.example\.org/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      await rm(f.registryFile, { force: true });
    });

    test('deep links fall back to index.html', async () => {
      for (const path of ['/terms&conditions', '/blog/12', '/reset-password/abc', '/privacy&policy', '/membership']) {
        const res = await fetch(`${gateway.url}${path}`, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
        assert.equal(res.status, 200, path);
        assert.equal(res.headers.get('cache-control'), 'no-cache', path);
        assert.equal(template(await res.text()), SHELL_WITHOUT_HEAD, path);
      }
      for (const accept of ['*/*', '']) {
        const res = await fetch(`${gateway.url}/blog/12`, { headers: { Accept: accept } });
        assert.equal(res.status, 200, `Accept: "${accept}"`);
        assert.equal(template(await res.text()), SHELL_WITHOUT_HEAD);
      }
    });

    test('no fallback for non-HTML requests or paths with an extension', async () => {
      const json = await fetch(`${gateway.url}/blog/12`, { headers: { Accept: 'application/json' } });
      assert.equal(json.status, 404);
      await json.arrayBuffer();
      const asset = await fetch(`${gateway.url}/static/missing.css`, { headers: { Accept: 'text/html' } });
      assert.equal(asset.status, 404);
      await asset.arrayBuffer();
    });

    test('HEAD works like GET without a body', async () => {
      const get = await fetch(`${gateway.url}/blog/12`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' } });
      const res = await fetch(`${gateway.url}/blog/12`, { method: 'HEAD', headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(await get.text())));
      assert.equal(await res.text(), '');
    });
  });

  describe('API forwarding', () => {
    test('method, path, query, headers and the raw body reach the owning service unchanged', async () => {
      const rawBody = '{ "email" :"a@b.org",\n  "weird":  [1,2 ,3] }';
      const res = await fetch(`${gateway.url}/create-checkout-session?x=1&y=%20two`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-123', Authorization: 'Bearer t0k', 'X-Custom': 'yes' },
        body: rawBody,
      });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('x-upstream'), 'payments');
      assert.equal(res.headers.get('x-request-id'), 'req-123');
      assert.deepEqual(res.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Path=/']);
      assert.deepEqual(await res.json(), { upstream: 'payments' });

      const seen = payments.seen.at(-1);
      assert.ok(seen);
      assert.equal(seen.method, 'POST');
      assert.equal(seen.url, '/create-checkout-session?x=1&y=%20two');
      assert.equal(seen.body.toString('utf8'), rawBody);
      assert.equal(seen.headers['x-request-id'], 'req-123');
      assert.equal(seen.headers.authorization, 'Bearer t0k');
      assert.equal(seen.headers['x-custom'], 'yes');
      assert.equal(seen.headers['content-type'], 'application/json');
      assert.equal(seen.headers['x-forwarded-for'], '127.0.0.1');
      assert.equal(seen.headers['x-forwarded-proto'], 'http');
      assert.equal(seen.headers['x-forwarded-host'], new URL(gateway.url).host);
    });

    test('the Stripe webhook body arrives byte for byte, and binary bodies too', async () => {
      const payload = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d, 0x0a, 0xff, 0x00, 0x20]);
      const res = await fetch(`${gateway.url}/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=abc' },
        body: payload,
      });
      assert.equal(res.status, 201);
      await res.arrayBuffer();
      const seen = payments.seen.at(-1);
      assert.ok(seen);
      assert.deepEqual(seen.body, payload);
      assert.equal(seen.headers['stripe-signature'], 't=1,v1=abc');
    });

    test('a request id is created when the client sends none, and GETs with queries work', async () => {
      const res = await fetch(`${gateway.url}/blog/get?page=2`);
      assert.equal(res.status, 201);
      const id = res.headers.get('x-request-id');
      assert.ok(id && id.length > 8);
      await res.arrayBuffer();
      const seen = content.seen.at(-1);
      assert.equal(seen?.url, '/blog/get?page=2');
      assert.equal(seen?.headers['x-request-id'], id);
    });

    test('an upstream that is down gives 502 JSON', async () => {
      const res = await fetch(`${gateway.url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(res.status, 502);
      assert.deepEqual(await res.json(), { error: 'upstream_unavailable', message: 'The identity service is unavailable. Please try again later.' });
    });

    test('an upstream that does not answer gives 504 JSON', async () => {
      const res = await fetch(`${gateway.url}/uploads/slow.png`);
      assert.equal(res.status, 504);
      const body = (await res.json()) as { error: string; message: string };
      assert.equal(body.error, 'upstream_timeout');
      assert.match(body.message, /content service/);
    });
  });

  describe('health', () => {
    test('/healthz answers; /readyz fails while an upstream is down', async () => {
      assert.equal((await fetch(`${gateway.url}/healthz`)).status, 200);
      const ready = await fetch(`${gateway.url}/readyz`);
      assert.equal(ready.status, 503);
      const body = (await ready.json()) as { checks: Record<string, string> };
      assert.deepEqual(body.checks, { shell: 'ok', content: 'ok', identity: 'failed', payments: 'ok' });
    });
  });
});

describe('gateway: whose X-Forwarded-* reach the services (TRUST_PROXY)', () => {
  const forged = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil.example' };

  async function forwardedThrough(trustProxy: string | undefined): Promise<Seen[]> {
    const f = await makeFixture();
    const up = await startUpstream('any');
    const gateway = await start(loadGatewayConfig(fixtureEnv(f, { CONTENT_URL: up.url, IDENTITY_URL: up.url, PAYMENTS_URL: up.url, ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) })));
    try {
      // A public list (the list cache looks first, then the proxy forwards the uncacheable 201) and another API path.
      for (const path of ['/blog/latest', '/create-checkout-session']) assert.equal((await fetch(`${gateway.url}${path}`, { headers: forged })).status, 201, path);
      return up.seen;
    } finally {
      await gateway.stop();
      up.server.close();
      up.server.closeAllConnections();
      await rm(f.dir, { recursive: true, force: true });
    }
  }

  test('by default (none) the visitor cannot choose them: every request upstream names the peer itself', async () => {
    const seen = await forwardedThrough(undefined);
    assert.ok(seen.length >= 2);
    for (const { url, headers } of seen) {
      assert.equal(headers['x-forwarded-for'], '127.0.0.1', url);
      assert.notEqual(headers['x-forwarded-host'], 'evil.example', url);
    }
  });

  test('behind a proxy it trusts, the gateway extends its X-Forwarded-For and keeps its -Host', async () => {
    const seen = await forwardedThrough('loopback');
    assert.ok(seen.length >= 2);
    for (const { url, headers } of seen) {
      assert.equal(headers['x-forwarded-for'], '203.0.113.9, 127.0.0.1', url);
      assert.equal(headers['x-forwarded-host'], 'evil.example', url);
    }
  });
});

describe('gateway without a built shell', () => {
  test('/ and deep links answer 503 with a clear message; /readyz is 503', async () => {
    const f = await makeFixture({ withShell: false });
    const up = await startUpstream('any');
    const gateway = await start(loadGatewayConfig(fixtureEnv(f, { CONTENT_URL: up.url, IDENTITY_URL: up.url, PAYMENTS_URL: up.url })));
    try {
      for (const path of ['/', '/blog/12']) {
        const res = await fetch(`${gateway.url}${path}`, { headers: { Accept: 'text/html' } });
        assert.equal(res.status, 503, path);
        assert.match(await res.text(), /not built yet.*npm run build -w shell/s);
      }
      const ready = await fetch(`${gateway.url}/readyz`);
      assert.equal(ready.status, 503);
      assert.deepEqual(((await ready.json()) as { checks: Record<string, string> }).checks, { shell: 'failed', content: 'ok', identity: 'ok', payments: 'ok' });
    } finally {
      await gateway.stop();
      up.server.close();
      up.server.closeAllConnections();
      await rm(f.dir, { recursive: true, force: true });
    }
  });
});
