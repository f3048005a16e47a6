import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { Logger } from './logger.js';
import { assertSchemaName } from './postgres.js';

/** First key of the two-int advisory lock; the second is hashtext(schema), so services never wait on each other. */
const MIGRATION_LOCK_NAMESPACE = 7_402_001;
const MIGRATION_FILE = /^(\d{3,})_[\w-]+\.sql$/;

export interface RunMigrationsOptions {
  pool: pg.Pool;
  schema: string;
  /** Folder of `NNN_name.sql` files, applied in name order. */
  dir: string;
  logger?: Logger;
}

/** The `NNN_name.sql` files of `dir`, in the order they apply; throws when two share a number. */
export async function migrationFiles(dir: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  const numbers = new Set<string>();
  for (const file of files) {
    const number = MIGRATION_FILE.exec(file)?.[1] ?? '';
    if (numbers.has(number)) throw new Error(`Two migrations in ${dir} share the number ${number}`);
    numbers.add(number);
  }
  return files;
}

/**
 * Applies the SQL files of `dir` that `<schema>.schema_migrations` has not recorded, each in its own
 * transaction with search_path set to the schema (so files use unqualified names). A session advisory lock
 * makes instances that start together wait for each other instead of racing. Returns the names applied.
 */
export async function runMigrations({ pool, schema, dir, logger }: RunMigrationsOptions): Promise<string[]> {
  assertSchemaName(schema);
  const files = await migrationFiles(dir);
  const client = await pool.connect();
  let broken = false;
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK_NAMESPACE, schema]);
    try {
      // Inside the lock: CREATE ... IF NOT EXISTS still races on the catalog when run concurrently.
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${schema}.schema_migrations`);
      const done = new Set(rows.map((row) => row.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = await readFile(join(dir, file), 'utf8');
        try {
          await client.query('BEGIN');
          await client.query(`SET LOCAL search_path TO ${schema}, public`);
          await client.query(sql);
          await client.query(`INSERT INTO ${schema}.schema_migrations (name) VALUES ($1)`, [file]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
          throw new Error(`Migration ${schema}/${file} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
        applied.push(file);
        logger?.info({ schema, migration: file }, 'migration applied');
      }
    } finally {
      if (!broken) {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [MIGRATION_LOCK_NAMESPACE, schema]).catch(() => {
          broken = true;
        });
      }
    }
  } catch (err) {
    // A failed query may leave the connection in an unknown state; never hand it back to the pool.
    broken = true;
    throw err;
  } finally {
    client.release(broken);
  }
  if (applied.length === 0) logger?.debug({ schema }, 'migrations up to date');
  return applied;
}
