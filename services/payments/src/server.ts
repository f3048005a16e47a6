import { startApiService, type ApiServiceDeps, type ApiServiceStartOptions, type RunningApiService } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type PaymentsConfig } from './config.js';
import { createApiRouter } from './entry-points/api/routes.js';

export type PaymentsDeps = ApiServiceDeps<PaymentsConfig>;

/** Migrates, then serves: the shared start-up of startApiService with this service's schema, migrations and routes. */
export function start(config: PaymentsConfig, options: ApiServiceStartOptions = {}): Promise<RunningApiService> {
  return startApiService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: MIGRATIONS_DIR, createRouter: createApiRouter, config, ...options });
}
