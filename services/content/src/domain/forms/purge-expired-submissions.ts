import type { Pool } from '@tca/service-kit';
import { deleteContactMessagesOlderThan } from '../../data-access/contact-message-repository.js';
import { deleteSettledOutboxOlderThan } from '../../data-access/outbox-repository.js';
import { deleteSupportTicketsOlderThan } from '../../data-access/support-ticket-repository.js';

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
  const messages = await deleteContactMessagesOlderThan(pool, retentionDays);
  const tickets = await deleteSupportTicketsOlderThan(pool, retentionDays);
  const outbox = await deleteSettledOutboxOlderThan(pool, retentionDays);
  return { messages, tickets, outbox };
}
