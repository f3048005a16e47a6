import { fileURLToPath } from 'node:url';
import { loadConfig, portVar, serviceEnvSchema } from '@tca/service-kit';
import type { z } from 'zod';

export const SERVICE_NAME = 'payments';
/** The Postgres schema this service owns; no other service reads it. */
export const SCHEMA = 'payments';
/** Resolved from this file, so it works from src/ (tsx) and dist/ (tsc) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export const paymentsEnvSchema = serviceEnvSchema.extend({
  PORT: portVar(4003),
});
export type PaymentsConfig = z.infer<typeof paymentsEnvSchema>;

/** Throws ConfigError listing every bad or missing variable. */
export function loadPaymentsConfig(env: Record<string, string | undefined> = process.env): PaymentsConfig {
  return loadConfig(paymentsEnvSchema, env);
}
