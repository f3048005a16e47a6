import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startStack, type RunningStack, type StackOptions } from './stack.js';

/**
 * startStack against a fake repository whose "services" are tiny HTTP servers: checks the
 * orchestration (real embedded PostgreSQL, Redis, MailDev; env passed to each child; readiness; stop
 * leaves nothing running) without building the real services.
 */

const FAKE_HTTP = `
const http = require('node:http');
const fs = require('node:fs');
const name = process.argv[2];
fs.writeFileSync(require('node:path').join(process.env.FAKE_PID_DIR, name + '-' + process.pid), '');
if (process.env.FAKE_FAIL === name) {
  console.log(JSON.stringify({ level: 50, time: Date.now(), msg: 'cannot start: boom' }));
  process.exit(3);
}
const server = http.createServer((req, res) => {
  if (req.url === '/env') {
    const keys = ['PORT', 'HOST', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'LOG_LEVEL', 'CONTENT_URL', 'IDENTITY_URL', 'PAYMENTS_URL', 'RELEASES_DIR', 'REMOTES_REGISTRY_FILE',
      'STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET', 'SANDBOX_SECRET_KEY', 'SANDBOX_WEBHOOK_SECRET', 'SANDBOX_WEBHOOK_URL', 'SANDBOX_PUBLIC_URL', 'METRICS_PORT', 'METRICS_HOST'];
    res.end(JSON.stringify(Object.fromEntries(keys.map((k) => [k, process.env[k]]))));
    return;
  }
  if (req.url === '/readyz' && name === 'gateway') {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'not-ready', checks: { shell: 'failed', content: 'ok' } }));
    return;
  }
  res.end('{"status":"ok"}');
});
server.listen(Number(process.env.PORT), process.env.HOST, () => {
  console.log(JSON.stringify({ level: 30, time: Date.now(), name, msg: 'listening', url: 'http://' + process.env.HOST + ':' + server.address().port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

const FAKE_WORKER = `
const fs = require('node:fs');
const name = process.argv[2];
const urls = Object.fromEntries(['CONTENT_URL', 'IDENTITY_URL', 'PAYMENTS_URL', 'METRICS_PORT'].map((k) => [k, process.env[k]]));
fs.writeFileSync(require('node:path').join(process.env.FAKE_PID_DIR, name + '-' + process.pid), JSON.stringify(urls));
const timer = setInterval(() => undefined, 1000);
process.on('SIGTERM', () => { clearInterval(timer); process.exit(0); });
`;

async function fakeRepo(root: string): Promise<void> {
  const write = async (rel: string, text: string) => {
    await mkdir(join(root, rel, '..'), { recursive: true });
    await writeFile(join(root, rel), text);
  };
  await write('package.json', JSON.stringify({ name: 'fake', private: true, workspaces: [] }));
  for (const name of ['content', 'identity', 'payments', 'gateway', 'stripe-sandbox']) {
    await write(`services/${name}/package.json`, JSON.stringify({ name: `@fake/${name}`, ...(name === 'content' ? { tca: { workers: [{ name: 'content-worker', entry: 'worker' }] } } : {}) }));
    await write(`services/${name}/dist/index.js`, `process.argv[2] = ${JSON.stringify(name)};\n${FAKE_HTTP}`);
  }
  await write('services/content/dist/worker.js', `process.argv[2] = 'content-worker';\n${FAKE_WORKER}`);
  // A service the stack knows nothing about: reported, not started.
  await write('services/extra/package.json', JSON.stringify({ name: '@fake/extra' }));
  await write('services/mailer/package.json', JSON.stringify({ name: '@fake/mailer' }));
  await write('services/mailer/dist/index.js', `process.argv[2] = 'mailer';\n${FAKE_WORKER}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function pidsIn(dir: string): Promise<Array<{ name: string; pid: number }>> {
  return (await readdir(dir)).map((f) => ({ name: f.replace(/-\d+$/, ''), pid: Number(f.slice(f.lastIndexOf('-') + 1)) }));
}

async function getJson(url: string): Promise<Record<string, string | undefined>> {
  return (await (await fetch(url)).json()) as Record<string, string | undefined>;
}

