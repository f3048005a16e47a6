import type { AuditEntry } from '@tca/contracts';
import type { StaffActor } from './staff-guard.js';

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

/** How a service keeps audit_log.actor_user_id: identity's and payments' user ids are numbers, content keeps AccountUser.id as text. */
export type AuditActorIdType = 'integer' | 'text';

/**
 * The audit_log table with its append-only trigger (UPDATE, DELETE and TRUNCATE refused), as every service
 * with staff changes creates it in its migrations. A migration must not change once applied, so it cannot
 * import this: each service keeps a verbatim copy, which audit-log-migrations.test.ts holds to this text
 * (a new service's migration copies it; the test then fails on any drift).
 */
export function auditLogTableSql(actorIdType: AuditActorIdType): string {
  return `
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id ${actorIdType},
  actor_email text NOT NULL,
  action text NOT NULL,
  target text,
  summary text NOT NULL DEFAULT '',
  ip text
);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
`;
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

/** Something that runs a query: a pool or a client inside a transaction. */
interface AuditDb {
  query(query: { text: string; values: unknown[] }): Promise<unknown>;
}

/**
 * Writes one entry for `actor` (the staff guard's actorOf): call it with the transaction's client, so there
 * is no change without its entry.
 */
export async function recordAudit(db: AuditDb, actor: StaffActor, action: string, target: string | null, summary: string): Promise<void> {
  await db.query(auditLogInsertQuery({ actorUserId: actor.userId, actorEmail: actor.email, action, target, summary, ip: actor.ip }));
}

/** An entry as every audit API answers it (a numeric user id as text). */
export function auditEntryOf(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUserId: row.actor_user_id === null ? null : String(row.actor_user_id),
    actorEmail: row.actor_email,
    action: row.action,
    target: row.target,
    summary: row.summary,
    ip: row.ip,
  };
}

/** A page answer of `limit` rows asked: the entries, and the next page's `before` while the page was full. */
export function auditPageAnswer(rows: readonly AuditLogRow[], limit: number): { entries: AuditEntry[]; nextBefore: string | null } {
  const entries = rows.map(auditEntryOf);
  return { entries, nextBefore: entries.length === limit ? (entries.at(-1)?.id ?? null) : null };
}
