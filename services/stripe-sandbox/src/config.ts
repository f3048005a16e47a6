import { fileURLToPath } from 'node:url';
import { intVar, loadConfig, portVar, serviceEnvSchema } from '@tca/service-kit';
import { z } from 'zod';

export const SERVICE_NAME = 'stripe-sandbox';
/** The Postgres schema this service owns; no other service reads it. */
export const SCHEMA = 'stripe_sandbox';
/** Resolved from this file, so it works from src/ (tsx) and dist/ (tsc) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
/** The API version stripe-node 23.1.0 pins (its LatestApiVersion); the sandbox answers in it whatever Stripe-Version says. */
export const API_VERSION = '2026-10-28.endive';

/** '1'/'true'/'yes'/'on' or '0'/'false'/'no'/'off'. */
function flagVar(defaultValue: boolean) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], { error: 'must be 1 or 0 (true/false)' }))
    .transform((value) => ['1', 'true', 'yes', 'on'].includes(value))
    .default(defaultValue);
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' });

/** Comma-separated webhook endpoint URLs. */
const urlList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter((url) => url.length > 0),
  )
  .pipe(z.array(httpUrl))
  .default([]);

export const sandboxEnvSchema = serviceEnvSchema.omit({ REDIS_URL: true }).extend({
  PORT: portVar(4010),
  /** The one API key the sandbox accepts (payments' STRIPE_SECRET_KEY). */
  SANDBOX_SECRET_KEY: z.string().trim().regex(/^sk_test_[A-Za-z0-9_]{8,}$/, 'must be a test key: sk_test_ followed by at least 8 letters or digits'),
  /** Signs webhook deliveries (payments' STRIPE_WEBHOOK_SECRET). */
  SANDBOX_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/, 'must be a signing secret: whsec_ followed by at least 8 characters'),
  SANDBOX_WEBHOOK_URL: urlList,
  /** Base URL of the hosted page as the browser reaches it; default the address the sandbox listens on. */
  SANDBOX_PUBLIC_URL: httpUrl.transform((url) => url.replace(/\/+$/, '')).optional(),
  SANDBOX_MERCHANT_NAME: z.string().trim().min(1).max(100).default('Adelaide Tamil Association'),
  SANDBOX_DUPLICATE_DELIVERY: flagVar(false),
  SANDBOX_OUT_OF_ORDER: flagVar(false),
  /** With SANDBOX_OUT_OF_ORDER: events first sent within this window go out newest first. */
  SANDBOX_OUT_OF_ORDER_WINDOW_MS: intVar(2000).pipe(z.number().max(60_000, 'must be at most 60000')),
  SANDBOX_DELIVERY_CONCURRENCY: intVar(4).pipe(z.number().min(1, 'must be at least 1').max(64, 'must be at most 64')),
  SANDBOX_MAX_ATTEMPTS: intVar(8).pipe(z.number().min(1, 'must be at least 1').max(50, 'must be at most 50')),
  /** First retry after this long, doubling each time (capped at an hour). */
  SANDBOX_RETRY_BASE_MS: intVar(1000).pipe(z.number().min(10, 'must be at least 10')),
  SANDBOX_WEBHOOK_TIMEOUT_MS: intVar(10_000).pipe(z.number().min(100, 'must be at least 100').max(60_000, 'must be at most 60000')),
  /** How often the delivery loop looks for due deliveries and sessions past expires_at. */
  SANDBOX_POLL_MS: intVar(500).pipe(z.number().min(10, 'must be at least 10').max(60_000, 'must be at most 60000')),
  /** The test API under /__sandbox (events, switches). */
  SANDBOX_ADMIN: flagVar(true),
});
export type SandboxConfig = z.infer<typeof sandboxEnvSchema>;

/** Throws ConfigError listing every bad or missing variable. */
export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  return loadConfig(sandboxEnvSchema, env);
}
