import {
  membershipLevel,
  SUBMISSION_NOT_ALLOWED,
  type createMembershipRequestSchema,
  type EligibilityAnswer,
  type MemberDetails,
  type CancelMembershipAnswer,
  type CancelMembershipRequest,
  type MembershipLevelName,
} from '@tca/contracts';
import { NotFoundError, ValidationError, withTransaction, type Pool } from '@tca/service-kit';
import type { z } from 'zod';
import { userExists } from '../data-access/account-repository.js';
import type { Db } from '../data-access/database.js';
import { insertDecision } from '../data-access/membership-decision-repository.js';
import {
  annualStartDate,
  insertMembership,
  levelStatusesOfUser,
  lockMembershipByRequestId,
  lockMembershipCreation,
  membershipOfCheckout,
  updateMembershipStatus,
} from '../data-access/membership-repository.js';

/** A request reference: `M-<year in Adelaide>-<at least 6 digits>`. */
export const MEMBERSHIP_REQUEST_ID_PATTERN = /^M-\d{4}-\d{6,}$/;

/** A renewal bought this many days (or fewer) before the current membership ends starts when it ends; buying is allowed again then. */
export const RENEWAL_WINDOW_DAYS = 30;

export const ALREADY_ACTIVE_MESSAGE = 'You already have an active membership';
export const USER_NOT_FOUND_MESSAGE = 'There is no account with that user id.';

type CreateMembershipInput = z.output<typeof createMembershipRequestSchema>;

export interface CreatedMembership {
  requestId: string;
  status: string;
  membershipName: string;
  /** false: this checkout session had created it already (an earlier or concurrent call). */
  created: boolean;
}

/** Spec §3: line 1, suburb, state and postal code joined with commas. */
export function addressOf(details: MemberDetails): string {
  return [details.addressLine1, details.suburb, details.stateProvince, details.postalCode].join(', ');
}

/** A user id as the other services send it (the decimal id of the account). */
export function parseUserId(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

async function assertUserExists(db: Db, userId: number): Promise<void> {
  if (!(await userExists(db, userId))) throw new NotFoundError(USER_NOT_FOUND_MESSAGE, 'user_not_found');
}

/**
 * Records the membership a paid Checkout Session bought (called by payments through POST /internal/memberships).
 * Idempotent per checkout session: the INSERT is `ON CONFLICT (checkout_session_id) DO NOTHING` and the row is
 * then read back, so any number of calls, even at once, create one record and all answer it. Calls for one
 * user are serialised (a transaction-scoped advisory lock) so that a renewal's start is computed from
 * committed records.
 *
 * Annual levels run a year from today (Adelaide), or, for a renewal bought while the same level is still
 * Active, from the day that one ends.
 */
export async function createMembershipFromCheckout(pool: Pool, input: CreateMembershipInput, options: { autoApprove: boolean }): Promise<CreatedMembership> {
  const userId = parseUserId(input.userId);
  if (userId === undefined) throw new ValidationError({ userId: 'Must be the id of an account' }, 'userId must be the id of an account.');
  const level = membershipLevel(input.membershipName);
  if (!level) throw new ValidationError({ membershipName: 'Unknown membership level' }, 'Unknown membership level.');
  return withTransaction(pool, async (client) => {
    await assertUserExists(client, userId);
    await lockMembershipCreation(client, userId);
    const existing = await membershipOfCheckout(client, input.checkoutSessionId);
    if (existing) return { requestId: existing.request_id, status: existing.status, membershipName: existing.membership_name, created: false };

    const startsOn = level.term === 'annual' ? await annualStartDate(client, userId, level.name) : null;
    const details = input.details;
    const inserted = await insertMembership(client, {
      userId,
      membershipName: level.name,
      term: level.term,
      status: options.autoApprove ? 'Active' : 'Pending',
      firstName: details.firstName,
      lastName: details.lastName,
      email: details.email,
      phone: details.phoneNumber,
      address: addressOf(details),
      profession: details.profession,
      dateOfBirth: details.dateOfBirth,
      checkoutSessionId: input.checkoutSessionId,
      details,
      startsOn,
      amountTotal: input.amountTotal,
      currency: input.currency.toLowerCase(),
    });
    const row = inserted ?? (await membershipOfCheckout(client, input.checkoutSessionId));
    if (!row) throw new Error(`membership for checkout session ${input.checkoutSessionId} was neither inserted nor found`);
    return { requestId: row.request_id, status: row.status, membershipName: row.membership_name, created: inserted !== undefined };
  });
}

/**
 * May this user start a checkout for this level? Not while they hold it Active outside its last
 * RENEWAL_WINDOW_DAYS days (life-time levels: ever), nor while a request for it is Pending or Current.
 */
export async function membershipEligibility(db: Db, userId: number, level: MembershipLevelName): Promise<EligibilityAnswer> {
  await assertUserExists(db, userId);
  const rows = await levelStatusesOfUser(db, userId, level);
  if (rows.some((row) => row.status === 'Active' && (row.days_left === null || row.days_left > RENEWAL_WINDOW_DAYS))) {
    return { allowed: false, reason: 'already_active', message: ALREADY_ACTIVE_MESSAGE };
  }
  if (rows.some((row) => row.status === 'Pending' || row.status === 'Current')) {
    return { allowed: false, reason: 'submission_not_allowed', message: SUBMISSION_NOT_ALLOWED.message };
  }
  return { allowed: true };
}

/**
 * The membership of a refunded order becomes Cancelled (called by payments through POST
 * /internal/memberships/:requestId/cancel when Stripe confirms the refund). Idempotent: a second call (a
 * duplicate webhook) finds it Cancelled and changes nothing. The change is kept with the decisions.
 */
export async function cancelMembershipForRefund(pool: Pool, requestId: string, input: CancelMembershipRequest): Promise<CancelMembershipAnswer> {
  return withTransaction(pool, async (client) => {
    const row = await lockMembershipByRequestId(client, requestId);
    if (!row) throw new NotFoundError('There is no membership with this request ID.', 'membership_not_found');
    if (row.stored_status === 'Cancelled') return { requestId, status: 'Cancelled', cancelled: false };
    await updateMembershipStatus(client, row.id, 'Cancelled');
    await insertDecision(client, { membershipId: row.id, decision: 'cancelled', fromStatus: row.stored_status, toStatus: 'Cancelled', reason: input.reason, decidedBy: input.cancelledBy });
    return { requestId, status: 'Cancelled', cancelled: true };
  });
}
