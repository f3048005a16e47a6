import type { ApiServiceDeps } from '@tca/service-kit';
import type { ContentConfig } from '../../config.js';

/**
 * What the content routes receive. It lives here, below the routes, so that no route imports server.ts
 * (the composition root that imports the routes).
 */
export type ContentDeps = ApiServiceDeps<ContentConfig>;
