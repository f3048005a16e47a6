import { Router } from 'express';
import type { IdentityDeps } from '../../server.js';

/**
 * The identity API (spec section 7: /auth/login, register, send-reset-email, reset-password, change-password).
 * Routes arrive with their use cases; until then every path answers the JSON 404.
 */
export function createApiRouter(_deps: IdentityDeps): Router {
  return Router();
}
