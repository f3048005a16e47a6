import { Router } from 'express';
import type { PaymentsDeps } from '../../server.js';

/**
 * The payments API (spec section 7: /membership/*, /create-checkout-session, /checkout-session/:id, /stripe/webhook).
 * Routes arrive with their use cases; until then every path answers the JSON 404.
 */
export function createApiRouter(_deps: PaymentsDeps): Router {
  return Router();
}
