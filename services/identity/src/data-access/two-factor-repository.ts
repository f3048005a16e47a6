import type { Db } from './database.js';

/** `login_challenges`, `totp_factors` and `recovery_codes`: the second step of a staff sign-in. */

export async function insertChallenge(db: Db, userId: number, tokenHash: Buffer, ttlMs: number): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO login_challenges (user_id, token_hash, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond') RETURNING expires_at`,
    [userId, tokenHash, ttlMs],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row.expires_at;
}

/** The user of an unused, unexpired challenge. */
export async function liveChallengeUser(db: Db, tokenHash: Buffer): Promise<number | undefined> {
  const { rows } = await db.query<{ user_id: number }>(`SELECT user_id FROM login_challenges WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`, [tokenHash]);
  return rows[0]?.user_id;
}

/** Uses a live challenge up (one conditional UPDATE); false when it was used or expired meanwhile. */
export async function consumeChallenge(db: Db, tokenHash: Buffer): Promise<boolean> {
  const result = await db.query(`UPDATE login_challenges SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`, [tokenHash]);
  return result.rowCount === 1;
}

export interface TotpFactorRow {
  secret: Buffer;
  confirmed: boolean;
  last_used_step: string | null;
}

export async function findTotpFactor(db: Db, userId: number): Promise<TotpFactorRow | undefined> {
  const { rows } = await db.query<TotpFactorRow>(`SELECT secret, confirmed_at IS NOT NULL AS confirmed, last_used_step FROM totp_factors WHERE user_id = $1`, [userId]);
  return rows[0];
}

/** Stores a new, unconfirmed secret, replacing an unconfirmed one; false when a confirmed one exists. */
export async function upsertPendingTotpFactor(db: Db, userId: number, encryptedSecret: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO totp_factors (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now(), last_used_step = NULL WHERE totp_factors.confirmed_at IS NULL`,
    [userId, encryptedSecret],
  );
  return rowCount === 1;
}

/** Confirms the pending factor with the time step of its first code; false when it was confirmed meanwhile. */
export async function confirmTotpFactor(db: Db, userId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE totp_factors SET confirmed_at = now(), last_used_step = $2 WHERE user_id = $1 AND confirmed_at IS NULL`, [userId, step]);
  return rowCount === 1;
}

/**
 * Records that a code of time step `step` was used, only when no code of this step or a later one was
 * (one conditional UPDATE): false means a replay, or two requests with the same code at once.
 */
export async function advanceTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE totp_factors SET last_used_step = $2 WHERE user_id = $1 AND confirmed_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2)`,
    [userId, step],
  );
  return rowCount === 1;
}

/** Forgets the user's authenticator app and recovery codes (their next sign-in sets up a new app); false when there was none. */
export async function deleteSecondFactor(db: Db, userId: number): Promise<boolean> {
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  const { rowCount } = await db.query('DELETE FROM totp_factors WHERE user_id = $1', [userId]);
  return rowCount === 1;
}

/** Replaces the user's recovery codes. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: readonly Buffer[]): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])', [userId, codeHashes]);
}

/** Uses an unused recovery code up; false when there is none with this hash. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL', [userId, codeHash]);
  return rowCount === 1;
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return rows[0]?.n ?? 0;
}

/** Deletes challenges that expired or were used more than `retentionMs` ago. Returns how many. */
export async function deleteEndedChallenges(db: Db, retentionMs: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM login_challenges WHERE expires_at < now() - $1 * interval '1 millisecond' OR used_at < now() - $1 * interval '1 millisecond'`,
    [retentionMs],
  );
  return result.rowCount ?? 0;
}
