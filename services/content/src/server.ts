import { startApiService, type ApiServiceStartOptions, type RunningApiService } from '@tca/service-kit';
import { ContentCatalog } from './domain/catalog/content-catalog.js';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type ContentConfig } from './config.js';
import { createApiRouter } from './entry-points/api/content-api-router.js';
import { seedIfEmpty } from './domain/content-import/seed-if-empty.js';
import { ScheduledPublisher, StaffPosts } from './domain/staff-posts/staff-posts.js';


/**
 * Migrates, then serves: the shared start-up of startApiService with this service's schema, migrations and
 * routes. When the content tables are empty it imports the seed folder in the background; content answers
 * wait for that import, so the first page already shows the seed.
 */
export async function start(config: ContentConfig, options: ApiServiceStartOptions = {}): Promise<RunningApiService> {
  let catalog: ContentCatalog | undefined;
  let publisher: ScheduledPublisher | undefined;
  let seeding: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();
  const running = await startApiService({
    name: SERVICE_NAME,
    schema: SCHEMA,
    migrationsDir: MIGRATIONS_DIR,
    config,
    ...options,
    createRouter(deps) {
      const created = new ContentCatalog({
        pool: deps.pool,
        redis: deps.redis,
        logger: deps.logger,
        databaseUrl: config.DATABASE_URL,
        publicUrl: config.PUBLIC_URL,
        redisTimeoutMs: config.CONTENT_CACHE_TIMEOUT_MS,
        revisionPollMs: config.CONTENT_REVISION_POLL_MS,
      });
      catalog = created;
      seeding = seedIfEmpty(deps.pool, config.CONTENT_SEED_DIR, deps.logger, stopping.signal);
      created.holdUntil(seeding);
      // Scheduled posts go live on time: see ScheduledPublisher (a timer for the next one, bumps the revision).
      const scheduled = new ScheduledPublisher({ pool: deps.pool, logger: deps.logger, maxWaitMs: config.CONTENT_SCHEDULE_CHECK_MS });
      publisher = scheduled;
      const posts = new StaffPosts({ pool: deps.pool, onScheduleChanged: () => scheduled.nudge() });
      return createApiRouter(deps, created, posts);
    },
  });
  return {
    url: running.url,
    metricsUrl: running.metricsUrl,
    async stop() {
      stopping.abort();
      await publisher?.close();
      await running.stop();
      await seeding;
      await catalog?.close();
    },
  };
}
