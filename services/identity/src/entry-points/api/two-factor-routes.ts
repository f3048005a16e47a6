import { Router, type RequestHandler } from 'express';
import {
  enrolConfirmRequestSchema,
  enrolRequestSchema,
  secondFactorRequestSchema,
  type EnrolAnswer,
  type EnrolConfirmAnswer,
  type LoginAnswer,
} from '@tca/contracts';
import { AppError, parseBody } from '@tca/service-kit';
import { staffSecretsKey } from '../../config.js';
import { accountUser } from '../../domain/accounts.js';
import { ASSOCIATION_NAME } from '../../domain/account-emails.js';
import { beginEnrolment, challengeUser, completeSecondFactor, confirmEnrolment, SecondFactorError, type TwoFactorSettings } from '../../domain/two-factor.js';
import type { IdentityDeps } from './api-deps.js';
import { FAILED_SECOND_FACTOR, setChallengeAccount, type IdentityRateLimits } from './rate-limits.js';

/**
 * The second step of a staff sign-in (issue 14): POST /auth/login answered a challenge instead of a
 * session; these calls set up an authenticator app or take its code, and answer the login answer with
 * a staff session. Wrong and replayed codes are 400s that the per-challenge and per-account limits count.
 */
export function createTwoFactorRouter(deps: IdentityDeps, limits: IdentityRateLimits): Router {
  const { pool, config } = deps;
  const settings: TwoFactorSettings = { secretsKey: staffSecretsKey(config), issuer: ASSOCIATION_NAME };
  const router = Router();

  /** Looks the body's challenge up (without using it) so the per-account limit knows whose it is. */
  const findChallengeAccount: RequestHandler = async (req, _res, next) => {
    const challenge = (req.body as { challenge?: unknown } | undefined)?.challenge;
    if (typeof challenge === 'string') {
      const userId = await challengeUser(pool, challenge.trim());
      if (userId !== undefined) setChallengeAccount(req, userId);
    }
    next();
  };
  const codeLimits = [limits.loginPerIp, limits.secondFactorPerChallenge, findChallengeAccount, limits.secondFactorPerAccount];

  /** Marks wrong and replayed codes for the limits, then lets the error answer. */
  async function countingFailures<T>(res: Parameters<RequestHandler>[1], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof SecondFactorError && (err.code === 'wrong_code' || err.code === 'code_already_used')) res.locals[FAILED_SECOND_FACTOR] = true;
      throw err;
    }
  }

  router.post('/auth/login/enrol', limits.loginPerIp, async (req, res) => {
    const input = parseBody(enrolRequestSchema, req.body);
    const answer: EnrolAnswer = await beginEnrolment(pool, input.challenge, settings);
    res.json(answer);
  });

  router.post('/auth/login/enrol/confirm', ...codeLimits, async (req, res) => {
    const input = parseBody(enrolConfirmRequestSchema, req.body);
    const signedIn = await countingFailures(res, () => confirmEnrolment(pool, input.challenge, input.code, settings, req.ip ?? null));
    req.log.info({ userId: signedIn.user.id, sessionId: signedIn.session.id }, 'authenticator app set up; staff session started');
    if (!signedIn.recoveryCodes) throw new AppError(500, 'internal', 'no recovery codes');
    const answer: EnrolConfirmAnswer = {
      token: signedIn.token,
      user: accountUser(signedIn.user),
      expiresAt: signedIn.session.expiresAt.toISOString(),
      recoveryCodes: signedIn.recoveryCodes,
    };
    res.json(answer);
  });

  router.post('/auth/login/second-factor', ...codeLimits, async (req, res) => {
    const input = parseBody(secondFactorRequestSchema, req.body);
    const signedIn = await countingFailures(res, () => completeSecondFactor(pool, input.challenge, input.code, settings, req.ip ?? null));
    req.log.info({ userId: signedIn.user.id, sessionId: signedIn.session.id }, 'second factor right; staff session started');
    const answer: LoginAnswer = { token: signedIn.token, user: accountUser(signedIn.user), expiresAt: signedIn.session.expiresAt.toISOString() };
    res.json(answer);
  });

  return router;
}
