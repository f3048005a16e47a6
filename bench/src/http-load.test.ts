import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { listenBare, startBareServer, type BareEntry, type BareServer } from './bare-server.js';
import { capture, differences, headerOf, LoadAborted, runLoad } from './http-load.js';
import { startLoadRunner } from './load-runner.js';

/**
 * The measuring code against a tiny origin that answers like the content service does (JSON list,
 * strong ETag, 304 on If-None-Match): capture, the bare server, the load runs and the whole CLI.
 */
const posts = JSON.stringify([{ _id: 'a1', name: 'Pongal', date: '2026-01-14', html: '<p>வணக்கம்</p>' }]);
const events = JSON.stringify([{ _id: 'e1', name: 'Deepavali', date: '2026-11-08' }]);
const bodies: Record<string, string> = { '/blog/get': posts, '/events/get': events };

function startOrigin(onRequest: () => void = () => {}): Promise<Server> {
  const server = createServer((req, res) => {
    onRequest();
    const body = bodies[req.url ?? ''];
    if (body === undefined) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"error":"not_found"}');
      return;
    }
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const common = { ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, common).end();
      return;
    }
    res.writeHead(200, { ...common, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('capture and the bare server', () => {
  let origin: Server;
  let bare: BareServer | undefined;
  before(async () => {
    origin = await startOrigin();
  });
  after(async () => {
    await bare?.close();
    await closeServer(origin);
  });

  test('capture keeps the raw answer: status, headers as sent (not Date/Connection), undecoded body', async () => {
    const full = await capture(originOf(origin), '/blog/get');
    assert.equal(full.status, 200);
    assert.equal(full.body.toString('utf8'), posts);
    assert.equal(headerOf(full, 'content-length'), String(Buffer.byteLength(posts)));
    assert.equal(headerOf(full, 'Content-Type'), 'application/json; charset=utf-8');
    assert.ok(full.rawHeaders.includes('ETag'), 'header names keep their casing');
    assert.equal(headerOf(full, 'date'), undefined);
    assert.equal(headerOf(full, 'connection'), undefined);
    const missing = await capture(originOf(origin), '/nope');
    assert.equal(missing.status, 404);
  });

  test('the bare server, in its own process, answers exactly the captured bytes, and the captured 304', async () => {
    const full = await capture(originOf(origin), '/blog/get');
    const etag = headerOf(full, 'etag') as string;
    const notModified = await capture(originOf(origin), '/blog/get', { 'If-None-Match': etag });
    assert.equal(notModified.status, 304);
    const entries: BareEntry[] = [{ full, notModified }, { full: await capture(originOf(origin), '/events/get') }];
    bare = await startBareServer(entries);

    assert.deepEqual(differences(full, await capture(bare.url, '/blog/get')), []);
    assert.deepEqual(differences(notModified, await capture(bare.url, '/blog/get', { 'If-None-Match': etag })), []);
    assert.deepEqual(differences(notModified, await capture(bare.url, '/blog/get', { 'If-None-Match': `"other", W/${etag}` })), [], 'weak comparison, lists');
    assert.deepEqual(differences(full, await capture(bare.url, '/blog/get', { 'If-None-Match': '"other"' })), []);
    // No captured 304 for /events/get: always the full answer.
    const eventsEntry = entries[1] as BareEntry;
    assert.deepEqual(differences(eventsEntry.full, await capture(bare.url, '/events/get', { 'If-None-Match': headerOf(eventsEntry.full, 'etag') as string })), []);
    assert.equal((await capture(bare.url, '/gallery/get')).status, 404);

    await bare.close();
    await assert.rejects(capture(bare.url, '/blog/get'), /ECONNREFUSED/, 'closed means the process is gone');
    bare = undefined;
  });

  test('differences names what differs', async () => {
    const a = await capture(originOf(origin), '/blog/get');
    const b = await capture(originOf(origin), '/events/get');
    const diff = differences(a, b);
    assert.ok(diff.some((d) => d.startsWith('body of')));
    assert.ok(diff.some((d) => d.startsWith('etag')));
    assert.ok(diff.some((d) => d.startsWith('content-length')));
  });
});

describe('load runs', () => {
  let server: Server;
  before(async () => {
    const full = await startOrigin();
    const entries: BareEntry[] = [];
    try {
      const blog = await capture(originOf(full), '/blog/get');
      entries.push({ full: blog, notModified: await capture(originOf(full), '/blog/get', { 'If-None-Match': headerOf(blog, 'etag') as string }) });
    } finally {
      await closeServer(full);
    }
    server = await listenBare(entries);
  });
  after(() => closeServer(server));

  test('a bounded run: every response counted by status, latencies ordered, requests/s from the count', async () => {
    const f = await runLoad({ url: `${originOf(server)}/blog/get`, connections: 2, durationS: 0.3 });
    assert.ok(f.requests > 10, `only ${f.requests} responses`);
    assert.deepEqual(f.statuses, { 200: f.requests });
    assert.ok(f.p50 > 0 && f.p50 <= f.p99, `p50 ${f.p50} p99 ${f.p99}`);
    assert.ok(f.durationS >= 0.25 && f.durationS < 0.6, `took ${f.durationS} s`);
    assert.ok(Math.abs(f.rps - f.requests / f.durationS) < 1e-9);
    assert.equal(f.errors, 0);
  });

  test('request headers are sent: If-None-Match gives 304s', async () => {
    const etag = headerOf(await capture(originOf(server), '/blog/get'), 'etag') as string;
    const f = await runLoad({ url: `${originOf(server)}/blog/get`, connections: 2, durationS: 0.3, headers: { 'If-None-Match': etag } });
    assert.ok(f.requests > 10);
    assert.deepEqual(f.statuses, { 304: f.requests });
  });

  test('aborting stops a run at once', async () => {
    const controller = new AbortController();
    const origin = await startOrigin(() => controller.abort());
    try {
      const started = Date.now();
      await assert.rejects(runLoad({ url: `${originOf(origin)}/blog/get`, connections: 2, durationS: 30, signal: controller.signal }), LoadAborted);
      assert.ok(Date.now() - started < 5000);
      await assert.rejects(runLoad({ url: `${originOf(origin)}/blog/get`, connections: 2, durationS: 30, signal: controller.signal }), LoadAborted, 'already aborted');
    } finally {
      await closeServer(origin);
    }
  });
});

test('the load generator in its own process: runs, stops on abort, then ends', async (t) => {
  const controller = new AbortController();
  let seen = 0;
  let armed = false;
  const origin = await startOrigin(() => {
    seen += 1;
    if (armed) controller.abort();
  });
  t.after(() => closeServer(origin));
  const runner = startLoadRunner();
  t.after(() => runner.close());
  const f = await runner.run({ url: `${originOf(origin)}/events/get`, connections: 2, durationS: 0.3 });
  assert.ok(f.requests > 10 && f.requests < seen, `${f.requests} responses, origin saw ${seen}`);
  assert.deepEqual(f.statuses, { 200: f.requests });
  assert.ok(f.p50 <= f.p99);
  const started = Date.now();
  armed = true; // the first request of the next run aborts it
  await assert.rejects(runner.run({ url: `${originOf(origin)}/events/get`, connections: 2, durationS: 30, signal: controller.signal }), LoadAborted);
  assert.ok(Date.now() - started < 10_000, 'stopped long before its 30 s');
  await runner.close();
  await assert.rejects(runner.run({ url: `${originOf(origin)}/events/get`, connections: 2, durationS: 0.3 }), /the load generator has ended/);
});

async function runCli(t: TestContext, extra: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const gateway = await startOrigin();
  t.after(() => closeServer(gateway));
  const service = await startOrigin();
  t.after(() => closeServer(service));
  const cli = fileURLToPath(new URL('./content-lists.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), cli, '--gateway', originOf(gateway), '--service', originOf(service), '--paths', '/events/get,/blog/get', '--conditional', '/blog/get', '--duration', '0.3', '--warmup', '0', '--connections', '2', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  t.after(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, stdout, stderr };
}

test('the CLI measures a running site end to end and prints the table', { timeout: 60_000 }, async (t) => {
  const { code, stdout, stderr } = await runCli(t);
  assert.equal(code, 0, `exit ${code}\n${stdout}\n${stderr}`);
  const rows = stdout.split('\n').filter((line) => /^\/(blog|events)\/get/.test(line));
  assert.deepEqual(
    rows.map((line) => line.split(' ')[0] + (line.includes(' 304 ') ? ' 304' : '')),
    ['/events/get', '/blog/get', '/blog/get 304'],
  );
  for (const row of rows) {
    const cells = row.split(/[\s|]+/).filter((c) => c !== '');
    const numbers = cells.slice(row.includes(' 304 ') ? 3 : 2, -1).map(Number); // after the label and the bytes, before the goal
    assert.equal(numbers.length, 11, row); // 3 × (req/s p50 p99), 2 ratios
    assert.match(cells.at(-1) ?? '', /^(ok|(ratio|p99|304)(,(ratio|p99|304))*)$/, row);
    assert.ok(numbers.every((n) => Number.isFinite(n) && n >= 0), row);
    assert.ok((numbers[0] as number) > 0 && (numbers[3] as number) > 0 && (numbers[6] as number) > 0, `every target answered: ${row}`);
  }
  assert.match(stdout, new RegExp(`\\s${Buffer.byteLength(posts)} \\|`));
  assert.doesNotMatch(stdout, /figures to distrust/);
});

test('with --strict the CLI exits 1 exactly when a row misses the goal, and lists the misses', { timeout: 60_000 }, async (t) => {
  const { code, stdout, stderr } = await runCli(t, ['--strict']);
  const missed = /below the goal/.test(stdout);
  assert.equal(code, missed ? 1 : 0, `exit ${code}\n${stdout}\n${stderr}`);
  const goals = stdout
    .split('\n')
    .filter((line) => /^\/(blog|events)\/get/.test(line))
    .map((line) => line.trim().split(/\s+/).at(-1));
  assert.equal(goals.some((g) => g !== 'ok'), missed);
});

test('the CLI refuses bad options with a message and exit code 2', async () => {
  const cli = fileURLToPath(new URL('./content-lists.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), cli, '--connections', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  assert.equal(code, 2);
  assert.match(stderr, /--connections must be a whole number from 1 to 256/);
  assert.match(stderr, /Usage: npm run bench:content/);
});
