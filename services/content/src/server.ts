import { startApiService, type ApiServiceDeps, type ApiServiceStartOptions, type RunningApiService } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type ContentConfig } from './config.js';
import { createApiRouter } from './entry-points/api/routes.js';

export type ContentDeps = ApiServiceDeps<ContentConfig>;

/** Migrates, then serves: the shared start-up of startApiService with this service's schema, migrations and routes. */
export function start(config: ContentConfig, options: ApiServiceStartOptions = {}): Promise<RunningApiService> {
  return startApiService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: MIGRATIONS_DIR, createRouter: createApiRouter, config, ...options });
}
