import { MEMBERSHIP_LEVELS, type MembershipLevel, type MembershipLevelName } from '@tca/contracts';

/**
 * Which levels the membership page offers (spec §4 "Membership status"): a level the member holds
 * as Active is hidden, and so is a level with a request that is Current or Pending. Other statuses
 * (Rejected, Expired, …) do not stop a new purchase.
 */

/** What the page needs of a membership record (POST /membership/get). */
export interface HeldMembership {
  membershipName: string;
  status: string;
}

function normalised(status: string): string {
  return status.trim().toLowerCase();
}

/**
 * The records of a POST /membership/get answer: a list, one record, or nothing (spec §3 "The
 * response may hold one record or a list"). Entries that are not records are left out.
 */
export function heldMemberships(answer: unknown): HeldMembership[] {
  const list: unknown[] = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer];
  return list.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { membershipName, status } = item as { membershipName?: unknown; status?: unknown };
    return typeof membershipName === 'string' && typeof status === 'string' ? [{ membershipName, status }] : [];
  });
}

/** True when the member holds this level as Active. */
export function holdsActive(records: readonly HeldMembership[], level: MembershipLevelName): boolean {
  return records.some((record) => record.membershipName === level && normalised(record.status) === 'active');
}

/** Why a level is not offered, or null when it is. */
export function hiddenReason(records: readonly HeldMembership[], level: MembershipLevelName): 'active' | 'requested' | null {
  if (holdsActive(records, level)) return 'active';
  const requested = records.some((record) => record.membershipName === level && ['current', 'pending'].includes(normalised(record.status)));
  return requested ? 'requested' : null;
}

/** The levels to show, in the product's order: visible ones the member neither holds Active nor has requested. */
export function offeredLevels(records: readonly HeldMembership[], levels: readonly MembershipLevel[] = MEMBERSHIP_LEVELS): MembershipLevel[] {
  return levels.filter((level) => level.isVisible && hiddenReason(records, level.name) === null);
}
