import { Router } from 'express';
import type { ContentCatalog } from '../../domain/catalog/content-catalog.js';
import type { ContentDeps } from './api-deps.js';
import { createFormsRouter } from './forms-routes.js';
import { createReadRouter } from './published-content-routes.js';

/**
 * The content API (spec section 7): the published content (blog, gallery, team, events, sponsors,
 * uploads, calendars) and the two public forms (contact, support desk).
 */
export function createApiRouter(deps: ContentDeps, catalog: ContentCatalog): Router {
  const router = Router();
  router.use(createReadRouter(deps, catalog));
  router.use(createFormsRouter(deps));
  return router;
}
