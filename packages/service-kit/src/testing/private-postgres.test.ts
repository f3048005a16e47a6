import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';

async function selectOne(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT 1 AS n');
    return rows[0]?.n;
  } finally {
    await client.end();
  }
}

describe('startPrivatePostgres', () => {
  let server: PrivatePostgres;

  before(async () => {
    server = await startPrivatePostgres();
  });
  after(async () => {
    await server?.remove();
  });

  it('answers on its own port with trust auth, and keeps its data across a stop and a start', async () => {
    assert.notEqual(server.port, 5432);
    assert.equal(server.running, true);
    assert.equal(await selectOne(server.url), 1);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE kept');
    await admin.end();

    await server.stop();
    assert.equal(server.running, false);
    await assert.rejects(selectOne(server.url), (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED');

    await server.start();
    assert.equal(await selectOne(server.urlFor('kept')), 1, 'the database made before the stop is still there');
  });

  it('ends open sessions with 57P01 on a fast stop, then takes connections again after restart()', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    // The session gets the server's FATAL 57P01, then (the socket closing) "Connection terminated unexpectedly".
    const errors: NodeJS.ErrnoException[] = [];
    client.on('error', (err: NodeJS.ErrnoException) => errors.push(err));
    await server.restart();
    assert.equal(errors[0]?.code, '57P01', errors.map((err) => err.message).join('; '));
    await client.end().catch(() => undefined);
    assert.equal(await selectOne(server.url), 1);
  });

  it('remove() stops it and deletes its folder', async () => {
    const other = await startPrivatePostgres();
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    await client.end();
    const dataDir = rows[0]?.data_directory;
    assert.ok(dataDir);
    await other.remove();
    assert.equal(other.running, false);
    await assert.rejects(access(dataDir), 'the folder is gone');
    await assert.rejects(selectOne(other.url));
  });
});
