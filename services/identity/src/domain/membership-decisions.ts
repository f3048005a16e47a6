/**
 * What the membership officer does with membership requests: list them, approve or reject a Pending one.
 * Used by the CLI (`npm run admin -- memberships …`) and the staff members desk (/staff-api/memberships):
 * errors are AppErrors (404 / 409 / 400) with messages for people, and every decision is recorded with who
 * made it, in membership_decisions and in the audit log, in the transaction that makes it.
 */
import { MEMBERSHIP_REJECTION_REASON_MAX, MEMBERSHIP_STATUSES, QUEUES, type EmailJob, type MembershipRequestsQuery, type MembershipTerm } from '@tca/contracts';
import { addToOutbox, AppError, NotFoundError, ValidationError, withTransaction, type EmailBrand, type Pool } from '@tca/service-kit';
import { userLanguage } from '../data-access/account-repository.js';
import type { Db } from '../data-access/database.js';
import { insertDecision } from '../data-access/membership-decision-repository.js';
import {
  findListedMembership,
  listMembershipsWithDependants,
  lockMembershipByRequestId,
  lockPendingMembershipsByEmail,
  pageOfMemberships,
  updateMembershipStatus,
  type ListedMembershipRow,
  type MembershipRow,
} from '../data-access/membership-repository.js';
import { sitePage } from './account-emails.js';
import { recordAudit, type Actor } from './audit.js';
import { membershipApprovedEmail, membershipRejectedEmail, type MailedMembership } from './membership-emails.js';

export { decisionsOf, type DecisionRecord } from '../data-access/membership-decision-repository.js';

export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const REJECTION_REASON_MAX = MEMBERSHIP_REJECTION_REASON_MAX;

export interface MembershipSummary {
  requestId: string;
  membershipName: string;
  term: MembershipTerm;
  /** As shown to the member (Expired computed). */
  status: string;
  name: string;
  email: string;
  createdAt: Date;
  startsOn: string | null;
  endsOn: string | null;
  dependants: number;
}

export function isMembershipStatus(value: string): value is MembershipStatus {
  return (MEMBERSHIP_STATUSES as readonly string[]).includes(value);
}

function summaryOf(row: ListedMembershipRow): MembershipSummary {
  return {
    requestId: row.request_id,
    membershipName: row.membership_name,
    term: row.term,
    status: row.status,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    createdAt: row.created_at,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    dependants: row.dependants,
  };
}

/** Every membership, oldest first (the queue of requests to decide), optionally only those with this status as shown. */
export async function listMemberships(db: Db, filter: { status?: MembershipStatus } = {}): Promise<MembershipSummary[]> {
  const rows = await listMembershipsWithDependants(db, filter.status);
  return rows.map(summaryOf);
}

export interface MembershipsPage {
  memberships: MembershipSummary[];
  total: number;
  page: number;
  pageSize: number;
  pending: number;
}

/** A page of memberships for the staff desk: Pending first unless a status is asked for (see pageOfMemberships). */
export async function membershipsPage(db: Db, query: MembershipRequestsQuery, defaultPageSize: number): Promise<MembershipsPage> {
  const page = query.page ?? 1;
  const pageSize = query.limit ?? defaultPageSize;
  const found = await pageOfMemberships(db, { status: query.status, offset: (page - 1) * pageSize, limit: pageSize });
  return { memberships: found.rows.map(summaryOf), total: found.total, page, pageSize, pending: found.pending };
}

/** One membership by request ID, as listed; undefined when there is none. */
export async function membershipSummary(db: Db, requestId: string): Promise<MembershipSummary | undefined> {
  const row = await findListedMembership(db, requestId);
  return row ? summaryOf(row) : undefined;
}

export interface DecisionSettings {
  /** Who decided: recorded with the decision (the CLI uses `cli:<login name>` or --by, the staff desk the officer's e-mail). */
  decidedBy: string;
  /** Who the audit log names (a staff member, or the CLI's cliActor). */
  actor: Actor;
  brand: EmailBrand;
  publicUrl: string;
}

export interface DecisionResult {
  requestId: string;
  membershipName: string;
  email: string;
  status: 'Active' | 'Rejected';
  /** Key of the e-mail recorded in the outbox (relayed by any running identity API or membership worker). */
  emailKey: string;
}

