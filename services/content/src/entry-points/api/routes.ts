import { Router } from 'express';
import type { ContentDeps } from '../../server.js';

/**
 * The content API (spec section 7: blog, gallery, team, events, sponsors, uploads, contact, support desk).
 * Routes arrive with their use cases; until then every path answers the JSON 404.
 */
export function createApiRouter(_deps: ContentDeps): Router {
  return Router();
}
