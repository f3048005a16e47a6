import { Router } from 'express';
import type { IdentityDeps } from './api-deps.js';
import { brandFor } from '../../domain/account-emails.js';
import { createAnnouncementRouter } from './announcement-routes.js';
import { createAuthRouter } from './auth-routes.js';
import { createInternalRouter } from './internal-routes.js';
import { createMembershipRouter } from './membership-routes.js';
import { createRateLimits } from './rate-limits.js';
import { createStaffAnnouncementsRouter } from './staff-announcements-routes.js';
import { createStaffMembershipsRouter } from './staff-memberships-routes.js';
import { createStaffMembersRouter } from './staff-members-routes.js';
import { createStaffRouter } from './staff-routes.js';
import { createStaffQueuesRouter } from './staff-queues-routes.js';
import { createTwoFactorRouter } from './two-factor-routes.js';

/**
 * The identity API: spec §7's /auth and /membership calls, plus logout, sign out of all devices, the
 * session lookup and the account's data; and /internal/* for the other services (X-Service-Token).
 * Nothing it answers may be cached: answers carry tokens and personal data.
 */
export function createApiRouter(deps: IdentityDeps): Router {
  const router = Router();
  router.use(['/auth', '/membership', '/staff-api'], (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const mail = { brand: brandFor(deps.config.PUBLIC_URL), publicUrl: deps.config.PUBLIC_URL };
  const limits = createRateLimits(deps);
  router.use(createAuthRouter(deps, limits, mail));
  router.use(createTwoFactorRouter(deps, limits));
  router.use(createStaffRouter(deps, limits, mail));
  router.use(createStaffMembershipsRouter(deps, mail));
  router.use(createStaffMembersRouter(deps));
  router.use(createStaffAnnouncementsRouter(deps));
  router.use(createStaffQueuesRouter(deps));
  router.use(createAnnouncementRouter(deps));
  router.use(createMembershipRouter(deps));
  router.use(createInternalRouter(deps));
  return router;
}