/**
 * The Pending membership `target` names: a request ID, or the e-mail of an account (or of the membership
 * details) with exactly one Pending request. Locked for the rest of the transaction.
 */
async function lockTarget(db: Db, target: string): Promise<MembershipRow> {
  const wanted = target.trim();
  if (wanted === '') throw new ValidationError({ target: 'Name a request ID or an e-mail address' }, 'Name a request ID or an e-mail address.');
  if (!wanted.includes('@')) {
    const row = await lockMembershipByRequestId(db, wanted);
    if (!row) throw new NotFoundError(`There is no membership with request ID ${wanted}.`, 'membership_not_found');
    return row;
  }
  const rows = await lockPendingMembershipsByEmail(db, wanted);
  if (rows.length === 0) throw new NotFoundError(`${wanted} has no Pending membership request.`, 'membership_not_found');
  if (rows.length > 1) {
    throw new AppError(409, 'ambiguous_target', `${wanted} has ${rows.length} Pending requests (${rows.map((r) => r.request_id).join(', ')}): name one by its request ID.`);
  }
  return rows[0] as MembershipRow;
}

function mailed(row: MembershipRow): MailedMembership {
  return { requestId: row.request_id, membershipName: row.membership_name, term: row.term, startsOn: row.starts_on, endsOn: row.ends_on };
}

/** The audit entry's before/after: the status change, whose request for which level, and a rejection's reason (shortened). */
function auditSummary(row: MembershipRow, toStatus: string, reason: string | undefined): string {
  const base = `${row.stored_status} → ${toStatus}: ${row.membership_name} (${row.term}) for ${row.email}`;
  if (!reason) return base;
  const shown = reason.length > 120 ? `${reason.slice(0, 119)}…` : reason;
  return `${base}; reason: ${shown}`;
}

async function decide(
  pool: Pool,
  target: string,
  decision: 'approved' | 'rejected',
  reason: string | undefined,
  settings: DecisionSettings,
): Promise<DecisionResult> {
  const toStatus = decision === 'approved' ? 'Active' : 'Rejected';
  const decidedBy = settings.decidedBy.trim();
  if (decidedBy === '') throw new ValidationError({ decidedBy: 'Say who decides' }, 'Say who decides.');
  return withTransaction(pool, async (client) => {
    const row = await lockTarget(client, target);
    if (row.stored_status !== 'Pending') {
      throw new AppError(409, 'not_pending', `${row.request_id} is ${row.status}: only Pending requests can be ${decision}.`);
    }
    await updateMembershipStatus(client, row.id, toStatus);
    await insertDecision(client, { membershipId: row.id, decision, fromStatus: row.stored_status, toStatus, reason, decidedBy });
    await recordAudit(client, settings.actor, decision === 'approved' ? 'membership_approved' : 'membership_rejected', row.request_id, auditSummary(row, toStatus, reason));
    const member = { email: row.email, firstName: row.first_name, language: await userLanguage(client, row.user_id) };
    const email: EmailJob =
      decision === 'approved'
        ? membershipApprovedEmail(member, mailed(row), sitePage(settings.publicUrl, '/profile'), settings.brand)
        : membershipRejectedEmail(member, mailed(row), reason, sitePage(settings.publicUrl, '/contact'), settings.brand);
    await addToOutbox(client, { queue: QUEUES.email, name: `membership-${decision}`, jobId: email.key, payload: email });
    return { requestId: row.request_id, membershipName: row.membership_name, email: row.email, status: toStatus, emailKey: email.key };
  });
}

/** Pending → Active, the decision recorded and the member e-mailed, in one transaction. */
export function approveMembership(pool: Pool, target: string, settings: DecisionSettings): Promise<DecisionResult> {
  return decide(pool, target, 'approved', undefined, settings);
}

/** Pending → Rejected, the decision (with its reason) recorded and the member e-mailed the reason, in one transaction. */
export function rejectMembership(pool: Pool, target: string, reason: string | undefined, settings: DecisionSettings): Promise<DecisionResult> {
  const trimmed = reason?.trim() || undefined;
  if (trimmed && trimmed.length > REJECTION_REASON_MAX) {
    throw new ValidationError({ reason: `At most ${REJECTION_REASON_MAX} characters` }, `The reason may have at most ${REJECTION_REASON_MAX} characters.`);
  }
  return decide(pool, target, 'rejected', trimmed, settings);
}
