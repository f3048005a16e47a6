import { setTimeout as sleep } from 'node:timers/promises';
import { Router } from 'express';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_UPDATED_MESSAGE,
  registerRequestSchema,
  RESET_REQUEST_MESSAGE,
  resetPasswordRequestSchema,
  resetRequestSchema,
  type AccountExport,
  type LoginAnswer,
  type RegisterAnswer,
  type SendResetAnswer,
  type SessionAnswer,
} from '@tca/contracts';
import { AppError, bearerToken, ConflictError, parseBody, UnauthorizedError } from '@tca/service-kit';
import { membershipsOf } from '../../memberships/records.js';
import { changePassword, requestPasswordReset, resetPassword, type MailSettings } from '../../accounts/passwords.js';
import { hashPassword, verifyPassword } from '../../accounts/secrets.js';
import { createSession, liveSessions, revokeSessionByToken, revokeUserSessions } from '../../accounts/sessions.js';
import { accountUser, findUserByEmail, insertUser, sameEmail } from '../../accounts/users.js';
import type { IdentityDeps } from './api-deps.js';
import { FAILED_PASSWORD_CHECK, requireSession, sessionOf } from './authenticate.js';
import type { IdentityRateLimits } from './rate-limits.js';

/**
 * The reset-link request answers no sooner than this after it arrived, whether or not the account exists,
 * so the time it takes does not tell (the work differs by one outbox row; this hides that and any noise).
 */
export const RESET_ANSWER_MIN_MS = 250;

export const REGISTERED_MESSAGE = 'Registration successful!';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Log in, or reset your password if you have forgotten it.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const NOT_YOUR_ACCOUNT_MESSAGE = 'You can only act for your own account: the email must be the one you are logged in with.';

/** 403 when a body names an e-mail that is not the logged-in user's (spec §7 sends one; the session decides). */
export function assertOwnEmail(sessionEmail: string, bodyEmail: string | undefined): void {
  if (bodyEmail !== undefined && !sameEmail(sessionEmail, bodyEmail)) throw new AppError(403, 'forbidden', NOT_YOUR_ACCOUNT_MESSAGE);
}

/**
 * Spec §7's /auth calls, and beyond it: logout, sign out of all devices, the session lookup other
 * services use, and the account's data.
 */
export function createAuthRouter(deps: IdentityDeps, limits: IdentityRateLimits, mail: MailSettings): Router {
  const { pool, relay } = deps;
  const router = Router();
  const authenticated = requireSession(pool);

  router.post('/auth/register', limits.registerPerIp, async (req, res) => {
    const input = parseBody(registerRequestSchema, req.body);
    const passwordHash = await hashPassword(input.password);
    const user = await insertUser(pool, { email: input.email, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, passwordHash });
    if (!user) throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'email_taken');
    req.log.info({ userId: user.id }, 'account registered');
    const answer: RegisterAnswer = { message: REGISTERED_MESSAGE, data: accountUser(user) };
    res.status(201).json(answer);
  });

  router.post('/auth/login', limits.loginPerIp, limits.loginFailuresPerAccount, async (req, res) => {
    const input = parseBody(loginRequestSchema, req.body);
    const user = await findUserByEmail(pool, input.email);
    // Unknown e-mails are checked against a dummy hash: the answer takes as long either way.
    if (!(await verifyPassword(user?.password_hash, input.password)) || !user) {
      res.locals[FAILED_PASSWORD_CHECK] = true;
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    }
    const { token, session } = await createSession(pool, user.id);
    req.log.info({ userId: user.id, sessionId: session.id }, 'logged in');
    const answer: LoginAnswer = { token, user: accountUser(user), expiresAt: session.expiresAt.toISOString() };
    res.json(answer);
  });

  router.post('/auth/send-reset-email', limits.resetPerIp, limits.resetPerEmail, async (req, res) => {
    const started = performance.now();
    const input = parseBody(resetRequestSchema, req.body);
    const { queued } = await requestPasswordReset(pool, input.email, mail);
    if (queued) relay.nudge();
    const wait = RESET_ANSWER_MIN_MS - (performance.now() - started);
    if (wait > 0) await sleep(wait);
    const answer: SendResetAnswer = { success: true, message: RESET_REQUEST_MESSAGE };
    res.json(answer);
  });

  router.post('/auth/reset-password', async (req, res) => {
    const input = parseBody(resetPasswordRequestSchema, req.body);
    await resetPassword(pool, input.token, input.password, mail);
    relay.nudge();
    req.log.info('password reset with a link');
    res.json({ message: PASSWORD_RESET_MESSAGE });
  });

  router.post('/auth/change-password', authenticated, limits.changePasswordFailures, async (req, res) => {
    const session = sessionOf(req);
    const input = parseBody(changePasswordRequestSchema, req.body);
    assertOwnEmail(session.user.email, input.email);
    if (!(await verifyPassword(session.user.password_hash, input.currentPassword))) {
      res.locals[FAILED_PASSWORD_CHECK] = true;
      throw new AppError(400, 'wrong_current_password', WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
    }
    await changePassword(pool, session, input.newPassword, mail);
    relay.nudge();
    req.log.info({ userId: session.user.id }, 'password changed');
    res.json({ success: true, message: PASSWORD_UPDATED_MESSAGE });
  });

  /** Ends this session. Idempotent: a token that already ended is fine; only a missing token is a 401. */
  router.post('/auth/logout', async (req, res) => {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="tca"');
      throw new UnauthorizedError('You need to log in first.', 'unauthorized');
    }
    await revokeSessionByToken(pool, token);
    res.json({ message: 'Logged out successfully' });
  });

  /** "Sign out of all devices": every session of the user ends, this one included. */
  router.post('/auth/logout-all', authenticated, async (req, res) => {
    const session = sessionOf(req);
    const ended = await revokeUserSessions(pool, session.user.id);
    req.log.info({ userId: session.user.id, ended }, 'signed out of all devices');
    res.json({ message: 'Signed out of all devices' });
  });

  router.get('/auth/session', authenticated, (req, res) => {
    const session = sessionOf(req);
    const answer: SessionAnswer = { user: accountUser(session.user), expiresAt: session.expiresAt.toISOString() };
    res.json(answer);
  });

  router.get('/auth/my-data', authenticated, async (req, res) => {
    const session = sessionOf(req);
    const [sessions, memberships] = await Promise.all([liveSessions(pool, session.user.id), membershipsOf(pool, session.user.id)]);
    const answer: AccountExport = {
      user: accountUser(session.user),
      createdAt: session.user.created_at.toISOString(),
      termsAcceptedAt: session.user.terms_accepted_at.toISOString(),
      sessions: sessions.map((s) => ({ createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString(), current: s.id === session.id })),
      memberships,
    };
    res.json(answer);
  });

  return router;
}
