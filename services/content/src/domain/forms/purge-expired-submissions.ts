import type { Pool } from '@tca/service-kit';

export interface PurgeResult {
  messages: number;
  tickets: number;
  /** Relayed outbox rows of those messages and tickets (their e-mails). */
  outbox: number;
}

/**
 * Deletes contact messages and support tickets older than `retentionDays`, and the relayed outbox rows
 * (their e-mails) as old, as the privacy policy promises ("deleted 2 years after they were sent").
 * Idempotent: several tickets workers may run it at the same time.
 */
export async function purgeExpiredSubmissions(pool: Pool, retentionDays: number): Promise<PurgeResult> {
  const cutoff = [String(retentionDays)];
  const messages = await pool.query(`DELETE FROM contact_messages WHERE created_at < now() - make_interval(days => $1::int)`, cutoff);
  const tickets = await pool.query(`DELETE FROM support_tickets WHERE created_at < now() - make_interval(days => $1::int)`, cutoff);
  const outbox = await pool.query(`DELETE FROM outbox WHERE sent_at IS NOT NULL AND created_at < now() - make_interval(days => $1::int)`, cutoff);
  return { messages: messages.rowCount ?? 0, tickets: tickets.rowCount ?? 0, outbox: outbox.rowCount ?? 0 };
}
