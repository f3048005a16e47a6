import { isRejectedToken } from '@tca/ui/api';
import { clearSession, readLoginSession } from '@tca/ui/session';
import { getMemberships } from './api/get-memberships.js';
import { heldMemberships, type HeldMembership } from './offered-levels.js';

/** A lookup this recent is used again (the page that asked for it is opening now). */
export const HELD_FRESH_MS = 10_000;

interface Lookup {
  token: string;
  started: number;
  done: Promise<HeldMembership[]>;
  records?: HeldMembership[];
}

let current: Lookup | undefined;

/**
 * The member's memberships, so /membership can leave out the levels they hold. The page's `prepare`
 * starts the lookup behind the shell's loader, and the page finds it settled on its first render, so
 * no card disappears under the visitor's eyes. Never rejects: on any failure every level stays on
 * offer (the server checks again before a payment); a token the server no longer accepts is forgotten.
 */
export function fetchHeld(token: string, email: string | null, now = Date.now()): Promise<HeldMembership[]> {
  if (current?.token === token && now - current.started < HELD_FRESH_MS) return current.done;
  const lookup: Lookup = {
    token,
    started: now,
    done: getMemberships(token, email).then((result) => {
      if (result.kind === 'ok') return heldMemberships(result.body);
      // Forgotten without leaving the page: /membership stays open to a visitor; the header follows.
      if (isRejectedToken(result)) clearSession();
      return [];
    }),
  };
  void lookup.done.then((records) => {
    lookup.records = records;
  });
  current = lookup;
  return lookup.done;
}

/** The settled lookup for this token, if a fresh one has finished. */
export function settledHeld(token: string, now = Date.now()): HeldMembership[] | undefined {
  return current?.token === token && now - current.started < HELD_FRESH_MS ? current.records : undefined;
}

/** The page's `prepare`: looks the logged-in member's memberships up; nothing for a visitor. */
export async function prepareMembershipPage(): Promise<void> {
  const session = readLoginSession();
  if (session) await fetchHeld(session.token, session.user.email);
}
