import { SESSION_TTL_MS } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';
import { isTokenShaped, newToken, tokenHash } from './secrets.js';
import { USER_COLUMNS, type UserRow } from './users.js';

/**
 * Login sessions: an opaque token for the browser, its SHA-256 in `sessions`. A session lasts 24 hours
 * from login (spec §9), however much it is used, and ends earlier when revoked (logout, sign out of all
 * devices, a password change or reset).
 */

type Db = Pool | PoolClient;

export interface Session {
  id: number;
  expiresAt: Date;
  createdAt: Date;
  user: UserRow;
}

export async function createSession(db: Db, userId: number): Promise<{ token: string; session: { id: number; expiresAt: Date } }> {
  const { token, hash } = newToken();
  const { rows } = await db.query<{ id: number; expires_at: Date }>(
    `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond') RETURNING id, expires_at`,
    [userId, hash, SESSION_TTL_MS],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return { token, session: { id: row.id, expiresAt: row.expires_at } };
}

export type SessionLookup =
  | { kind: 'valid'; session: Session }
  /** A session that existed and ended (expired or revoked): the browser should ask for a new login. */
  | { kind: 'ended' }
  /** Not a token of ours (or one so long ended that housekeeping deleted it). */
  | { kind: 'unknown' };

interface SessionRow extends UserRow {
  session_id: number;
  session_expires_at: Date;
  session_created_at: Date;
  session_revoked_at: Date | null;
  now: Date;
}

export async function lookupSession(db: Db, token: string): Promise<SessionLookup> {
  if (!isTokenShaped(token)) return { kind: 'unknown' };
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id AS session_id, s.expires_at AS session_expires_at, s.created_at AS session_created_at, s.revoked_at AS session_revoked_at, now() AS now,
            ${USER_COLUMNS.split(', ').map((column) => `u.${column}`).join(', ')}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1`,
    [tokenHash(token)],
  );
  const row = rows[0];
  if (!row) return { kind: 'unknown' };
  if (row.session_revoked_at !== null || row.session_expires_at <= row.now) return { kind: 'ended' };
  const { session_id, session_expires_at, session_created_at, session_revoked_at: _revoked, now: _now, ...user } = row;
  return { kind: 'valid', session: { id: session_id, expiresAt: session_expires_at, createdAt: session_created_at, user } };
}

/** Ends one session (logout). Returns whether a live session was ended. */
export async function revokeSessionByToken(db: Db, token: string): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const result = await db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`, [tokenHash(token)]);
  return result.rowCount === 1;
}

/** Ends every live session of a user, except `keepSessionId` when given. Returns how many ended. */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<number> {
  const result = await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($2::int IS NULL OR id <> $2::int)`,
    [userId, keepSessionId ?? null],
  );
  return result.rowCount ?? 0;
}

/** The user's live sessions, newest first (for the data export). */
export async function liveSessions(db: Db, userId: number): Promise<Array<{ id: number; createdAt: Date; expiresAt: Date }>> {
  const { rows } = await db.query<{ id: number; created_at: Date; expires_at: Date }>(
    `SELECT id, created_at, expires_at FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, expiresAt: row.expires_at }));
}
