import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { INLINE_REGISTRY_ID, parseRemoteRegistry, type RemoteName, type RemoteRegistry } from '@tca/contracts';
import { createShellPage, jsonForScript, localFileFor } from './shell-page.js';

const TEMPLATE = '<!doctype html><html><head><title>shell</title><script defer src="/main.1234567890.js"></script></head><body><div id="root"></div></body></html>';

let root = '';
let dirs: Record<RemoteName, string>;
let releasesDir = '';
let registry: RemoteRegistry;
const warnings: string[] = [];

function manifest(exposeJs: string[], exposeCss: string[] = []) {
  return JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    exposes: [{ path: './routes', assets: { js: { sync: exposeJs, async: [] }, css: { sync: exposeCss, async: [] } } }],
  });
}

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'tca-shell-page-'));
  dirs = { content: join(root, 'content'), membership: join(root, 'membership'), account: join(root, 'account'), staff: join(root, 'staff') };
  releasesDir = join(root, 'releases');
  await mkdir(join(root, 'shell'));
  await writeFile(join(root, 'shell/index.html'), TEMPLATE);
  for (const dir of [...Object.values(dirs), join(releasesDir, 'account/v2')]) await mkdir(dir, { recursive: true });
  await writeFile(join(dirs.content, 'mf-manifest.json'), manifest(['__federation_expose_routes.aaaaaaaaaa.js'], ['routes.bbbbbbbbbb.css']));
  await writeFile(
    join(dirs.content, 'page-assets.json'),
    JSON.stringify({ home: { js: ['page-home.cccccccccc.js'], css: ['page-home.dddddddddd.css'] }, blogPost: { js: ['page-blogPost.eeeeeeeeee.js'], css: [] } }),
  );
  await writeFile(join(dirs.membership, 'mf-manifest.json'), '{ not json');
  await writeFile(join(releasesDir, 'account/v2/mf-manifest.json'), manifest(['__federation_expose_routes.ffffffffff.js']));
  registry = parseRemoteRegistry({
    remotes: { content: '/remotes/content/mf-manifest.json', membership: '/remotes/membership/mf-manifest.json', account: '/releases/account/v2/mf-manifest.json', staff: '/remotes/staff/mf-manifest.json' },
  });
});
after(() => rm(root, { recursive: true, force: true }));

