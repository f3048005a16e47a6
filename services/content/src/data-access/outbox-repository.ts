import type { Pool, PoolClient } from '@tca/service-kit';

/** Deletes the outbox rows already relayed (sent_at set) and older than `days`; how many went. */
export async function deleteRelayedOutboxOlderThan(db: Pool | PoolClient, days: number): Promise<number> {
  const deleted = await db.query(`DELETE FROM outbox WHERE sent_at IS NOT NULL AND created_at < now() - make_interval(days => $1::int)`, [String(days)]);
  return deleted.rowCount ?? 0;
}
