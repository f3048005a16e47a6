import { Router } from 'express';
import { dependantsRequestSchema, MEMBERSHIP_LEVEL_NAMES, membershipLookupRequestSchema, type MembershipRecord } from '@tca/contracts';
import { AppError, parseBody } from '@tca/service-kit';
import { z } from 'zod';
import { saveDependants } from '../../domain/membership-dependants.js';
import { membershipsOf, paidMembership } from '../../domain/membership-records.js';
import type { IdentityDeps } from './api-deps.js';
import { assertOwnEmail } from './auth-routes.js';
import { requireSession, sessionOf } from './authenticate.js';

export const PAYMENT_REQUIRED_MESSAGE = 'A membership is created once its payment has gone through. Choose a level on the membership page and pay with Checkout.';
export const DEPENDANTS_SAVED_MESSAGE = 'Dependents details submitted successfully';

/**
 * The §3 membership submission as the old site posted it after payment. Only the level (and, when given,
 * the e-mail) matter now: the record itself comes from the paid Checkout Session. Other fields are accepted
 * as they were sent and ignored.
 */
const membershipSubmissionSchema = z.looseObject({
  membershipName: z.enum(MEMBERSHIP_LEVEL_NAMES, 'Unknown membership level'),
  email: z.string().trim().pipe(z.email('Invalid email format')).optional(),
});

/**
 * Spec §7 membership calls, for the logged-in member only:
 * - POST /membership/get: their records, newest first ([] when none), Expired computed.
 * - POST /membership/add: creates nothing. 200 with the record a paid checkout created for that level
 *   (idempotent), else 402 payment_required.
 * - POST /membership/add-dependents: spouse and children of their family membership (replacing earlier ones).
 */
export function createMembershipRouter({ pool, config }: IdentityDeps): Router {
  const router = Router();
  const authenticated = requireSession(pool, config.SESSION_IDLE_TIMEOUT_MS);

  router.post('/membership/get', authenticated, async (req, res) => {
    const session = sessionOf(req);
    const input = parseBody(membershipLookupRequestSchema, req.body ?? {});
    assertOwnEmail(session.user.email, input.email);
    const answer: MembershipRecord[] = await membershipsOf(pool, session.user.id);
    res.json(answer);
  });

  router.post('/membership/add', authenticated, async (req, res) => {
    const session = sessionOf(req);
    const input = parseBody(membershipSubmissionSchema, req.body);
    assertOwnEmail(session.user.email, input.email);
    const answer: MembershipRecord | undefined = await paidMembership(pool, session.user.id, input.membershipName);
    if (!answer) throw new AppError(402, 'payment_required', PAYMENT_REQUIRED_MESSAGE);
    res.json(answer);
  });

  router.post('/membership/add-dependents', authenticated, async (req, res) => {
    const session = sessionOf(req);
    const input = parseBody(dependantsRequestSchema, req.body);
    const saved = await saveDependants(pool, session.user.id, input);
    req.log.info({ membershipId: saved.membershipId, dependants: saved.saved }, 'dependants saved');
    res.json({ message: DEPENDANTS_SAVED_MESSAGE });
  });

  return router;
}
