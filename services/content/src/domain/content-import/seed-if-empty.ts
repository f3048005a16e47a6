import { existsSync } from 'node:fs';
import type { Logger, Pool } from '@tca/service-kit';
import { siteToday } from '../site-dates.js';
import { SEED_LOCK } from '../../data-access/content-revision-watcher.js';
import { ContentFolderError } from './content-folder.js';
import { importContent, type ImportReport } from './import-content.js';

export type SeedOutcome = 'disabled' | 'missing' | 'present' | 'seeded' | 'failed';

/** True when no content was ever imported and every content table is empty. */
async function neverFilled(pool: Pick<Pool, 'query'>): Promise<boolean> {
  const { rows } = await pool.query<{ empty: boolean }>(`SELECT
    (SELECT last_import_at IS NULL FROM content_revision)
    AND NOT EXISTS (SELECT 1 FROM blog_posts) AND NOT EXISTS (SELECT 1 FROM events)
    AND NOT EXISTS (SELECT 1 FROM team_members) AND NOT EXISTS (SELECT 1 FROM sponsors)
    AND NOT EXISTS (SELECT 1 FROM gallery_events) AS empty`);
  return rows[0]?.empty === true;
}

function summary(report: ImportReport): Record<string, number> {
  return Object.fromEntries(Object.entries(report.sections).map(([section, s]) => [section, s.added.length + s.changed.length + s.unchanged.length]));
}

/**
 * Loads the seed folder into a database that never had content (so `npm start` on a fresh machine shows a
 * believable site). Replicas starting together queue on an advisory lock; the first imports, the others
 * then find content and do nothing. Never throws: a missing or broken seed is logged and the service runs on.
 */
export async function seedIfEmpty(pool: Pool, dir: string | null, logger: Logger): Promise<SeedOutcome> {
  if (dir === null) return 'disabled';
  try {
    if (!(await neverFilled(pool))) return 'present';
    if (!existsSync(dir)) {
      logger.warn({ dir }, `content seed folder ${dir} does not exist; starting with no content (set CONTENT_SEED_DIR, or import with: npm run content -- import <dir>)`);
      return 'missing';
    }
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('SELECT pg_advisory_lock($1, $2)', SEED_LOCK);
      try {
        if (!(await neverFilled(client))) return 'present';
        logger.info({ dir }, 'content tables are empty: importing the seed content');
        const report = await importContent(client, dir, { today: siteToday() });
        logger.info({ dir, items: summary(report), images: report.images, revision: report.revision }, 'seed content imported');
        return 'seeded';
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', SEED_LOCK).catch(() => {
          broken = true;
        });
      }
    } finally {
      client.release(broken);
    }
  } catch (err) {
    if (err instanceof ContentFolderError) logger.error({ dir, problems: err.problems }, `seed content not imported: ${err.message}`);
    else logger.error({ err, dir }, 'seed content not imported');
    return 'failed';
  }
}
