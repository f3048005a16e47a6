import {
  ALREADY_ENROLLED_MESSAGE,
  CHALLENGE_ENDED_MESSAGE,
  CODE_ALREADY_USED_MESSAGE,
  LOGIN_CHALLENGE_TTL_MS,
  NOT_ENROLLED_MESSAGE,
  WRONG_CODE_MESSAGE,
  type EnrolAnswer,
  type LoginSecondFactorAnswer,
} from '@tca/contracts';
import { AppError, ConflictError, withTransaction, type Pool } from '@tca/service-kit';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { findUserById, type UserRow } from '../data-access/account-repository.js';
import type { Db } from '../data-access/database.js';
import { rolesOf } from '../data-access/staff-repository.js';
import {
  advanceTotpStep,
  confirmTotpFactor,
  consumeChallenge,
  findTotpFactor,
  insertChallenge,
  liveChallengeUser,
  replaceRecoveryCodes,
  upsertPendingTotpFactor,
  useRecoveryCode,
} from '../data-access/two-factor-repository.js';
import { createSession, type LoggedIn } from './account-sessions.js';
import { recordAudit, type Actor } from './audit.js';
import { decryptSecret, encryptSecret, newRecoveryCodes, recoveryCodeHash } from './staff-secrets.js';
import { isTokenShaped, newToken, tokenHash } from './secrets.js';

/**
 * Two-factor sign-in for staff (issue 14). A right password for an account with a staff role starts a
 * challenge (a single-use token, 5 minutes, only its SHA-256 stored) instead of a session. With it the
 * account sets up an authenticator app (TOTP, RFC 6238: 30-second steps, 6 digits, SHA-1, one step of
 * drift either way) and confirms it with a first code — answering a staff session and ten recovery codes —
 * or, once set up, enters a code or a recovery code. A code's time step is recorded: a code of that step or
 * an earlier one is refused (replay), even within its 30 seconds.
 */

const PERIOD_S = 30;
/** One step of clock drift either way. */
const EPOCH_TOLERANCE_S = PERIOD_S;
export const TOTP_ISSUER = 'Tamil Cultural Association';

export interface TwoFactorSettings {
  /** STAFF_SECRETS_KEY. */
  secretsKey: Buffer;
  /** Shown in the authenticator app next to the account (the site's name). */
  issuer: string;
}

export class SecondFactorError extends AppError {
  override name = 'SecondFactorError';
  constructor(code: 'wrong_code' | 'code_already_used' | 'challenge_ended' | 'not_enrolled') {
    const messages = { wrong_code: WRONG_CODE_MESSAGE, code_already_used: CODE_ALREADY_USED_MESSAGE, challenge_ended: CHALLENGE_ENDED_MESSAGE, not_enrolled: NOT_ENROLLED_MESSAGE };
    super(400, code, messages[code], code === 'wrong_code' || code === 'code_already_used' ? { code: messages[code] } : undefined);
  }
}

/** Whether an account needs the second step: it has a staff role. */
export async function needsSecondFactor(db: Db, userId: number): Promise<boolean> {
  return (await rolesOf(db, userId)).length > 0;
}

/** Whether the account has set up (confirmed) an authenticator app. */
export async function hasConfirmedAuthenticator(db: Db, userId: number): Promise<boolean> {
  return (await findTotpFactor(db, userId))?.confirmed === true;
}

/** After the right password of a staff account: a challenge for the second step. */
export async function startSecondFactor(db: Db, userId: number): Promise<LoginSecondFactorAnswer> {
  const { token, hash } = newToken();
  const expiresAt = await insertChallenge(db, userId, hash, LOGIN_CHALLENGE_TTL_MS);
  const factor = await findTotpFactor(db, userId);
  return { secondFactor: factor?.confirmed ? 'totp' : 'enrol', challenge: token, challengeExpiresAt: expiresAt.toISOString() };
}

/** The account of a live challenge, without using it up; undefined when it is not one. */
export async function challengeUser(db: Db, challenge: string): Promise<number | undefined> {
  if (!isTokenShaped(challenge)) return undefined;
  return liveChallengeUser(db, tokenHash(challenge));
}

async function liveChallengeAccount(db: Db, challenge: string): Promise<UserRow> {
  const userId = await challengeUser(db, challenge);
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!user) throw new SecondFactorError('challenge_ended');
  return user;
}

/** The time step of a right code for the secret now; undefined for a wrong one. */
export async function matchingStep(secret: string, code: string, nowMs = Date.now()): Promise<number | undefined> {
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: EPOCH_TOLERANCE_S, period: PERIOD_S });
  if (!result.valid) return undefined;
  return Math.floor(epoch / PERIOD_S) + result.delta;
}

