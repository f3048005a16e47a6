import { USER_COLUMNS, type UserRow } from './account-repository.js';
import type { Db } from './database.js';

/** The `sessions` table: one row per login, holding the SHA-256 of its token. */

export interface Session {
  id: number;
  expiresAt: Date;
  createdAt: Date;
  /** The session passed a second factor (a staff sign-in): at most 12 hours, 30 minutes idle; staff calls need one. */
  secondFactor: boolean;
  user: UserRow;
}

export async function insertSession(db: Db, userId: number, tokenHash: Buffer, ttlMs: number, secondFactor = false): Promise<{ id: number; expiresAt: Date }> {
  const { rows } = await db.query<{ id: number; expires_at: Date }>(
    `INSERT INTO sessions (user_id, token_hash, expires_at, second_factor_at)
     VALUES ($1, $2, now() + $3 * interval '1 millisecond', CASE WHEN $4::boolean THEN now() END) RETURNING id, expires_at`,
    [userId, tokenHash, ttlMs, secondFactor],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return { id: row.id, expiresAt: row.expires_at };
}

/** A stored session with its account, whether it was revoked, when it was last used, and the database's clock to judge its expiry by. */
export interface StoredSession {
  session: Session;
  revokedAt: Date | null;
  lastSeenAt: Date;
  now: Date;
}

interface SessionRow extends UserRow {
  session_id: number;
  session_expires_at: Date;
  session_created_at: Date;
  session_revoked_at: Date | null;
  session_last_seen_at: Date;
  session_second_factor: boolean;
  now: Date;
}

export async function findSessionByTokenHash(db: Db, tokenHash: Buffer): Promise<StoredSession | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id AS session_id, s.expires_at AS session_expires_at, s.created_at AS session_created_at, s.revoked_at AS session_revoked_at,
            s.last_seen_at AS session_last_seen_at, s.second_factor_at IS NOT NULL AS session_second_factor, now() AS now,
            ${USER_COLUMNS.split(', ').map((column) => `u.${column}`).join(', ')}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { session_id, session_expires_at, session_created_at, session_revoked_at, session_last_seen_at, session_second_factor, now, ...user } = row;
  return {
    session: { id: session_id, expiresAt: session_expires_at, createdAt: session_created_at, secondFactor: session_second_factor, user },
    revokedAt: session_revoked_at,
    lastSeenAt: session_last_seen_at,
    now,
  };
}

/**
 * Records that a session was used now, unless that was already recorded within the last `resolutionMs`
 * (so a busy session costs one write per interval, not one per request).
 */
export async function touchSession(db: Db, sessionId: number, resolutionMs: number): Promise<void> {
  await db.query(`UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND last_seen_at <= now() - $2 * interval '1 millisecond'`, [sessionId, resolutionMs]);
}

/** Ends one live session. Returns whether one was ended. */
export async function revokeSessionByTokenHash(db: Db, tokenHash: Buffer): Promise<boolean> {
  const result = await db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`, [tokenHash]);
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

/** The user's live sessions, newest first: not revoked, not expired, and (idleTimeoutMs > 0) used within idleTimeoutMs. */
export async function liveSessions(db: Db, userId: number, idleTimeoutMs: number): Promise<Array<{ id: number; createdAt: Date; expiresAt: Date }>> {
  const { rows } = await db.query<{ id: number; created_at: Date; expires_at: Date }>(
    `SELECT id, created_at, expires_at FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($2::bigint = 0 OR last_seen_at > now() - $2::bigint * interval '1 millisecond')
      ORDER BY created_at DESC, id DESC`,
    [userId, idleTimeoutMs],
  );
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, expiresAt: row.expires_at }));
}

/** Deletes sessions that expired or were revoked more than `retentionMs` ago. Returns how many. */
export async function deleteEndedSessions(db: Db, retentionMs: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM sessions WHERE expires_at < now() - $1 * interval '1 millisecond' OR revoked_at < now() - $1 * interval '1 millisecond'`,
    [retentionMs],
  );
  return result.rowCount ?? 0;
}
