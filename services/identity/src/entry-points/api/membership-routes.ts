import { Router } from 'express';
import { membershipLookupRequestSchema, type MembershipRecord } from '@tca/contracts';
import { membershipsOf } from '../../accounts/memberships.js';
import type { IdentityDeps } from '../../server.js';
import { assertOwnEmail } from './auth-routes.js';
import { requireSession, sessionOf } from './authenticate.js';
import { parseRequest } from './validation.js';

/** POST /membership/get (spec §7): the logged-in member's records, newest first; [] when there are none. */
export function createMembershipRouter({ pool }: IdentityDeps): Router {
  const router = Router();
  router.post('/membership/get', requireSession(pool), async (req, res) => {
    const session = sessionOf(req);
    const input = parseRequest(membershipLookupRequestSchema, req.body ?? {});
    assertOwnEmail(session.user.email, input.email);
    const answer: MembershipRecord[] = await membershipsOf(pool, session.user.id);
    res.json(answer);
  });
  return router;
}
