/**
 * What operators do with membership requests: list them, approve or reject a Pending one. Used by the CLI
 * (`npm run admin -- memberships …`) and meant for an HTTP operator console too: errors are AppErrors
 * (404 / 409 / 400) with messages for people, and every decision is recorded with who made it.
 */
import { MEMBERSHIP_STATUSES, QUEUES, type EmailJob, type MembershipTerm } from '@tca/contracts';
import { addToOutbox, AppError, NotFoundError, ValidationError, withTransaction, type EmailBrand, type Pool } from '@tca/service-kit';
import type { Db } from '../data-access/database.js';
import { insertDecision } from '../data-access/membership-decision-repository.js';
import {
  listMembershipsWithDependants,
  lockMembershipByRequestId,
  lockPendingMembershipsByEmail,
  updateMembershipStatus,
  type MembershipRow,
} from '../data-access/membership-repository.js';
import { sitePage } from './account-emails.js';
import { membershipApprovedEmail, membershipRejectedEmail, type MailedMembership } from './membership-emails.js';

export { decisionsOf, type DecisionRecord } from '../data-access/membership-decision-repository.js';

export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const REJECTION_REASON_MAX = 1000;

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

/** Every membership, oldest first (the queue of requests to decide), optionally only those with this status as shown. */
export async function listMemberships(db: Db, filter: { status?: MembershipStatus } = {}): Promise<MembershipSummary[]> {
  const rows = await listMembershipsWithDependants(db, filter.status);
  return rows.map((row) => ({
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
  }));
}

export interface DecisionSettings {
  /** Who decided: recorded with the decision (the CLI uses `cli:<login name>`). */
  decidedBy: string;
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
    const member = { email: row.email, firstName: row.first_name };
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
