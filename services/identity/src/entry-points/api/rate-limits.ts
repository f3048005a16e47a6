import type { Request, RequestHandler, Response } from 'express';
import { ipRateLimit, keyRateLimit } from '@tca/service-kit';
import type { IdentityDeps } from './api-deps.js';
import { FAILED_PASSWORD_CHECK, sessionOf } from './authenticate.js';

/** Redis key prefixes of the identity service's counters. */
export const RATE_LIMIT_PREFIXES = {
  loginIp: 'rl:identity:login-ip:',
  loginAccount: 'rl:identity:login-account:',
  registerIp: 'rl:identity:register-ip:',
  resetIp: 'rl:identity:reset-ip:',
  resetEmail: 'rl:identity:reset-email:',
  resetPasswordIp: 'rl:identity:reset-password-ip:',
  resetPasswordToken: 'rl:identity:reset-password-token:',
  changePassword: 'rl:identity:change-password:',
  secondFactorChallenge: 'rl:identity:second-factor-challenge:',
  secondFactorAccount: 'rl:identity:second-factor-account:',
  acceptInvitationIp: 'rl:identity:accept-invitation-ip:',
  language: 'rl:identity:language:',
} as const;

/** Marks an answer as a wrong (or replayed) second-factor code, which the second-factor limits count. */
export const FAILED_SECOND_FACTOR = 'failedSecondFactor';

const challengeAccounts = new WeakMap<Request, number>();
/** Records whose challenge a request names (a middleware before the limits looks it up), for the per-account limit. */
export function setChallengeAccount(req: Request, userId: number): void {
  challengeAccounts.set(req, userId);
}

/** The challenge of a request body as sent; undefined when there is none. */
function bodyChallenge(req: Request): string | undefined {
  const challenge = (req.body as { challenge?: unknown } | undefined)?.challenge;
  return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
}

/** The e-mail of a request body, as accounts compare it (trimmed, lower case); undefined when there is none. */
function bodyEmail(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string') return undefined;
  const normalised = email.trim().toLowerCase();
  return normalised.length > 0 ? normalised : undefined;
}

/** The reset token of a request body as sent; undefined when there is none (validation then rejects it). */
function bodyToken(req: Request): string | undefined {
  const token = (req.body as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

const failedPasswordCheck = (_req: Request, res: Response) => res.locals[FAILED_PASSWORD_CHECK] === true;
const failedSecondFactor = (_req: Request, res: Response) => res.locals[FAILED_SECOND_FACTOR] === true;

export interface IdentityRateLimits {
  loginPerIp: RequestHandler;
  loginFailuresPerAccount: RequestHandler;
  registerPerIp: RequestHandler;
  resetPerIp: RequestHandler;
  resetPerEmail: RequestHandler;
  /** New passwords set with a reset link, per address and per token: each real link costs a password hash. */
  resetPasswordPerIp: RequestHandler;
  resetPasswordPerToken: RequestHandler;
  /** After requireSession: failed current-password checks per user. */
  changePasswordFailures: RequestHandler;
  /** Wrong or replayed second-factor codes per challenge, and per account (after setChallengeAccount). */
  secondFactorPerChallenge: RequestHandler;
  secondFactorPerAccount: RequestHandler;
  /** Invitation acceptances per client address: each costs a password hash. */
  acceptInvitationPerIp: RequestHandler;
  /** After requireSession: language changes per user (each is a write). */
  languagePerUser: RequestHandler;
}

/** Every limit is configurable (README "Configuration"); 0 turns one off. Redis down: requests go through. */
export function createRateLimits({ config, redis, logger }: Pick<IdentityDeps, 'config' | 'redis' | 'logger'>): IdentityRateLimits {
  const common = { windowMs: config.AUTH_RATE_LIMIT_WINDOW_MS, redis, logger };
  return {
    loginPerIp: ipRateLimit({ ...common, limit: config.LOGIN_RATE_LIMIT_PER_IP, prefix: RATE_LIMIT_PREFIXES.loginIp, message: 'Too many login attempts from this address.' }),
    loginFailuresPerAccount: keyRateLimit({
      ...common,
      limit: config.LOGIN_FAILURE_LIMIT_PER_ACCOUNT,
      prefix: RATE_LIMIT_PREFIXES.loginAccount,
      key: bodyEmail,
      countIf: failedPasswordCheck,
      message: 'Too many failed logins for this account.',
    }),
    registerPerIp: ipRateLimit({ ...common, limit: config.REGISTER_RATE_LIMIT_PER_IP, prefix: RATE_LIMIT_PREFIXES.registerIp, message: 'Too many registrations from this address.' }),
    resetPerIp: ipRateLimit({ ...common, limit: config.RESET_RATE_LIMIT_PER_IP, prefix: RATE_LIMIT_PREFIXES.resetIp, message: 'Too many reset requests from this address.' }),
    resetPerEmail: keyRateLimit({
      ...common,
      limit: config.RESET_RATE_LIMIT_PER_EMAIL,
      prefix: RATE_LIMIT_PREFIXES.resetEmail,
      key: bodyEmail,
      message: 'Too many reset requests for this e-mail address.',
    }),
    resetPasswordPerIp: ipRateLimit({
      ...common,
      limit: config.RESET_PASSWORD_RATE_LIMIT_PER_IP,
      prefix: RATE_LIMIT_PREFIXES.resetPasswordIp,
      message: 'Too many password reset attempts from this address.',
    }),
    resetPasswordPerToken: keyRateLimit({
      ...common,
      limit: config.RESET_PASSWORD_RATE_LIMIT_PER_TOKEN,
      prefix: RATE_LIMIT_PREFIXES.resetPasswordToken,
      key: bodyToken,
      message: 'Too many attempts with this reset link.',
    }),
    changePasswordFailures: keyRateLimit({
      ...common,
      limit: config.LOGIN_FAILURE_LIMIT_PER_ACCOUNT,
      prefix: RATE_LIMIT_PREFIXES.changePassword,
      key: (req) => String(sessionOf(req).user.id),
      countIf: failedPasswordCheck,
      message: 'Too many wrong current passwords.',
    }),
    secondFactorPerChallenge: keyRateLimit({
      ...common,
      limit: config.SECOND_FACTOR_FAILURE_LIMIT_PER_CHALLENGE,
      prefix: RATE_LIMIT_PREFIXES.secondFactorChallenge,
      key: bodyChallenge,
      countIf: failedSecondFactor,
      message: 'Too many wrong codes for this sign-in. Log in again.',
    }),
    secondFactorPerAccount: keyRateLimit({
      ...common,
      limit: config.SECOND_FACTOR_FAILURE_LIMIT_PER_ACCOUNT,
      prefix: RATE_LIMIT_PREFIXES.secondFactorAccount,
      key: (req) => {
        const userId = challengeAccounts.get(req);
        return userId === undefined ? undefined : String(userId);
      },
      countIf: failedSecondFactor,
      message: 'Too many wrong codes for this account.',
    }),
    acceptInvitationPerIp: ipRateLimit({
      ...common,
      limit: config.RESET_PASSWORD_RATE_LIMIT_PER_IP,
      prefix: RATE_LIMIT_PREFIXES.acceptInvitationIp,
      message: 'Too many invitation attempts from this address.',
    }),
    languagePerUser: keyRateLimit({
      ...common,
      limit: config.LANGUAGE_RATE_LIMIT_PER_USER,
      prefix: RATE_LIMIT_PREFIXES.language,
      key: (req) => String(sessionOf(req).user.id),
      message: 'Too many language changes.',
    }),
  };
}
