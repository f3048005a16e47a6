import { startApiService, type ApiServiceStartOptions, type RunningApiService } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type IdentityConfig } from './config.js';
import { createApiRouter } from './entry-points/api/api-routes.js';
import { commonPasswords } from './domain/common-passwords.js';
import { startHousekeeping, type Housekeeping } from './entry-points/workers/housekeeping-job.js';

/**
 * The composition root. Migrates, then serves: the shared start-up of startApiService with this service's
 * schema, migrations and API routes (the staff area's included), plus the hourly housekeeping (ended sessions, used
 * and expired reset links) on an unref'd timer.
 */
export async function start(config: IdentityConfig, options: ApiServiceStartOptions = {}): Promise<RunningApiService> {
  let housekeeping: Housekeeping | undefined;
  // Read before serving: a missing list stops the start rather than fail every new password.
  await commonPasswords();
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
      metricsUrl: running.metricsUrl,
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
