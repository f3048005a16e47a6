import { SESSION_TTL_MS, STAFF_SESSION_IDLE_TIMEOUT_MS, STAFF_SESSION_TTL_MS, type AccountExport } from '@tca/contracts';
import { findUserByEmail, type UserRow } from '../data-access/account-repository.js';
import type { Db } from '../data-access/database.js';
import { membershipsOfUser } from '../data-access/membership-repository.js';
import {
  findSessionByTokenHash,
  insertSession,
  liveSessions,
  revokeSessionByTokenHash,
  revokeUserSessions,
  touchSession,
  type Session,
} from '../data-access/session-repository.js';
import { accountUser } from './accounts.js';
import { membershipRecord } from './membership-records.js';
import { isTokenShaped, newToken, tokenHash, verifyPassword } from './secrets.js';

/**
 * Login sessions: an opaque token for the browser, its SHA-256 in `sessions`. A session lasts 24 hours
 * from login (spec §9), however much it is used, and ends earlier when revoked (logout, sign out of all
 * devices, a password change or reset) or when unused for the idle time-out (SESSION_IDLE_TIMEOUT_MS,
 * ASVS 3.3.2).
 */

/** A session's use is written at most this often (and at least twice per idle time-out). */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

/** How often a lookup records a session's use for this idle time-out (0 = none). */
export function lastSeenResolutionMs(idleTimeoutMs: number): number {
  return idleTimeoutMs > 0 ? Math.min(LAST_SEEN_RESOLUTION_MS, Math.floor(idleTimeoutMs / 2)) : LAST_SEEN_RESOLUTION_MS;
}

export type { Session } from '../data-access/session-repository.js';

/**
 * Starts a session: a member's (24 hours), or with `secondFactor` a staff session, which passed two-factor
 * sign-in and lasts at most STAFF_SESSION_TTL_MS (12 hours) and STAFF_SESSION_IDLE_TIMEOUT_MS (30 minutes) idle.
 */
export async function createSession(db: Db, userId: number, secondFactor = false): Promise<{ token: string; session: { id: number; expiresAt: Date } }> {
  const { token, hash } = newToken();
  const session = await insertSession(db, userId, hash, secondFactor ? STAFF_SESSION_TTL_MS : SESSION_TTL_MS, secondFactor);
  return { token, session };
}

/** The idle time-out of a session: the configured one, and for staff sessions at most 30 minutes. */
export function idleTimeoutOf(secondFactor: boolean, idleTimeoutMs: number): number {
  if (!secondFactor) return idleTimeoutMs;
  return idleTimeoutMs > 0 ? Math.min(idleTimeoutMs, STAFF_SESSION_IDLE_TIMEOUT_MS) : STAFF_SESSION_IDLE_TIMEOUT_MS;
}

export type SessionLookup =
  | { kind: 'valid'; session: Session }
  /** A session that existed and ended (expired or revoked): the browser should ask for a new login. */
  | { kind: 'ended' }
  /** Not a token of ours (or one so long ended that housekeeping deleted it). */
  | { kind: 'unknown' };

/**
 * The session of a token. A live one counts as used now: that is recorded (at most once per
 * lastSeenResolutionMs), and a session unused for `idleTimeoutMs` (> 0) has ended.
 */
export async function lookupSession(db: Db, token: string, configuredIdleTimeoutMs: number): Promise<SessionLookup> {
  if (!isTokenShaped(token)) return { kind: 'unknown' };
  const found = await findSessionByTokenHash(db, tokenHash(token));
  if (!found) return { kind: 'unknown' };
  if (found.revokedAt !== null || found.session.expiresAt <= found.now) return { kind: 'ended' };
  const idleTimeoutMs = idleTimeoutOf(found.session.secondFactor, configuredIdleTimeoutMs);
  const idleMs = found.now.getTime() - found.lastSeenAt.getTime();
  if (idleTimeoutMs > 0 && idleMs >= idleTimeoutMs) return { kind: 'ended' };
  const resolutionMs = lastSeenResolutionMs(idleTimeoutMs);
  if (idleMs >= resolutionMs) await touchSession(db, found.session.id, resolutionMs);
  return { kind: 'valid', session: found.session };
}

/** Ends one session (logout). Returns whether a live session was ended. */
export async function revokeSessionByToken(db: Db, token: string): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  return revokeSessionByTokenHash(db, tokenHash(token));
}

/** "Sign out of all devices": every live session of the user ends. Returns how many ended. */
export function signOutEverywhere(db: Db, userId: number): Promise<number> {
  return revokeUserSessions(db, userId);
}

/** The account's data (GET /auth/my-data): the account, its live sessions (this one marked) and its memberships. */
export async function exportAccountData(db: Db, session: Session, idleTimeoutMs: number): Promise<AccountExport> {
  const [sessions, memberships] = await Promise.all([liveSessions(db, session.user.id, idleTimeoutMs), membershipsOfUser(db, session.user.id)]);
  return {
    user: accountUser(session.user),
    createdAt: session.user.created_at.toISOString(),
    termsAcceptedAt: session.user.terms_accepted_at.toISOString(),
    sessions: sessions.map((s) => ({ createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString(), current: s.id === session.id })),
    memberships: memberships.map(membershipRecord),
  };
}

export interface LoggedIn {
  user: UserRow;
  token: string;
  session: { id: number; expiresAt: Date };
}

/**
 * Checks the e-mail and password; the account, or undefined when either is wrong. Unknown e-mails are
 * checked against a dummy hash: the answer takes as long either way.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(user?.password_hash, password)) || !user) return undefined;
  return user;
}

/** Checks the e-mail and password and starts a member session; undefined when either is wrong. */
export async function logIn(db: Db, email: string, password: string): Promise<LoggedIn | undefined> {
  const user = await checkPassword(db, email, password);
  if (!user) return undefined;
  const { token, session } = await createSession(db, user.id);
  return { user, token, session };
}
