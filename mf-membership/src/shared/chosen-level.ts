import { membershipLevel, type MembershipLevel, type MembershipLevelName } from '@tca/contracts';

/**
 * The chosen level travels from /membership to /forms in the navigation state and the URL
 * (?level=…), and is kept in this tab's sessionStorage, so a reload of /forms (or a return from the
 * login page) keeps it; the checkout pages forget it.
 */

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
