import { MEMBERSHIP_LEVELS, membershipLevel, type MembershipLevel, type MembershipLevelName } from '@tca/contracts';

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

/** "$20" → "$20.00 AUD"-style money for the order summary. */
export function formatAud(amount: number): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(amount);
}

/** How the term reads on a card and in the summary. */
export function termText(level: Pick<MembershipLevel, 'term'>): string {
  return level.term === 'annual' ? 'Annual (one year)' : 'Life-time';
}

// ---------------------------------------------------------------------------------------------
// The chosen level travels to /forms in the navigation state and the URL (?level=…), and is kept
// in this tab's sessionStorage, so a reload of /forms (or a return from the login page) keeps it.
// ---------------------------------------------------------------------------------------------

export const CHOSEN_LEVEL_KEY = 'tca:membership-level';
export const LEVEL_QUERY = 'level';

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The navigation state /forms reads. */
export interface FormsNavigationState {
  membership: { name: MembershipLevelName };
}

export function formsLocation(level: MembershipLevelName): { pathname: string; search: string; state: FormsNavigationState } {
  return { pathname: '/forms', search: `?${LEVEL_QUERY}=${encodeURIComponent(level)}`, state: { membership: { name: level } } };
}

function levelFromState(state: unknown): MembershipLevel | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const membership = (state as { membership?: unknown }).membership;
  if (typeof membership === 'string') return membershipLevel(membership);
  if (typeof membership !== 'object' || membership === null) return undefined;
  const name = (membership as { name?: unknown }).name;
  return typeof name === 'string' ? membershipLevel(name) : undefined;
}

/**
 * The level /forms works with: the navigation state first, then `?level=`, then the one kept in
 * the tab. Only the name is taken from any of them: price and benefits come from the product list.
 */
export function chosenLevel(state: unknown, search: string, storage: Pick<Storage, 'getItem'> | null): MembershipLevel | null {
  const fromState = levelFromState(state);
  if (fromState) return fromState;
  const fromQuery = new URLSearchParams(search).get(LEVEL_QUERY);
  if (fromQuery) {
    const level = membershipLevel(fromQuery);
    if (level) return level;
  }
  try {
    const stored = storage?.getItem(CHOSEN_LEVEL_KEY);
    return (stored && membershipLevel(stored)) || null;
  } catch {
    return null;
  }
}

export function rememberLevel(storage: TabStorage | null, level: MembershipLevelName): void {
  try {
    storage?.setItem(CHOSEN_LEVEL_KEY, level);
  } catch {
    // Blocked storage: the URL still carries the level.
  }
}

export function forgetLevel(storage: TabStorage | null): void {
  try {
    storage?.removeItem(CHOSEN_LEVEL_KEY);
  } catch {
    // Nothing to forget.
  }
}
