import { auditLogInsertQuery, auditLogPageQuery, type AuditLogFilter, type AuditLogInsert, type AuditLogRow } from '@tca/service-kit';
import type { Db } from './database.js';

/** `audit_log`: append-only (a trigger refuses UPDATE and DELETE); this module only inserts and reads. */

export type NewAuditEntry = AuditLogInsert<number>;
export type AuditRow = AuditLogRow<number>;

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.query(auditLogInsertQuery(entry));
}

/** Newest first; `before` an id (entries older than it); `from`/`to` whole days in the filter's time zone. */
export async function listAuditEntries(db: Db, filter: AuditLogFilter): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(auditLogPageQuery(filter));
  return rows;
}
