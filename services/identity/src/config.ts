import { fileURLToPath } from 'node:url';
import { intVar, loadConfig, portVar, serviceEnvSchema } from '@tca/service-kit';
import type { z } from 'zod';

export const SERVICE_NAME = 'identity';
/** The Postgres schema this service owns; no other service reads it. */
export const SCHEMA = 'identity';
/** Resolved from this file, so it works from src/ (tsx) and dist/ (tsc) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/**
 * Rate limits of the account calls (README "Configuration"). Each counts in Redis, so it holds across
 * every replica; 0 turns that limit off (the browser tests, which all come from one address, do so).
 */
export const rateLimitEnvFields = {
  /** Login attempts per client address per window. */
  LOGIN_RATE_LIMIT_PER_IP: intVar(20),
  /** Failed logins (wrong password) per account e-mail per window; also failed current-password checks of change-password per user. */
  LOGIN_FAILURE_LIMIT_PER_ACCOUNT: intVar(10),
  /** Registrations per client address per window. */
  REGISTER_RATE_LIMIT_PER_IP: intVar(5),
  /** Reset-link requests per client address per window. */
  RESET_RATE_LIMIT_PER_IP: intVar(5),
  /** Reset-link requests per e-mail address per window (whether or not it has an account). */
  RESET_RATE_LIMIT_PER_EMAIL: intVar(3),
  /** The window of all of the above. */
  AUTH_RATE_LIMIT_WINDOW_MS: intVar(15 * 60 * 1000),
};

export const identityEnvSchema = serviceEnvSchema.extend({
  PORT: portVar(4002),
  ...rateLimitEnvFields,
  /** How often ended sessions and used or expired reset links are deleted (0 = never; for tests). */
  IDENTITY_HOUSEKEEPING_INTERVAL_MS: intVar(60 * 60 * 1000),
});
export type IdentityConfig = z.infer<typeof identityEnvSchema>;

/** Throws ConfigError listing every bad or missing variable. */
export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig(identityEnvSchema, env);
}
