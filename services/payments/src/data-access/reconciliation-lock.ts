import type { Pool } from '@tca/service-kit';

/** Any 64-bit number the other services do not use: one sweep at a time across all workers. */
const RECONCILE_LOCK = 0x7061796d656e7473n; // "payments"

/**
 * Runs `work` holding the reconciliation's session advisory lock, on a connection of its own. Undefined,
 * without running `work`, when another worker holds the lock.
 */
export async function withReconciliationLock<T>(pool: Pool, work: () => Promise<T>): Promise<T | undefined> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RECONCILE_LOCK.toString()]);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [RECONCILE_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}
