import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_IDENTITY_TIMEOUT_MS, intVar, loadConfig, portVar, serviceEnvSchema, serviceUrlListVar } from '@tca/service-kit';
import { z } from 'zod';

export const SERVICE_NAME = 'content';
/** The Postgres schema this service owns; no other service reads it. */
export const SCHEMA = 'content';
/** Resolved from this file, so it works from src/ (tsx) and dist/ (tsc) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
/** The seed content loaded into an empty database at start (services/content/seed). */
export const DEFAULT_SEED_DIR = fileURLToPath(new URL('../seed/', import.meta.url));

/** The published content: the seed, the shared cache and the revision watch. */
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
  /** Scheduled posts: the longest wait between checks (a timer also fires when the next one is due). */
  CONTENT_SCHEDULE_CHECK_MS: intVar(30_000).pipe(z.number().min(100, 'must be at least 100')),
};

/**
 * The forms (contact messages, support tickets, the tickets worker). Defaults suit one machine; inboxes use
 * the reserved `.example` domain until the association's real addresses are configured.
 */
export const formsEnvFields = {
  /** Where contact messages are delivered (Reply-To is the sender). */
  CONTACT_INBOX: z.email('must be an e-mail address').default('contact@adelaide-tamil.example'),
  /** Where new support tickets are announced (Reply-To is the submitter). */
  SUPPORT_INBOX: z.email('must be an e-mail address').default('support@adelaide-tamil.example'),
  /** Contact messages one address may send per window; 0 = no limit. */
  CONTACT_RATE_LIMIT: intVar(5),
  /** Support tickets one address may submit per window; 0 = no limit. */
  TICKET_RATE_LIMIT: intVar(5),
  /** The rate limits' window, in milliseconds. */
  RATE_LIMIT_WINDOW_MS: intVar(15 * 60 * 1000).pipe(z.number().min(1000, 'must be at least 1000')),
  /** Tickets one tickets-worker process handles at once. */
  TICKETS_WORKER_CONCURRENCY: intVar(5).pipe(z.number().min(1, 'must be at least 1')),
  /** Contact messages and tickets are deleted this many days after they were sent (privacy policy: 2 years). */
  SUBMISSION_RETENTION_DAYS: intVar(730).pipe(z.number().min(1, 'must be at least 1')),
  /** How often a tickets worker deletes expired messages and tickets. */
  RETENTION_SWEEP_INTERVAL_MS: intVar(6 * 60 * 60 * 1000).pipe(z.number().min(1000, 'must be at least 1000')),
};

export const contentEnvSchema = serviceEnvSchema.extend({
  PORT: portVar(4001),
  /** The identity service, asked who a form's or a "mine" request's Bearer token belongs to. */
  /** Identity's base URL, or its replicas' comma-separated (called in turn; one that refuses is skipped). */
  IDENTITY_URL: serviceUrlListVar('http://127.0.0.1:4002'),
  /** The longest one such question may take; a form is then stored without its sender's account. */
  IDENTITY_TIMEOUT_MS: intVar(DEFAULT_IDENTITY_TIMEOUT_MS).pipe(z.number().min(50, 'must be at least 50').max(30_000, 'must be at most 30000')),
  ...catalogEnvFields,
  ...formsEnvFields,
});

export type ContentConfig = z.infer<typeof contentEnvSchema>;

/** loadConfig treats empty values as unset; for CONTENT_SEED_DIR the empty string means "no seed". */
function applySeedDirSwitch(config: ContentConfig, env: Record<string, string | undefined>): ContentConfig {
  return env.CONTENT_SEED_DIR === '' ? { ...config, CONTENT_SEED_DIR: null } : config;
}

/** Throws ConfigError listing every bad or missing variable. */
export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return applySeedDirSwitch(loadConfig(contentEnvSchema, env), env);
}
