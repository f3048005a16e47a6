import { QUEUES } from '@tca/contracts';
import { addToOutbox, AppError, withTransaction, type EmailBrand, type Pool, type PoolClient } from '@tca/service-kit';
import { passwordChangedEmail, resetLinkEmail, sitePage } from './emails.js';
import { hashPassword, isTokenShaped, newToken, tokenHash } from './secrets.js';
import { revokeUserSessions, type Session } from './sessions.js';

/** A reset link lasts one hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export interface MailSettings {
  brand: EmailBrand;
  /** The site's public origin (PUBLIC_URL): links in e-mails point there. */
  publicUrl: string;
}

/**
 * Starts a password reset: when `email` has an account, stores a new single-use link (its hash) and, in the
 * same transaction, the e-mail carrying it in the outbox. Says nothing about whether the account exists:
 * the caller answers the same either way. The lookup and the insert are one statement, so both cases do
 * the same work up to the outbox row.
 */
export async function requestPasswordReset(pool: Pool, email: string, mail: MailSettings): Promise<{ queued: boolean }> {
  const { token, hash } = newToken();
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ email: string; first_name: string; expires_at: Date }>(
      `WITH account AS (SELECT id, email, first_name FROM users WHERE lower(email) = lower($1)),
            link AS (
              INSERT INTO password_resets (user_id, token_hash, expires_at)
              SELECT id, $2, now() + $3 * interval '1 millisecond' FROM account
              RETURNING user_id, expires_at)
       SELECT account.email, account.first_name, link.expires_at FROM link JOIN account ON account.id = link.user_id`,
      [email.trim(), hash, RESET_LINK_TTL_MS],
    );
    const row = rows[0];
    if (!row) return { queued: false };
    const message = resetLinkEmail({ email: row.email, firstName: row.first_name }, sitePage(mail.publicUrl, `/reset-password/${token}`), row.expires_at, mail.brand);
    await addToOutbox(client, { queue: QUEUES.email, name: 'password-reset', jobId: message.key, payload: message });
    return { queued: true };
  });
}

/** A reset link that cannot be used: a clear 400 saying why, and what to do. */
export class ResetLinkError extends AppError {
  override name = 'ResetLinkError';
  constructor(reason: 'used' | 'expired' | 'invalid') {
    const messages = {
      used: 'This reset link has already been used. Ask for a new one on the login page (Forgot password).',
      expired: 'This reset link has expired (links last one hour). Ask for a new one on the login page (Forgot password).',
      invalid: 'This reset link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.',
    } as const;
    super(400, `reset_link_${reason}`, messages[reason]);
  }
}

interface ChangedUser {
  id: number;
  email: string;
  first_name: string;
}

/** What every password change does besides storing the hash: other reset links die, sessions end, the owner is told. */
async function afterPasswordChange(client: PoolClient, user: ChangedUser, how: 'reset' | 'change', keepSessionId: number | undefined, mail: MailSettings): Promise<void> {
  await client.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [user.id]);
  await revokeUserSessions(client, user.id, keepSessionId);
  const { rows } = await client.query<{ now: Date }>('SELECT now() AS now');
  const notice = passwordChangedEmail({ email: user.email, firstName: user.first_name }, rows[0]?.now ?? new Date(), how, sitePage(mail.publicUrl, '/login'), mail.brand);
  await addToOutbox(client, { queue: QUEUES.email, name: 'password-changed', jobId: notice.key, payload: notice });
}

/**
 * Sets a new password with a reset link's token. The link is consumed by one conditional UPDATE, so it
 * works once even when used twice at the same moment. Every session of the account ends.
 */
export async function resetPassword(pool: Pool, token: string, newPassword: string, mail: MailSettings): Promise<void> {
  if (!isTokenShaped(token)) throw new ResetLinkError('invalid');
  const hash = tokenHash(token);
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(pool, async (client) => {
    const consumed = await client.query<{ user_id: number }>(
      `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [hash],
    );
    const userId = consumed.rows[0]?.user_id;
    if (userId === undefined) {
      const { rows } = await client.query<{ used: boolean }>(`SELECT used_at IS NOT NULL AS used FROM password_resets WHERE token_hash = $1`, [hash]);
      const link = rows[0];
      throw new ResetLinkError(link === undefined ? 'invalid' : link.used ? 'used' : 'expired');
    }
    const { rows } = await client.query<ChangedUser>(`UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING id, email, first_name`, [userId, passwordHash]);
    const user = rows[0];
    if (!user) throw new ResetLinkError('invalid');
    await afterPasswordChange(client, user, 'reset', undefined, mail);
  });
}

/** Sets a new password for a logged-in user (the current one already checked); the user's other sessions end. */
export async function changePassword(pool: Pool, session: Session, newPassword: string, mail: MailSettings): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<ChangedUser>(`UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING id, email, first_name`, [session.user.id, passwordHash]);
    const user = rows[0];
    if (!user) throw new Error(`user ${session.user.id} of a live session is missing`);
    await afterPasswordChange(client, user, 'change', session.id, mail);
  });
}