describe('startStack (fake services, real infrastructure)', () => {
  let base: string;
  let runtimeRoot: string;

  before(async () => {
    // A private (0700) directory, like a checkout under /root: as root, the embedded PostgreSQL must
    // still start (its cluster then lives under the runtime root).
    base = await mkdtemp(join(tmpdir(), 'stack-run-'));
    runtimeRoot = await mkdtemp(join(tmpdir(), 'stack-run-pg-'));
    await chmod(runtimeRoot, 0o755);
    await fakeRepo(join(base, 'repo'));
  });

  after(async () => {
    await rm(base, { recursive: true, force: true });
    await rm(runtimeRoot, { recursive: true, force: true });
  });

  const options = (t: TestContext, pidDir: string, env: Record<string, string | undefined>): StackOptions => ({
    rootDir: join(base, 'repo'),
    dataDir: join(base, 'data'),
    postgresRuntimeRoot: runtimeRoot,
    gatewayPort: 0,
    quiet: true,
    build: false,
    stopGraceMs: 3000,
    readyTimeoutMs: 30_000,
    env: { FAKE_PID_DIR: pidDir, REDIS_URL: undefined, SMTP_URL: undefined, DATABASE_URL: undefined, MAIL_UI_PORT: '0', MAIL_SMTP_PORT: '0', ...env },
    signal: t.signal,
  });

  /** startStack, stopped when the test ends however it ends (a failed assertion must not leave it running). */
  async function started(t: TestContext, stackOptions: StackOptions): Promise<RunningStack> {
    const stack = await startStack(stackOptions);
    t.after(() => stack.stop());
    return stack;
  }

  async function client(t: TestContext, url: string): Promise<pg.Client> {
    const db = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    db.on('error', () => undefined); // PostgreSQL stopping under an open client must not crash the run
    t.after(() => db.end().catch(() => undefined));
    await db.connect();
    return db;
  }

  test('starts everything with the right env, reports URLs, and stop() leaves nothing running', { timeout: 120_000 }, async (t) => {
    const pidDir = join(base, 'pids-ok');
    await mkdir(pidDir);
    const stack = await started(t, options(t, pidDir, { MAILER_WORKERS: '2', CONTENT_WORKERS: '2', LOG_LEVEL: 'debug', IDENTITY_URL: 'http://identity.invalid' }));
    assert.match(stack.siteUrl, /^http:\/\/localhost:\d+$/);
    assert.ok(stack.mailUrl?.endsWith('/index.html'));
    assert.equal((await fetch(new URL('/api/email', stack.mailUrl))).status, 200);
    assert.deepEqual(Object.keys(stack.healthUrls).sort(), ['content', 'gateway', 'identity', 'payments', 'stripe-sandbox']);
    for (const url of Object.values(stack.healthUrls)) assert.equal((await fetch(url)).status, 200, url);

    const content = await getJson(stack.healthUrls.content?.replace('/readyz', '/env') ?? '');
    assert.equal(content.DATABASE_URL, stack.databaseUrl);
    assert.equal(content.REDIS_URL, stack.redisUrl);
    assert.equal(content.SMTP_URL, stack.smtpUrl);
    assert.equal(content.PUBLIC_URL, stack.siteUrl);
    assert.equal(content.HOST, '127.0.0.1');
    assert.equal(content.LOG_LEVEL, 'debug');

    const gateway = await getJson(`${stack.gatewayUrl}/env`);
    assert.equal(gateway.PORT, new URL(stack.gatewayUrl).port);
    const serviceUrls = (env: Record<string, unknown>) => ['CONTENT_URL', 'IDENTITY_URL', 'PAYMENTS_URL'].map((k) => `${String(env[k])}/readyz`);
    const expectedUrls = [stack.healthUrls.content, stack.healthUrls.identity, stack.healthUrls.payments];
    assert.deepEqual(serviceUrls(gateway), expectedUrls);
    // Every service and its workers can call the others (content asks identity who a token belongs to),
    // even where the environment named another place: the stack runs them, so it knows where they are.
    for (const name of ['content', 'identity', 'payments']) {
      assert.deepEqual(serviceUrls(await getJson(stack.healthUrls[name]?.replace('/readyz', '/env') ?? '')), expectedUrls, name);
    }
    const workerFile = (await readdir(pidDir)).find((f) => f.startsWith('content-worker-'));
    assert.ok(workerFile);
    assert.deepEqual(serviceUrls(JSON.parse(await readFile(join(pidDir, workerFile), 'utf8')) as Record<string, unknown>), expectedUrls);
    assert.equal(gateway.RELEASES_DIR, join(base, 'data', 'releases'));

    // No STRIPE_SECRET_KEY: the sandbox runs with keys made for this run, and only payments gets them.
    const sandbox = stack.stripeSandbox;
    assert.ok(sandbox, 'the Stripe sandbox runs');
    assert.match(sandbox.secretKey, /^sk_test_[0-9a-f]{48}$/);
    assert.match(sandbox.webhookSecret, /^whsec_[0-9a-f]{48}$/);
    assert.equal(stack.healthUrls['stripe-sandbox'], `${sandbox.url}/readyz`);
    const payments = await getJson(stack.healthUrls.payments?.replace('/readyz', '/env') ?? '');
    assert.deepEqual([payments.STRIPE_SECRET_KEY, payments.STRIPE_API_BASE, payments.STRIPE_WEBHOOK_SECRET], [sandbox.secretKey, sandbox.url, sandbox.webhookSecret]);
    const sandboxEnv = await getJson(`${sandbox.url}/env`);
    assert.equal(sandboxEnv.SANDBOX_SECRET_KEY, sandbox.secretKey);
    assert.equal(sandboxEnv.SANDBOX_WEBHOOK_SECRET, sandbox.webhookSecret);
    assert.equal(sandboxEnv.SANDBOX_WEBHOOK_URL, `${String(payments.PAYMENTS_URL)}/webhooks/stripe`);
    assert.equal(sandboxEnv.SANDBOX_PUBLIC_URL, sandbox.url);
    assert.equal(sandboxEnv.DATABASE_URL, stack.databaseUrl);
    assert.equal(content.STRIPE_SECRET_KEY, undefined);
    assert.equal(gateway.STRIPE_WEBHOOK_SECRET, undefined);
    assert.equal(gateway.REMOTES_REGISTRY_FILE, join(base, 'data', 'remotes.json'));

    // Every process its own metrics port (each worker copy too), on 127.0.0.1; the sandbox has none.
    const workerEnvs = await Promise.all((await readdir(pidDir)).filter((f) => /-worker-|^mailer-/.test(f)).map(async (f) => JSON.parse(await readFile(join(pidDir, f), 'utf8')) as Record<string, unknown>));
    const metricsPorts = [content, gateway, payments, await getJson(stack.healthUrls.identity?.replace('/readyz', '/env') ?? ''), ...workerEnvs].map((env) => env.METRICS_PORT);
    assert.equal(metricsPorts.length, 8);
    for (const port of metricsPorts) assert.match(String(port), /^[1-9]\d+$/);
    assert.equal(new Set(metricsPorts).size, metricsPorts.length, `distinct: ${metricsPorts.join(', ')}`);
    assert.equal(content.METRICS_HOST, '127.0.0.1');
    assert.equal(sandboxEnv.METRICS_PORT, undefined);

    const db = await client(t, stack.databaseUrl);
    assert.deepEqual((await db.query('select current_database() as db')).rows, [{ db: 'tamil_association' }]);
    await db.end();
    if (process.getuid?.() === 0) assert.ok(stack.postgresDataDir?.startsWith(runtimeRoot), `as root, the cluster is outside the private dir (${stack.postgresDataDir})`);
    else assert.equal(stack.postgresDataDir, join(base, 'data', 'postgres'));

    // Every process of the list, each worker as many times as its count variable says.
    const names = (await pidsIn(pidDir)).map((p) => p.name).sort();
    assert.deepEqual(names, ['content', 'content-worker', 'content-worker', 'gateway', 'identity', 'mailer', 'mailer', 'payments', 'stripe-sandbox']);

    await stack.stop();
    await sleep(100);
    for (const { name, pid } of await pidsIn(pidDir)) assert.equal(alive(pid), false, `${name} (${pid}) still runs`);
    await assert.rejects(fetch(stack.mailUrl ?? ''), 'MailDev stopped');
    const after = new pg.Client({ connectionString: stack.databaseUrl, connectionTimeoutMillis: 1000 });
    after.on('error', () => undefined);
    await assert.rejects(after.connect(), 'PostgreSQL stopped');
  });

  test('with IDENTITY_REPLICAS=2 the gateway, every service and every worker get both identity replicas in IDENTITY_URL', { timeout: 120_000 }, async (t) => {
    const pidDir = join(base, 'pids-replicas');
    await mkdir(pidDir);
    const stack = await started(t, options(t, pidDir, { IDENTITY_REPLICAS: '2' }));
    const where = (name: string) => stack.healthUrls[name]?.replace('/readyz', '') ?? `(${name} not started)`;
    const identities = `${where('identity')},${where('identity-2')}`;
    assert.notEqual(where('identity'), where('identity-2'));
    for (const name of ['gateway', 'content', 'identity', 'identity-2', 'payments']) {
      const env = await getJson(`${name === 'gateway' ? stack.gatewayUrl : where(name)}/env`);
      assert.deepEqual([env.IDENTITY_URL, env.CONTENT_URL, env.PAYMENTS_URL], [identities, where('content'), where('payments')], name);
    }
    const workerFiles = (await readdir(pidDir)).filter((f) => /^content-worker-|^mailer-/.test(f));
    assert.equal(workerFiles.length, 2);
    for (const f of workerFiles) assert.equal((JSON.parse(await readFile(join(pidDir, f), 'utf8')) as Record<string, unknown>).IDENTITY_URL, identities, f);
  });

  test('a service that dies at start fails start-up with its name and last lines, and stops the rest', { timeout: 120_000 }, async (t) => {
    const pidDir = join(base, 'pids-fail');
    await mkdir(pidDir);
    await assert.rejects(
      // Should it start after all, it is stopped when the test ends.
      started(t, options(t, pidDir, { FAKE_FAIL: 'identity' })),
      (err: Error) => {
        assert.match(err.message, /^identity exited with code 3 before it was ready/);
        assert.match(err.message, /ERROR cannot start: boom/);
        return true;
      },
    );
    await sleep(100);
    const pids = await pidsIn(pidDir);
    assert.ok(pids.some((p) => p.name === 'content'));
    for (const { name, pid } of pids) assert.equal(alive(pid), false, `${name} (${pid}) still runs`);
  });
});
