import { QUEUES } from '@tca/contracts';
import { addToOutbox, AppError, withTransaction, type EmailBrand, type Pool, type PoolClient } from '@tca/service-kit';
import { updatePasswordHash, type ChangedUser } from '../data-access/account-repository.js';
import { databaseNow } from '../data-access/database.js';
import { consumeResetLink, insertResetLinkForEmail, resetLinkState, retireResetLinks } from '../data-access/password-reset-repository.js';
import { revokeUserSessions } from '../data-access/session-repository.js';
import { passwordChangedEmail, resetLinkEmail, sitePage } from './account-emails.js';
import type { Session } from './account-sessions.js';
import { assertNotCommonPassword } from './common-passwords.js';
import { hashPassword, isTokenShaped, newToken, tokenHash } from './secrets.js';

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
    const link = await insertResetLinkForEmail(client, email, hash, RESET_LINK_TTL_MS);
    if (!link) return { queued: false };
    const message = resetLinkEmail({ email: link.email, firstName: link.firstName, language: link.language }, sitePage(mail.publicUrl, `/reset-password/${token}`), link.expiresAt, mail.brand);
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

/** What every password change does besides storing the hash: other reset links die, sessions end, the owner is told. */
async function afterPasswordChange(client: PoolClient, user: ChangedUser, how: 'reset' | 'change', keepSessionId: number | undefined, mail: MailSettings): Promise<void> {
  await retireResetLinks(client, user.id);
  await revokeUserSessions(client, user.id, keepSessionId);
  const notice = passwordChangedEmail({ email: user.email, firstName: user.first_name, language: user.language }, await databaseNow(client), how, sitePage(mail.publicUrl, '/login'), mail.brand);
  await addToOutbox(client, { queue: QUEUES.email, name: 'password-changed', jobId: notice.key, payload: notice });
}

/** Makes a password's stored hash: argon2id (hashPassword); tests pass one that counts its calls. */
export type PasswordHasher = (password: string) => Promise<string>;

/**
 * Sets a new password with a reset link's token. The link is looked up first, so a token that is not a
 * usable link (never issued, used, expired) costs one indexed lookup and no password hash. It is then
 * consumed by one conditional UPDATE, so it works once even when used twice at the same moment. Every
 * session of the account ends.
 */
export async function resetPassword(pool: Pool, token: string, newPassword: string, mail: MailSettings, hasher: PasswordHasher = hashPassword): Promise<void> {
  if (!isTokenShaped(token)) throw new ResetLinkError('invalid');
  const hash = tokenHash(token);
  const state = await resetLinkState(pool, hash);
  if (state !== 'usable') throw new ResetLinkError(state);
  await assertNotCommonPassword(newPassword, 'password');
  const passwordHash = await hasher(newPassword);
  await withTransaction(pool, async (client) => {
    const userId = await consumeResetLink(client, hash);
    if (userId === undefined) {
      // Used (or expired) since the lookup above: by a request at the same moment.
      const now = await resetLinkState(client, hash);
      throw new ResetLinkError(now === 'usable' ? 'invalid' : now);
    }
    const user = await updatePasswordHash(client, userId, passwordHash);
    if (!user) throw new ResetLinkError('invalid');
    await afterPasswordChange(client, user, 'reset', undefined, mail);
  });
}

/** Sets a new password for a logged-in user (the current one already checked); the user's other sessions end. */
/**
 * Sets the password of the session's user, whose current password the caller has checked against
 * `session.user.password_hash`. Only while that hash is still the stored one: of several changes checked against
 * the same current password at once, one wins and the others answer false (their "current password" is no longer
 * current), so a stolen session cannot race the owner's own change.
 */
export async function changePassword(pool: Pool, session: Session, newPassword: string, mail: MailSettings): Promise<boolean> {
  await assertNotCommonPassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  return withTransaction(pool, async (client) => {
    const user = await updatePasswordHash(client, session.user.id, passwordHash, session.user.password_hash);
    if (!user) return false;
    await afterPasswordChange(client, user, 'change', session.id, mail);
    return true;
  });
}
