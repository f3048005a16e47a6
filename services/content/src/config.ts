import { fileURLToPath } from 'node:url';
import { loadConfig, portVar, serviceEnvSchema } from '@tca/service-kit';
import type { z } from 'zod';
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
  ...catalogEnvFields,
  ...formsEnvFields,
});
export type ContentConfig = z.infer<typeof contentEnvSchema>;

/** Throws ConfigError listing every bad or missing variable. */
export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return applySeedDirSwitch(loadConfig(contentEnvSchema, env), env);
}
