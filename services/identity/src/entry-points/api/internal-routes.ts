import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { cancelMembershipRequestSchema, createMembershipRequestSchema, MEMBERSHIP_LEVEL_NAMES, SERVICE_TOKEN_HEADER, type CancelMembershipAnswer, type EligibilityAnswer } from '@tca/contracts';
import { AppError, parseBody, ServiceUnavailableError, UnauthorizedError, ValidationError } from '@tca/service-kit';
import { z } from 'zod';
import { cancelMembershipForRefund, createMembershipFromCheckout, membershipEligibility, parseUserId, type CreatedMembership } from '../../domain/membership-orders.js';
import type { IdentityDeps } from './api-deps.js';

/** The answer of POST /internal/memberships (201 created, 200 already recorded for this checkout session). */
export const createMembershipAnswerSchema = z.object({ requestId: z.string(), status: z.string(), membershipName: z.string(), created: z.boolean() }).strict();

export const BAD_SERVICE_TOKEN_MESSAGE = 'This call needs a valid X-Service-Token header.';
export const SERVICE_TOKEN_NOT_CONFIGURED_MESSAGE = 'Internal calls are turned off: SERVICE_TOKEN is not configured on the identity service.';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Service-to-service calls carry the shared SERVICE_TOKEN in X-Service-Token. The comparison is of SHA-256
 * digests with timingSafeEqual: constant time whatever the length of what was sent. Missing or wrong → 401;
 * no SERVICE_TOKEN configured (allowed outside production) → 503, so a misconfiguration is not mistaken
 * for a bad caller.
 */
export function requireServiceToken(expected: string | undefined): RequestHandler {
  const expectedDigest = expected === undefined ? undefined : digest(expected);
  return (req, _res, next) => {
    if (!expectedDigest) throw new ServiceUnavailableError(SERVICE_TOKEN_NOT_CONFIGURED_MESSAGE, 'service_token_not_configured');
    const sent = req.headers[SERVICE_TOKEN_HEADER];
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), expectedDigest)) throw new UnauthorizedError(BAD_SERVICE_TOKEN_MESSAGE, 'invalid_service_token');
    next();
  };
}

const eligibilityQuerySchema = z
  .object({
    userId: z.string({ error: 'userId is required' }).refine((value) => parseUserId(value) !== undefined, 'userId must be the id of an account'),
    level: z.enum(MEMBERSHIP_LEVEL_NAMES, { error: `level must be one of ${MEMBERSHIP_LEVEL_NAMES.join(', ')}` }),
  })
  .strict();

/**
 * /internal/*: what the other services ask identity (never forwarded by the gateway: not an API route).
 * - POST /internal/memberships: record the membership a paid Checkout Session bought (idempotent per
 *   checkoutSessionId): 201 when this call created it, 200 when it existed.
 * - GET /internal/memberships/eligibility?userId=&level=: may this user start a checkout for this level?
 * - POST /internal/memberships/:requestId/cancel: the membership of a refunded order becomes Cancelled
 *   (issue 15; idempotent: 200 with `cancelled` false when it already was; 404 for an unknown request ID).
 */
export function createInternalRouter({ pool, config, logger }: IdentityDeps): Router {
  const router = Router();
  if (!config.SERVICE_TOKEN) logger.warn('SERVICE_TOKEN is not set: /internal/* answers 503, so paid checkouts cannot create memberships');
  router.use('/internal', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use('/internal', requireServiceToken(config.SERVICE_TOKEN));

  router.post('/internal/memberships', async (req, res) => {
    const input = parseBody(createMembershipRequestSchema, req.body);
    const result: CreatedMembership = await createMembershipFromCheckout(pool, input, { autoApprove: config.MEMBERSHIP_AUTO_APPROVE });
    req.log.info({ requestId: result.requestId, created: result.created, checkoutSessionId: input.checkoutSessionId }, result.created ? 'membership created from a paid checkout' : 'membership already recorded for this checkout');
    res.status(result.created ? 201 : 200).json(result);
  });

  router.post('/internal/memberships/:requestId/cancel', async (req, res) => {
    const input = parseBody(cancelMembershipRequestSchema, req.body);
    const answer: CancelMembershipAnswer = await cancelMembershipForRefund(pool, req.params.requestId, input);
    req.log.info({ requestId: answer.requestId, cancelled: answer.cancelled }, answer.cancelled ? 'membership cancelled (order refunded)' : 'membership was already cancelled');
    res.json(answer);
  });

  router.get('/internal/memberships/eligibility', async (req, res) => {
    const parsed = eligibilityQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : String(issue.path[0] ?? 'query');
        fields[key] ??= issue.code === 'unrecognized_keys' ? 'Unknown parameter.' : issue.message;
      }
      throw new ValidationError(fields, Object.values(fields).join('. '));
    }
    const userId = parseUserId(parsed.data.userId);
    if (userId === undefined) throw new AppError(400, 'validation_failed', 'userId must be the id of an account');
    const answer: EligibilityAnswer = await membershipEligibility(pool, userId, parsed.data.level);
    res.json(answer);
  });

  return router;
}
