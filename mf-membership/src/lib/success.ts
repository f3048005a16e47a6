import { membershipLevel, type SessionLookupAnswer } from '@tca/contracts';
import type { ApiResult } from './api.js';

/**
 * The success page (spec §4 step 6): it reads `session_id`, looks the session up, and then
 *   paid → 'Payment successful!' and /confirmation for the family levels (with membershipType and
 *   userId), else /; a failed lookup → the error toast; any other status → 'Payment Failed.'.
 */

export type SuccessOutcome =
  | { kind: 'paid'; next: { path: '/confirmation'; dependants: DependantsTarget } | { path: '/' } }
  | { kind: 'not-paid' }
  | { kind: 'lookup-failed' };

export interface DependantsTarget {
  membershipType: string;
  userId: string;
}

const PLAUSIBLE_ID = /^[A-Za-z0-9_-]{1,255}$/;

/** The checkout session id from the query string, or null when missing or not plausible. */
export function checkoutSessionId(search: string): string | null {
  const id = new URLSearchParams(search).get('session_id')?.trim() ?? '';
  return PLAUSIBLE_ID.test(id) ? id : null;
}

/**
 * What the cancel page abandons: the order reference payments puts in the cancel URL (`?order=ord_…`;
 * Stripe fills `{CHECKOUT_SESSION_ID}` in only for the success URL), else a `session_id`.
 */
export function cancelledCheckoutId(search: string): string | null {
  const order = new URLSearchParams(search).get('order')?.trim() ?? '';
  return PLAUSIBLE_ID.test(order) ? order : checkoutSessionId(search);
}

export function successOutcome(result: ApiResult<SessionLookupAnswer>): SuccessOutcome {
  if (result.kind !== 'ok' || result.answer === null) return { kind: 'lookup-failed' };
  const answer = result.answer;
  if (answer.payment_status !== 'paid') return { kind: 'not-paid' };
  const level = answer.membershipType ? membershipLevel(answer.membershipType) : undefined;
  if (level?.family && answer.userId) {
    return { kind: 'paid', next: { path: '/confirmation', dependants: { membershipType: level.name, userId: answer.userId } } };
  }
  return { kind: 'paid', next: { path: '/' } };
}

// ---------------------------------------------------------------------------------------------
// /confirmation receives membershipType and userId through the navigation state (spec §2.3); they
// are also kept in this tab so a reload of the family details form keeps them.
// ---------------------------------------------------------------------------------------------

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
