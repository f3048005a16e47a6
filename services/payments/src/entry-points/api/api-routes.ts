import { Router, type Request, type Response } from 'express';
import { ipRateLimit } from '@tca/service-kit';
import type { PaymentsDeps, PaymentsServices } from './api-deps.js';
import { createCheckoutRouter } from './checkout-routes.js';
import { createDocumentsRouter } from './documents-routes.js';
import { createStaffPaymentsRouter } from './staff-routes.js';

/** Redis key prefixes of the payments service's counters. */
export const RATE_LIMIT_PREFIXES = { checkoutIp: 'rl:payments:checkout-ip:', documentsIp: 'rl:payments:documents-ip:' } as const;

/**
 * The payments API: POST /create-checkout-session, GET /checkout-session/:id (spec §7), and beyond the spec
 * POST /checkout-session/:id/abandon (the cancel page) and the member documents; the staff API under
 * /staff-api/payments/ (issue 15). The Stripe webhook is
 * mounted before the JSON parser (webhook.ts). Nothing it answers may be cached.
 */
export function createApiRouter(deps: PaymentsDeps, services: PaymentsServices): Router {
  const { config, redis, logger } = deps;
  const router = Router();
  router.use(['/create-checkout-session', '/checkout-session', '/membership/documents'], (_req: Request, res: Response, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const common = { windowMs: config.PAYMENTS_RATE_LIMIT_WINDOW_MS, redis, logger };
  router.use(
    createCheckoutRouter(deps, services, ipRateLimit({ ...common, limit: config.CHECKOUT_RATE_LIMIT_PER_IP, prefix: RATE_LIMIT_PREFIXES.checkoutIp, message: 'Too many checkout attempts from this address.' })),
  );
  router.use(
    createDocumentsRouter(deps, services, ipRateLimit({ ...common, limit: config.DOCUMENT_RATE_LIMIT_PER_IP, prefix: RATE_LIMIT_PREFIXES.documentsIp, message: 'Too many uploads from this address.' })),
  );
  router.use(createStaffPaymentsRouter(deps, services));
  return router;
}
