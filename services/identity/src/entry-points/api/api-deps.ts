import type { ApiServiceDeps } from '@tca/service-kit';
import type { IdentityConfig } from '../../config.js';

/**
 * What the API's routes get from the composition root (server.ts). It lives
 * here, below the routes, so no route imports server.ts (which imports the routes).
 */
export type IdentityDeps = ApiServiceDeps<IdentityConfig>;
