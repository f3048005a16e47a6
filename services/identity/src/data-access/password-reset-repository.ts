import type { SiteLang } from '@tca/service-kit';
import type { Db } from './database.js';

/** The `password_resets` table: one row per reset link, holding the SHA-256 of its token. */

/**
 * When `email` has an account, stores a new reset link for it valid for `ttlMs`, and answers whom to
 * send it to. The lookup and the insert are one statement, so an unknown e-mail costs the same work.
 */
export async function insertResetLinkForEmail(
  db: Db,
  email: string,
  tokenHash: Buffer,
  ttlMs: number,
): Promise<{ email: string; firstName: string; language: SiteLang; expiresAt: Date } | undefined> {
  const { rows } = await db.query<{ email: string; first_name: string; language: SiteLang; expires_at: Date }>(
    `WITH account AS (SELECT id, email, first_name, language FROM users WHERE lower(email) = lower($1)),
          link AS (
            INSERT INTO password_resets (user_id, token_hash, expires_at)
            SELECT id, $2, now() + $3 * interval '1 millisecond' FROM account
            RETURNING user_id, expires_at)
     SELECT account.email, account.first_name, account.language, link.expires_at FROM link JOIN account ON account.id = link.user_id`,
    [email.trim(), tokenHash, ttlMs],
  );
  const row = rows[0];
  return row ? { email: row.email, firstName: row.first_name, language: row.language, expiresAt: row.expires_at } : undefined;
}

/**
 * Marks an unused, unexpired link used, in one conditional UPDATE (so a link works once even when used
 * twice at the same moment). Answers its user, or undefined when the link could not be used.
 */
export async function consumeResetLink(db: Db, tokenHash: Buffer): Promise<number | undefined> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id;
}

/** What a link's token hash stands for: a link that can still be used, one used or expired, or none at all. */
export type ResetLinkState = 'usable' | 'used' | 'expired' | 'invalid';

/** The state of the link with this token hash, by the database's clock (one indexed lookup, nothing changed). */
export async function resetLinkState(db: Db, tokenHash: Buffer): Promise<ResetLinkState> {
  const { rows } = await db.query<{ used: boolean; expired: boolean }>(
    `SELECT used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM password_resets WHERE token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return 'invalid';
  return row.used ? 'used' : row.expired ? 'expired' : 'usable';
}

/** Every unused link of the user stops working. */
export async function retireResetLinks(db: Db, userId: number): Promise<void> {
  await db.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}

/** Deletes links that expired or were used more than `retentionMs` ago. Returns how many. */
export async function deleteEndedResetLinks(db: Db, retentionMs: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM password_resets WHERE expires_at < now() - $1 * interval '1 millisecond' OR used_at < now() - $1 * interval '1 millisecond'`,
    [retentionMs],
  );
  return result.rowCount ?? 0;
}
