import type { Pool, PoolClient } from '@tca/service-kit';

/** Deletes the outbox rows settled (their jobs ran) and older than `days`; how many went. */
export async function deleteSettledOutboxOlderThan(db: Pool | PoolClient, days: number): Promise<number> {
  const deleted = await db.query(`DELETE FROM outbox WHERE settled_at IS NOT NULL AND created_at < now() - make_interval(days => $1::int)`, [String(days)]);
  return deleted.rowCount ?? 0;
}
