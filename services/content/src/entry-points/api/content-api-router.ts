import { Router } from 'express';
import type { ContentCatalog } from '../../domain/catalog/content-catalog.js';
import type { ContentDeps } from './api-deps.js';
import { createFormsRouter } from './forms-routes.js';
import { createReadRouter } from './published-content-routes.js';
import type { StaffPosts } from '../../domain/staff-posts/staff-posts.js';
import { createStaffContentRouter } from './staff-content-routes.js';
import { createStaffEventsRouter } from './staff-events-routes.js';
import { createStaffGalleryRouter } from './staff-gallery-routes.js';
import { createStaffTeamRouter } from './staff-team-routes.js';
import { createSupportDeskRouter } from './support-desk-routes.js';

/**
 * The content API (spec section 7): the published content (blog, gallery, team, events, sponsors,
 * uploads, calendars), the two public forms (contact, support desk) and the staff's content editing
 * (/staff-api/content/, issue 14), and the support desk (issue 15).
 */
export function createApiRouter(deps: ContentDeps, catalog: ContentCatalog, posts: StaffPosts): Router {
  const router = Router();
  router.use(createReadRouter(deps, catalog));
  router.use(createFormsRouter(deps));
  router.use(createStaffContentRouter(deps, posts, deps.pool));
  router.use(createStaffEventsRouter(deps));
  router.use(createStaffGalleryRouter(deps));
  router.use(createStaffTeamRouter(deps));
  router.use(createSupportDeskRouter(deps));
  return router;
}