/** POST /auth/login/enrol: a new secret for the challenge's account (replacing one not yet confirmed). */
export async function beginEnrolment(db: Db, challenge: string, settings: TwoFactorSettings): Promise<EnrolAnswer> {
  const user = await liveChallengeAccount(db, challenge);
  const secret = generateSecret();
  if (!(await upsertPendingTotpFactor(db, user.id, encryptSecret(settings.secretsKey, secret)))) throw new ConflictError(ALREADY_ENROLLED_MESSAGE, 'already_enrolled');
  const otpauthUrl = generateURI({ issuer: settings.issuer, label: user.email, secret, period: PERIOD_S });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export interface StaffSignIn extends LoggedIn {
  recoveryCodes?: string[];
}

/** Ends the challenge and starts the staff session, in the transaction of the factor's change. */
async function finishSignIn(client: Db, user: UserRow, challenge: string, actor: Actor, how: string): Promise<LoggedIn> {
  if (!(await consumeChallenge(client, tokenHash(challenge)))) throw new SecondFactorError('challenge_ended');
  const { token, session } = await createSession(client, user.id, true);
  await recordAudit(client, actor, 'sign_in', user.email, `Signed in with password and ${how}.`);
  return { user, token, session };
}

/** POST /auth/login/enrol/confirm: the app's first code confirms it; a staff session and ten recovery codes. */
export async function confirmEnrolment(pool: Pool, challenge: string, code: string, settings: TwoFactorSettings, ip: string | null): Promise<StaffSignIn> {
  const user = await liveChallengeAccount(pool, challenge);
  const factor = await findTotpFactor(pool, user.id);
  if (!factor) throw new SecondFactorError('not_enrolled');
  if (factor.confirmed) throw new ConflictError(ALREADY_ENROLLED_MESSAGE, 'already_enrolled');
  const step = await matchingStep(decryptSecret(settings.secretsKey, factor.secret), code);
  const actor: Actor = { userId: user.id, email: user.email, ip };
  if (step === undefined) throw new SecondFactorError('wrong_code');
  const recoveryCodes = newRecoveryCodes();
  const signedIn = await withTransaction(pool, async (client) => {
    if (!(await confirmTotpFactor(client, user.id, step))) throw new ConflictError(ALREADY_ENROLLED_MESSAGE, 'already_enrolled');
    await replaceRecoveryCodes(client, user.id, recoveryCodes.map(recoveryCodeHash));
    await recordAudit(client, actor, 'two_factor_enrolled', user.email, 'Set up an authenticator app; 10 recovery codes issued.');
    return finishSignIn(client, user, challenge, actor, 'a new authenticator app');
  });
  return { ...signedIn, recoveryCodes };
}

/**
 * POST /auth/login/second-factor: a 6-digit code of the confirmed app (not of a step already used), or an
 * unused recovery code (then used up). Wrong or replayed codes are recorded in the audit log.
 */
export async function completeSecondFactor(pool: Pool, challenge: string, code: string, settings: TwoFactorSettings, ip: string | null): Promise<StaffSignIn> {
  const user = await liveChallengeAccount(pool, challenge);
  const factor = await findTotpFactor(pool, user.id);
  if (!factor?.confirmed) throw new SecondFactorError('not_enrolled');
  const actor: Actor = { userId: user.id, email: user.email, ip };
  const refuse = async (reason: 'wrong_code' | 'code_already_used'): Promise<never> => {
    await recordAudit(pool, actor, 'sign_in_failed_second_factor', user.email, reason === 'wrong_code' ? 'Wrong second-factor code.' : 'A code already used was entered again (replay).');
    throw new SecondFactorError(reason);
  };
  if (/^\d{6}$/.test(code)) {
    const step = await matchingStep(decryptSecret(settings.secretsKey, factor.secret), code);
    if (step === undefined) return refuse('wrong_code');
    const signedIn = await withTransaction(pool, async (client) => {
      if (!(await advanceTotpStep(client, user.id, step))) return undefined;
      return finishSignIn(client, user, challenge, actor, 'an authenticator code');
    });
    return signedIn ?? refuse('code_already_used');
  }
  const signedIn = await withTransaction(pool, async (client) => {
    if (!(await useRecoveryCode(client, user.id, recoveryCodeHash(code)))) return undefined;
    return finishSignIn(client, user, challenge, actor, 'a recovery code');
  });
  return signedIn ?? refuse('wrong_code');
}
