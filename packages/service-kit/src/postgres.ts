import pg from 'pg';
import type { Logger } from './logger.js';

const { Pool, TypeOverrides, types } = pg;
export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Schema names go into SQL text (search_path, CREATE SCHEMA), so only plain lower-case identifiers are accepted. */
export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name ${JSON.stringify(schema)}: use lower-case letters, digits and _`);
  return schema;
}

/**
 * Per-pool type parsers: int8 (count(*), bigserial) as numbers instead of strings, since our ids and
 * counts stay far below 2^53; `date` as 'YYYY-MM-DD' instead of a Date at local midnight, which shifts by
 * a day in other time zones.
 */
function typeOverrides(): pg.CustomTypesConfig {
  const overrides = new TypeOverrides();
  overrides.setTypeParser(types.builtins.INT8, (value: string) => Number(value));
  overrides.setTypeParser(types.builtins.DATE, (value: string) => value);
  return overrides;
}

export interface CreatePoolOptions {
  connectionString: string;
  /** The service's own schema; every connection's search_path is set to it (then `public`, for extensions). */
  schema: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  logger?: Logger;
  max?: number;
  /** Fail instead of waiting forever when Postgres does not accept a connection. */
  connectionTimeoutMillis?: number;
}

export function createPool({ connectionString, schema, applicationName, logger, max = 10, connectionTimeoutMillis = 5000 }: CreatePoolOptions): pg.Pool {
  assertSchemaName(schema);
  const pool = new Pool({
    connectionString,
    application_name: applicationName,
    options: `-c search_path=${schema},public`,
    max,
    connectionTimeoutMillis,
    idleTimeoutMillis: 30_000,
    types: typeOverrides(),
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that would crash the process.
  pool.on('error', (err) => {
    if (logger) logger.warn({ err }, 'idle postgres connection failed');
  });
  // A checked-out client whose connection is lost between two queries (Postgres restarting) emits 'error' as
  // well, and pg-pool listens only while the client is idle: without this the process would crash. The
  // holder's next query fails ("not queryable") and it releases the client as broken.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.debug({ err }, 'postgres connection failed while checked out'));
  });
  return pool;
}

/** Readiness probe for /readyz. */
export function postgresCheck(pool: pg.Pool): () => Promise<void> {
  return async () => {
    await pool.query('SELECT 1');
  };
}

/** Runs `work` inside BEGIN/COMMIT on one client, rolling back on any error. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // If even ROLLBACK fails the connection is unusable: destroy it rather than return it to the pool.
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
