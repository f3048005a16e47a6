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

export interface AuditFilter {
  action?: string | undefined;
  actor?: string | undefined;
  /** Days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
  before?: string | undefined;
  limit: number;
}

/** Newest first; `before` an id (entries older than it); `from`/`to` whole days where the log is read (Adelaide). */
export async function listAuditEntries(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT id::text AS id, at, actor_user_id, actor_email, action, target, summary, ip FROM audit_log
      WHERE ($1::text IS NULL OR action = $1) AND ($2::text IS NULL OR lower(actor_email) = lower($2)) AND ($3::bigint IS NULL OR id < $3::bigint)
        AND ($5::date IS NULL OR at >= ($5::date)::timestamp AT TIME ZONE $7::text)
        AND ($6::date IS NULL OR at < ($6::date + 1)::timestamp AT TIME ZONE $7::text)
      ORDER BY audit_log.id DESC LIMIT $4`,
    [filter.action ?? null, filter.actor ?? null, filter.before ?? null, filter.limit, filter.from ?? null, filter.to ?? null, filter.timeZone],
  );
  return rows;
}
