import { Router } from 'express';
import type { ContentDeps } from '../../server.js';

/** POST /email/send and /supportdesk/add. */
export function createFormsRouter(_deps: ContentDeps): Router {
  return Router();
}
