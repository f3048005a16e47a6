import { membershipLevel } from '@tca/contracts';

/**
 * /confirmation receives membershipType and userId through the navigation state (spec §2.3) from
 * the success page; they are also kept in this tab so a reload of the family details form keeps them.
 */

/** What the family details form is for: the membership type and the membership's request id. */
export interface DependantsTarget {
  membershipType: string;
  userId: string;
}

export const DEPENDANTS_TARGET_KEY = 'tca:membership-dependants';

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function asTarget(value: unknown): DependantsTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const { membershipType, userId } = value as { membershipType?: unknown; userId?: unknown };
  if (typeof userId !== 'string' || userId.trim() === '' || typeof membershipType !== 'string') return null;
  const level = membershipLevel(membershipType);
  return level ? { membershipType: level.name, userId } : null;
}

/** The family form's target: the navigation state, else the one kept in the tab; null without a user id or a known level. */
export function dependantsTarget(state: unknown, storage: Pick<Storage, 'getItem'> | null): DependantsTarget | null {
  const fromState = asTarget(state);
  if (fromState) return fromState;
  try {
    const raw = storage?.getItem(DEPENDANTS_TARGET_KEY);
    return raw ? asTarget(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function rememberDependantsTarget(storage: TabStorage | null, target: DependantsTarget): void {
  try {
    storage?.setItem(DEPENDANTS_TARGET_KEY, JSON.stringify(target));
  } catch {
    // The navigation state still carries it.
  }
}

export function forgetDependantsTarget(storage: TabStorage | null): void {
  try {
    storage?.removeItem(DEPENDANTS_TARGET_KEY);
  } catch {
    // Nothing to forget.
  }
}
