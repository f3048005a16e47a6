import { AUDIT_PAGE_DEFAULT, AUDIT_TIME_ZONE, type AuditAction, type AuditPageAnswer, type AuditQuery } from '@tca/contracts';
import { auditPageAnswer } from '@tca/service-kit';
import { insertAuditEntry, listAuditEntries } from '../data-access/audit-repository.js';
import type { Db } from '../data-access/database.js';

/**
 * The audit log (issue 14): who did what, when, to whom, with a short summary. Entries are only ever
 * added (the table refuses UPDATE and DELETE); an entry is written in the transaction of the change it
 * records, so there is no change without its entry.
 */

/** Who acts: a signed-in staff member, or the admin CLI (`cli:<login name>`, no user). */
export interface Actor {
  userId: number | null;
  email: string;
  ip: string | null;
}

export function cliActor(loginName: string): Actor {
  return { userId: null, email: `cli:${loginName}`, ip: null };
}

export function recordAudit(db: Db, actor: Actor, action: AuditAction, target: string | null, summary: string): Promise<void> {
  return insertAuditEntry(db, { actorUserId: actor.userId, actorEmail: actor.email, action, target, summary, ip: actor.ip });
}

/** A page of the log, newest first (GET /staff-api/audit). */
export async function auditPage(db: Db, query: AuditQuery): Promise<AuditPageAnswer> {
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await listAuditEntries(db, { action: query.action, actor: query.actor, from: query.from, to: query.to, timeZone: AUDIT_TIME_ZONE, before: query.before, limit });
  return auditPageAnswer(rows, limit);
}
