import { existsSync } from 'node:fs';
import type { Logger, Pool } from '@tca/service-kit';
import { siteToday } from '../site-dates.js';
import { contentNeverImported, lockSeed, unlockSeed } from '../../data-access/content-import-repository.js';
import { ContentFolderError } from './content-folder.js';
import { importContent, type ImportReport } from './import-content.js';

export type SeedOutcome = 'disabled' | 'missing' | 'present' | 'seeded' | 'failed' | 'stopped';

function summary(report: ImportReport): Record<string, number> {
  return Object.fromEntries(Object.entries(report.sections).map(([section, s]) => [section, s.added.length + s.changed.length + s.unchanged.length]));
}

/**
 * Loads the seed folder into a database that never had content (so `npm start` on a fresh machine shows a
 * believable site). Replicas starting together queue on an advisory lock; the first imports, the others
 * then find content and do nothing. Never throws: a missing or broken seed is logged and the service runs on.
 * `signal` stops it when the service stops (processing the pictures can outlast the shutdown grace on a busy
 * machine): nothing is stored, and the next start seeds again.
 */
export async function seedIfEmpty(pool: Pool, dir: string | null, logger: Logger, signal?: AbortSignal): Promise<SeedOutcome> {
  if (dir === null) return 'disabled';
  try {
    if (!(await contentNeverImported(pool))) return 'present';
    if (!existsSync(dir)) {
      logger.warn({ dir }, `content seed folder ${dir} does not exist; starting with no content (set CONTENT_SEED_DIR, or import with: npm run content -- import <dir>)`);
      return 'missing';
    }
    const client = await pool.connect();
    let broken = false;
    try {
      await lockSeed(client);
      try {
        if (!(await contentNeverImported(client))) return 'present';
        logger.info({ dir }, 'content tables are empty: importing the seed content');
        const report = await importContent(client, dir, { today: siteToday(), ...(signal ? { signal } : {}) });
        logger.info({ dir, items: summary(report), images: report.images, revision: report.revision }, 'seed content imported');
        return 'seeded';
      } finally {
        await unlockSeed(client).catch(() => {
          broken = true;
        });
      }
    } finally {
      client.release(broken);
    }
  } catch (err) {
    if (signal?.aborted) {
      logger.info({ dir }, 'seed import stopped: the service is stopping (the next start imports it)');
      return 'stopped';
    }
    if (err instanceof ContentFolderError) logger.error({ dir, problems: err.problems }, `seed content not imported: ${err.message}`);
    else logger.error({ err, dir }, 'seed content not imported');
    return 'failed';
  }
}