function page(head?: (pathname: string) => Promise<string>) {
  return createShellPage({
    ...(head ? { head } : {}),
    shellDir: join(root, 'shell'),
    remoteDirs: dirs,
    releasesDir,
    registry: async () => registry,
    warn: (_details, message) => warnings.push(message),
  });
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map(([, as, href]) => `${as} ${href}`);

describe('the shell page', () => {
  test('carries the registry, readable by the shell, before </head>', async () => {
    const rendered = await page().render('/');
    assert.ok(rendered);
    const block = new RegExp(`<script type="application/json" id="${INLINE_REGISTRY_ID}">([^<]*)</script>`).exec(rendered.html)?.[1];
    assert.ok(block, 'the registry block');
    assert.deepEqual(parseRemoteRegistry(JSON.parse(block)), registry);
    assert.ok(rendered.html.indexOf(block) < rendered.html.indexOf('</head>'));
    assert.match(rendered.csp, /script-src 'self'/);
  });

  test("the page's head tags replace the template's title; a head that fails leaves the template as it is", async () => {
    const rendered = await page(async (pathname) => `<title>${pathname}</title><meta name="description" content="d">`).render('/about');
    assert.match(rendered?.html ?? '', /^<!doctype html><html><head><script defer src="\/main\.1234567890\.js"><\/script><title>\/about<\/title><meta name="description" content="d"><script type="application\/json" id=/);
    assert.equal(rendered?.html.match(/<title>/g)?.length, 1);
    warnings.length = 0;
    const failed = await page(() => Promise.reject(new Error('boom'))).render('/about');
    assert.match(failed?.html ?? '', /<title>shell<\/title>/);
    assert.deepEqual(warnings, ['cannot make the page head: the template is served as it is']);
  });

  test("preloads the opened page's remote: manifest, entry, routes and the page's own chunk", async () => {
    const rendered = await page().render('/');
    assert.deepEqual(preloads(rendered?.html ?? ''), [
      'fetch /remotes/content/mf-manifest.json',
      'script /remotes/content/remoteEntry.js',
      'style /remotes/content/routes.bbbbbbbbbb.css',
      'script /remotes/content/__federation_expose_routes.aaaaaaaaaa.js',
      'style /remotes/content/page-home.dddddddddd.css',
      'script /remotes/content/page-home.cccccccccc.js',
    ]);
    assert.match(rendered?.html ?? '', /<link rel="preload" as="fetch" href="\/remotes\/content\/mf-manifest.json" crossorigin>/);
    const post = await page().render('/blog/some-post');
    assert.ok(preloads(post?.html ?? '').includes('script /remotes/content/page-blogPost.eeeeeeeeee.js'));
  });

  test('nothing of a remote the page does not use; a released remote is read from the releases folder', async () => {
    const login = preloads((await page().render('/login'))?.html ?? '');
    assert.deepEqual(login, [
      'fetch /releases/account/v2/mf-manifest.json',
      'script /releases/account/v2/remoteEntry.js',
      'script /releases/account/v2/__federation_expose_routes.ffffffffff.js',
    ]);
    assert.ok(login.every((hint) => !hint.includes('/content/')));
    assert.deepEqual(preloads((await page().render('/no-such-page'))?.html ?? ''), []);
  });

  test('an unreadable manifest leaves only its own hint, with a warning; a remote elsewhere gets its manifest hint', async () => {
    warnings.length = 0;
    assert.deepEqual(preloads((await page().render('/membership'))?.html ?? ''), ['fetch /remotes/membership/mf-manifest.json']);
    assert.deepEqual(warnings, ['cannot read a remote manifest for preload hints']);
    const saved = registry;
    registry = { ...registry, remotes: { ...registry.remotes, content: 'https://cdn.example.org/content/mf-manifest.json' } };
    try {
      assert.deepEqual(preloads((await page().render('/'))?.html ?? ''), ['fetch https://cdn.example.org/content/mf-manifest.json']);
    } finally {
      registry = saved;
    }
  });

  test("a manifest naming an absolute publicPath: the entry (in its folder) and the routes' files are hinted there", async () => {
    await writeFile(
      join(dirs.staff, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'js', type: 'global' }, publicPath: 'https://cdn.example.org/staff' },
        exposes: [{ path: './routes', assets: { js: { sync: ['routes.1111111111.js'], async: [] }, css: { sync: [], async: [] } } }],
      }),
    );
    try {
      assert.deepEqual(preloads((await page().render('/staff'))?.html ?? ''), [
        'fetch /remotes/staff/mf-manifest.json',
        'script https://cdn.example.org/staff/js/remoteEntry.js',
        'script https://cdn.example.org/staff/routes.1111111111.js',
      ]);
    } finally {
      await rm(join(dirs.staff, 'mf-manifest.json'));
    }
  });

  test('is not there when the shell is not built', async () => {
    const missing = createShellPage({ shellDir: join(root, 'nowhere'), remoteDirs: dirs, releasesDir, registry: async () => registry, warn: () => undefined });
    assert.equal(await missing.render('/'), undefined);
  });
});

describe('serving it', () => {
  let server: Server;
  let url = '';
  before(async () => {
    const shell = page();
    server = createServer((req, res) => {
      void shell.serve(req, res, (req.url ?? '/').split('?')[0] ?? '/');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((done) => server.close(() => done())));

  test('revalidates with an ETag, compresses, and answers HEAD without a body', async () => {
    const first = await fetch(`${url}/`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-encoding'), 'br');
    assert.equal(first.headers.get('cache-control'), 'no-cache');
    assert.match(first.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    const html = await first.text();
    assert.match(html, /id="tca-registry"/);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${url}/`, { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    const other = await fetch(`${url}/login`, { headers: { 'If-None-Match': etag } });
    assert.equal(other.status, 200, 'another page has other hints, so another ETag');
    await other.arrayBuffer();
    const head = await fetch(`${url}/`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(html)));
    assert.equal(await head.text(), '');
  });
});

test('registry locations map to files the gateway serves, and never outside their folders', () => {
  const remoteDirs = { content: '/srv/content', membership: '/srv/membership', account: '/srv/account', staff: '/srv/staff' };
  assert.equal(localFileFor('/remotes/content/mf-manifest.json', remoteDirs, '/srv/releases'), '/srv/content/mf-manifest.json');
  assert.equal(localFileFor('/releases/account/v2/mf-manifest.json', remoteDirs, '/srv/releases'), '/srv/releases/account/v2/mf-manifest.json');
  for (const location of ['/remotes/content/../../etc/passwd', '/remotes/content/%2e%2e/%2e%2e/etc/passwd', '/remotes/nope/x.json', 'https://cdn.example.org/m.json', '//evil.example/m.json', '/remotes/content/%E0%A4%A']) {
    assert.equal(localFileFor(location, remoteDirs, '/srv/releases'), undefined, location);
  }
});

test('JSON in the page cannot close its script element', () => {
  const text = jsonForScript({ remotes: { content: '</script><script>alert(1)</script>&' } });
  assert.doesNotMatch(text, /<|>|&/);
  assert.deepEqual(JSON.parse(text), { remotes: { content: '</script><script>alert(1)</script>&' } });
});
