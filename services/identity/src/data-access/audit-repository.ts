import { auditLogPageQuery, type AuditLogFilter } from '@tca/service-kit';
import type { Db } from './database.js';

/** `audit_log`: append-only (a trigger refuses UPDATE and DELETE); this module only inserts and reads. */

export interface NewAuditEntry {
  actorUserId: number | null;
  actorEmail: string;
  action: string;
  target: string | null;
  summary: string;
  ip: string | null;
}

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_user_id, actor_email, action, target, summary, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.actorUserId,
    entry.actorEmail,
    entry.action,
    entry.target,
    entry.summary,
    entry.ip,
  ]);
}

export interface AuditRow {
  id: string;
  at: Date;
  actor_user_id: number | null;
  actor_email: string;
  action: string;
  target: string | null;
  summary: string;
  ip: string | null;
}

/** Newest first; `before` an id (entries older than it); `from`/`to` whole days in the filter's time zone. */
export async function listAuditEntries(db: Db, filter: AuditLogFilter): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(auditLogPageQuery(filter));
  return rows;
}
