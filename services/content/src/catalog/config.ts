import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intVar } from '@tca/service-kit';
import { z } from 'zod';

/** The seed content loaded into an empty database at start (services/content/seed). */
export const DEFAULT_SEED_DIR = fileURLToPath(new URL('../../seed/', import.meta.url));

/** The published-content part of the content service's environment (spread into contentEnvSchema). */
export const catalogEnvFields = {
  /** Folder imported when the content tables are empty at start; the empty string disables it. */
  CONTENT_SEED_DIR: z
    .string()
    .trim()
    .transform((dir): string | null => resolve(dir))
    .default(DEFAULT_SEED_DIR),
  /** Time box of a Redis cache read (the answer is built from Postgres instead). */
  CONTENT_CACHE_TIMEOUT_MS: intVar(50),
  /** How often the content revision is re-read besides LISTEN/NOTIFY. */
  CONTENT_REVISION_POLL_MS: intVar(10_000).pipe(z.number().min(100, 'must be at least 100')),
};

/** loadConfig treats empty values as unset; for CONTENT_SEED_DIR the empty string means "no seed". */
export function applySeedDirSwitch<C extends { CONTENT_SEED_DIR: string | null }>(config: C, env: Record<string, string | undefined>): C {
  return env.CONTENT_SEED_DIR === '' ? { ...config, CONTENT_SEED_DIR: null } : config;
}
