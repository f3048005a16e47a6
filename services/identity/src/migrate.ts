import { runMigrateMain } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME } from './config.js';

/**
 * `node services/identity/dist/migrate.js apply|wait`: the migration Job and the init containers of the
 * identity pods on Kubernetes (deploy/kubernetes; see @tca/service-kit migrate-main.ts). Needs only DATABASE_URL.
 */
await runMigrateMain({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: MIGRATIONS_DIR });
