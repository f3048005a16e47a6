import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isDependencyUnavailable } from './errors.js';
import { createPool, withTransaction, type Pool } from './postgres.js';
import { startPrivatePostgres, type PrivatePostgres } from './testing/private-postgres.js';

describe('createPool across a PostgreSQL restart', () => {
  let server: PrivatePostgres;
  let pool: Pool;

  before(async () => {
    server = await startPrivatePostgres();
    pool = createPool({ connectionString: server.url, schema: 'public', applicationName: 'pool-restart-test', max: 4 });
  });
  after(async () => {
    await pool?.end();
    await server?.remove();
  });

  it('survives losing a checked-out connection between two queries, fails the next one as unavailable, then works again', async () => {
    // Without a listener on checked-out clients, the FATAL 57P01 the restart sends would be an uncaught 'error' event.
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = await withTransaction(pool, async (client) => {
        await client.query('SELECT 1');
        await server.restart();
        return client.query('SELECT 2').then(
          () => undefined,
          (err: unknown) => err,
        );
      }).catch((err: unknown) => err);
      assert.ok(failed, 'the query after the restart fails');
      assert.equal(isDependencyUnavailable(failed), true, String(failed));
      assert.deepEqual(uncaught, []);

      // The broken client was discarded, idle ones the restart ended too: the pool connects anew.
      const { rows } = await pool.query<{ n: number }>('SELECT 3 AS n');
      assert.equal(rows[0]?.n, 3);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
