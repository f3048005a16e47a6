import { startApiService, type ApiServiceDeps, type ApiServiceStartOptions, type RunningApiService } from '@tca/service-kit';
import { startHousekeeping, type Housekeeping } from './accounts/housekeeping.js';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type IdentityConfig } from './config.js';
import { createApiRouter } from './entry-points/api/routes.js';

export type IdentityDeps = ApiServiceDeps<IdentityConfig>;

/**
 * Migrates, then serves: the shared start-up of startApiService with this service's schema, migrations and
 * routes, plus the hourly housekeeping (ended sessions, used and expired reset links) on an unref'd timer.
 */
export async function start(config: IdentityConfig, options: ApiServiceStartOptions = {}): Promise<RunningApiService> {
  let housekeeping: Housekeeping | undefined;
  try {
    const running = await startApiService({
      name: SERVICE_NAME,
      schema: SCHEMA,
      migrationsDir: MIGRATIONS_DIR,
      createRouter(deps) {
        housekeeping = startHousekeeping({ pool: deps.pool, logger: deps.logger, intervalMs: config.IDENTITY_HOUSEKEEPING_INTERVAL_MS });
        return createApiRouter(deps);
      },
      config,
      ...options,
    });
    return {
      url: running.url,
      async stop() {
        housekeeping?.stop();
        await running.stop();
      },
    };
  } catch (err) {
    housekeeping?.stop();
    throw err;
  }
}
