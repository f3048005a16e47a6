import { Router } from 'express';
import type { ContentDeps } from '../../server.js';

/** GET /blog/get, /gallery/get, /teammanagement/get, /events/get, /sponsorship/get, /uploads/:file, calendars. */
export function createReadRouter(_deps: ContentDeps): Router {
  return Router();
}
