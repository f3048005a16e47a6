import type { Pool, PoolClient } from '@tca/service-kit';

/** Where a repository runs its statements: the pool, or the client of a transaction in progress. */
export type Db = Pool | PoolClient;

/** The database's clock (the one every stored timestamp comes from). */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('SELECT now() AS now');
  return rows[0]?.now ?? new Date();
}
