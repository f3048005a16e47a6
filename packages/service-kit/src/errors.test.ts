import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema } from '@tca/contracts';
import pg from 'pg';
import { ConflictError, isDependencyUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.js';
import { createHttpApp, finishApp } from './http-app.js';
import { createLogger } from './logger.js';
import { createPool } from './postgres.js';
import { startService, type RunningService } from './start-service.js';
import { freePort } from './testing/processes.js';

function databaseError(code: string, message: string): pg.DatabaseError {
  const err = new pg.DatabaseError(message, message.length, 'error');
  err.code = code;
  return err;
}

describe('isDependencyUnavailable', () => {
  it('recognises a database or service that is away for the moment', () => {
    const unavailable: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      databaseError('57P01', 'terminating connection due to administrator command'),
      databaseError('57P02', 'terminating connection because of crash of another server process'),
      databaseError('57P03', 'the database system is starting up'),
      databaseError('08006', 'connection failure'),
      databaseError('08P01', 'protocol violation'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('could not save the message', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }),
    ];
    for (const err of unavailable) assert.equal(isDependencyUnavailable(err), true, String(err));
  });

  it('leaves real failures alone: bugs, constraint violations, bad SQL, non-errors', () => {
    const failures: unknown[] = [
      new Error('Cannot read properties of undefined'),
      databaseError('23505', 'duplicate key value violates unique constraint'),
      databaseError('42P01', 'relation "missing" does not exist'),
      databaseError('40001', 'could not serialize access'),
      Object.assign(new Error('request aborted'), { code: 'ECONNABORTED' }),
      'ECONNREFUSED',
      null,
      undefined,
    ];
    for (const err of failures) assert.equal(isDependencyUnavailable(err), false, String(err));
  });
});

describe('errorMiddleware and an unavailable database', () => {
  let running: RunningService;
  let pool: pg.Pool;

  before(async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    // Nothing listens on this port: every query fails with ECONNREFUSED, as while Postgres restarts.
    pool = createPool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`, schema: 'public', applicationName: 'errors-test', connectionTimeoutMillis: 1000 });
    const { app, lifecycle } = createHttpApp({ name: 'test', logger });
    app.get('/query', async (_req, res) => {
      const { rows } = await pool.query('SELECT 1 AS n');
      res.json(rows);
    });
    app.get('/admin-shutdown', () => {
      throw databaseError('57P01', 'terminating connection due to administrator command');
    });
    app.get('/conflict', () => {
      throw new ConflictError('Already there.', 'exists');
    });
    app.get('/bug', () => {
      throw new Error('a bug');
    });
    finishApp(app, logger);
    running = await startService({ app, port: 0, host: '127.0.0.1', logger, lifecycle, handleSignals: false });
  });
  after(async () => {
    await running.stop();
    await pool.end();
  });

  for (const path of ['/query', '/admin-shutdown']) {
    it(`answers ${path} with 503 service_unavailable, a message to try again and Retry-After`, async () => {
      const res = await fetch(`${running.url}${path}`);
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      const body = apiErrorSchema.parse(await res.json());
      assert.equal(body.error, 'service_unavailable');
      assert.match(body.message, /try again shortly/);
    });
  }

  it('still answers AppErrors with their own status and other errors with 500', async () => {
    assert.equal((await fetch(`${running.url}/conflict`)).status, 409);
    const bug = await fetch(`${running.url}/bug`);
    assert.equal(bug.status, 500);
    assert.equal(apiErrorSchema.parse(await bug.json()).error, 'internal_error');
  });
});
