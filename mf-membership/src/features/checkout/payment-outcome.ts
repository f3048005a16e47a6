import { membershipLevel, type SessionLookupAnswer } from '@tca/contracts';
import type { ApiResult } from '@tca/ui/api';
import type { DependantsTarget } from '../../shared/dependants-target.js';

/**
 * The success page (spec §4 step 6): it reads `session_id`, looks the session up, and then
 *   paid → 'Payment successful!' and /confirmation for the family levels (with membershipType and
 *   userId), else /; a failed lookup → the error toast; any other status → 'Payment Failed.'.
 */

export type SuccessOutcome =
  | { kind: 'paid'; next: { path: '/confirmation'; dependants: DependantsTarget } | { path: '/' } }
  | { kind: 'not-paid' }
  | { kind: 'lookup-failed' };

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
