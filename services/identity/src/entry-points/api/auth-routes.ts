import { setTimeout as sleep } from 'node:timers/promises';
import { Router } from 'express';
import {
  ACCOUNT_LANGUAGE_PATH,
  accountLanguageRequestSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_UPDATED_MESSAGE,
  registerRequestSchema,
  RESET_REQUEST_MESSAGE,
  resetPasswordRequestSchema,
  resetRequestSchema,
  type AccountLanguageRequest,
  type LoginAnswer,
  type LoginSecondFactorAnswer,
  type RegisterAnswer,
  type SendResetAnswer,
  type SessionAnswer,
} from '@tca/contracts';
import { AppError, bearerToken, parseBody, requestLang, UnauthorizedError } from '@tca/service-kit';
import { updateUserLanguage } from '../../data-access/account-repository.js';
import { checkPassword, createSession, exportAccountData, revokeSessionByToken, signOutEverywhere } from '../../domain/account-sessions.js';
import { needsSecondFactor, startSecondFactor } from '../../domain/two-factor.js';
import { staffRolesOfAccount } from '../../domain/staff.js';
import { accountUser, registerAccount, sameEmail } from '../../domain/accounts.js';
import { changePassword, requestPasswordReset, resetPassword, type MailSettings } from '../../domain/password-changes.js';
import { verifyPassword } from '../../domain/secrets.js';
import type { IdentityDeps } from './api-deps.js';
import { FAILED_PASSWORD_CHECK, requireSession, sessionOf } from './authenticate.js';
import type { IdentityRateLimits } from './rate-limits.js';

/**
 * The reset-link request answers no sooner than this after it arrived, whether or not the account exists,
 * so the time it takes does not tell (the work differs by one outbox row; this hides that and any noise).
 */
export const RESET_ANSWER_MIN_MS = 250;

export const REGISTERED_MESSAGE = 'Registration successful!';
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
  const { pool, relay, config } = deps;
  const router = Router();
  const authenticated = requireSession(pool, config.SESSION_IDLE_TIMEOUT_MS);

  router.post('/auth/register', limits.registerPerIp, async (req, res) => {
    const input = parseBody(registerRequestSchema, req.body);
    // The account's language is the page's (the browser apps send the language shown as Accept-Language).
    const user = await registerAccount(pool, { ...input, language: requestLang(req.get('accept-language')) });
    req.log.info({ userId: user.id }, 'account registered');
    const answer: RegisterAnswer = { message: REGISTERED_MESSAGE, data: accountUser(user) };
    res.status(201).json(answer);
  });

  router.post('/auth/login', limits.loginPerIp, limits.loginFailuresPerAccount, async (req, res) => {
    const input = parseBody(loginRequestSchema, req.body);
    const user = await checkPassword(pool, input.email, input.password);
    if (!user) {
      res.locals[FAILED_PASSWORD_CHECK] = true;
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    }
    if (await needsSecondFactor(pool, user.id)) {
      // A staff account (issue 14): no session yet; the second step (POST /auth/login/second-factor or /enrol) starts it.
      const step: LoginSecondFactorAnswer = await startSecondFactor(pool, user.id);
      req.log.info({ userId: user.id, secondFactor: step.secondFactor }, 'password right; second factor asked');
      res.json(step);
      return;
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

  router.post('/auth/reset-password', limits.resetPasswordPerIp, limits.resetPasswordPerToken, async (req, res) => {
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
    if (!(await changePassword(pool, session, input.newPassword, mail))) {
      // Another change went through since this request's session was read: its current password is no longer current.
      throw new AppError(400, 'wrong_current_password', WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
    }
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
    const ended = await signOutEverywhere(pool, session.user.id);
    req.log.info({ userId: session.user.id, ended }, 'signed out of all devices');
    res.json({ message: 'Signed out of all devices' });
  });

  /** The lookup other services make; `roles` are read on every call (a removed role counts at once). */
  router.get('/auth/session', authenticated, async (req, res) => {
    const session = sessionOf(req);
    const roles = await staffRolesOfAccount(pool, session.user.id);
    const answer: SessionAnswer = { user: accountUser(session.user), expiresAt: session.expiresAt.toISOString(), roles, secondFactor: session.secondFactor };
    res.json(answer);
  });

  /** Beyond the spec (issue 17): the member switched the site's language; their e-mails follow it. */
  router.put(ACCOUNT_LANGUAGE_PATH, authenticated, limits.languagePerUser, async (req, res) => {
    const session = sessionOf(req);
    const { language } = parseBody(accountLanguageRequestSchema, req.body);
    await updateUserLanguage(pool, session.user.id, language);
    req.log.info({ userId: session.user.id, language }, 'language set');
    const answer: AccountLanguageRequest = { language };
    res.json(answer);
  });

  router.get('/auth/my-data', authenticated, async (req, res) => {
    const session = sessionOf(req);
    res.json(await exportAccountData(pool, session, config.SESSION_IDLE_TIMEOUT_MS));
  });

  return router;
}
