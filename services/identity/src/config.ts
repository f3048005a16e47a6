import { fileURLToPath } from 'node:url';
import { loadConfig, portVar, serviceEnvSchema } from '@tca/service-kit';
import type { z } from 'zod';

export const SERVICE_NAME = 'identity';
/** The Postgres schema this service owns; no other service reads it. */
export const SCHEMA = 'identity';
/** Resolved from this file, so it works from src/ (tsx) and dist/ (tsc) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export const identityEnvSchema = serviceEnvSchema.extend({
  PORT: portVar(4002),
});
export type IdentityConfig = z.infer<typeof identityEnvSchema>;

/** Throws ConfigError listing every bad or missing variable. */
export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig(identityEnvSchema, env);
}
