/**
 * The page query of a service's append-only `audit_log` table (issue 14; identity's and content's have the
 * same columns), so every audit API filters and pages the same way and the owner's page can merge them.
 */

export interface AuditLogFilter {
  action?: string | undefined;
  /** The actor's e-mail, any case. */
  actor?: string | undefined;
  /** Whole days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
  /** An entry id: only older entries. */
  before?: string | undefined;
  limit: number;
}

/** Newest first (by id, the order entries were written in: the column, not the text `id` the query answers, which would sort 10 before 9), `limit` entries matching every given filter. */
export function auditLogPageQuery(filter: AuditLogFilter): { text: string; values: unknown[] } {
  return {
    text: `SELECT id::text AS id, at, actor_user_id, actor_email, action, target, summary, ip FROM audit_log
      WHERE ($1::text IS NULL OR action = $1) AND ($2::text IS NULL OR lower(actor_email) = lower($2)) AND ($3::bigint IS NULL OR id < $3::bigint)
        AND ($5::date IS NULL OR at >= ($5::date)::timestamp AT TIME ZONE $7::text)
        AND ($6::date IS NULL OR at < ($6::date + 1)::timestamp AT TIME ZONE $7::text)
      ORDER BY audit_log.id DESC LIMIT $4`,
    values: [filter.action ?? null, filter.actor ?? null, filter.before ?? null, filter.limit, filter.from ?? null, filter.to ?? null, filter.timeZone],
  };
}

/** A new entry: who (a user id in the service's own form, and the e-mail or `cli:<login name>`), what, on what, a short summary, from where. */
export interface AuditLogInsert<UserId = string | number> {
  actorUserId: UserId | null;
  actorEmail: string;
  action: string;
  target: string | null;
  summary: string;
  ip: string | null;
}

/** The only statement that writes to an audit log. */
export function auditLogInsertQuery(entry: AuditLogInsert): { text: string; values: unknown[] } {
  return {
    text: 'INSERT INTO audit_log (actor_user_id, actor_email, action, target, summary, ip) VALUES ($1, $2, $3, $4, $5, $6)',
    values: [entry.actorUserId, entry.actorEmail, entry.action, entry.target, entry.summary, entry.ip],
  };
}

/** An entry as auditLogPageQuery reads it. */
export interface AuditLogRow<UserId = string | number> {
  id: string;
  at: Date;
  actor_user_id: UserId | null;
  actor_email: string;
  action: string;
  target: string | null;
  summary: string;
  ip: string | null;
}
