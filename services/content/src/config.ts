import { fileURLToPath } from 'node:url';
import { DEFAULT_IDENTITY_TIMEOUT_MS, intVar, loadConfig, portVar, serviceEnvSchema } from '@tca/service-kit';
import { z } from 'zod';
import { applySeedDirSwitch, catalogEnvFields } from './catalog/config.js';
import { formsEnvFields } from './forms/config.js';

export const SERVICE_NAME = 'content';
/** The Postgres schema this service owns; no other service reads it. */
export const SCHEMA = 'content';
/** Resolved from this file, so it works from src/ (tsx) and dist/ (tsc) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
export { DEFAULT_SEED_DIR } from './catalog/config.js';

export const contentEnvSchema = serviceEnvSchema.extend({
  PORT: portVar(4001),
  /** The identity service, asked who a form's or a "mine" request's Bearer token belongs to. */
  IDENTITY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).default('http://127.0.0.1:4002'),
  /** The longest one such question may take; a form is then stored without its sender's account. */
  IDENTITY_TIMEOUT_MS: intVar(DEFAULT_IDENTITY_TIMEOUT_MS).pipe(z.number().min(50, 'must be at least 50').max(30_000, 'must be at most 30000')),
  ...catalogEnvFields,
  ...formsEnvFields,
});
export type ContentConfig = z.infer<typeof contentEnvSchema>;

/** Throws ConfigError listing every bad or missing variable. */
export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return applySeedDirSwitch(loadConfig(contentEnvSchema, env), env);
}
