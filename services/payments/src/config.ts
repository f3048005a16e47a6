import { fileURLToPath } from 'node:url';
import { intVar, loadConfig, portVar, serviceEnvSchema, serviceUrlListVar, type SiteLang } from '@tca/service-kit';
import { z } from 'zod';

export const SERVICE_NAME = 'payments';
/** The Postgres schema this service owns; no other service reads it. */
export const SCHEMA = 'payments';
/** Resolved from this file, so it works from src/ (tsx) and dist/ (tsc) alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

const positiveInt = (defaultValue: number) => intVar(defaultValue).pipe(z.number().min(1, 'must be at least 1'));

/** Stripe itself; any other STRIPE_API_BASE is a stand-in (the local sandbox, stripe-mock). */
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/** Test-mode keys (sk_test_…, rk_test_…): Stripe's test cards (4242…) "pay" with them. */
const TEST_MODE_KEY = /^(sk|rk)_test_/;

/** The shortest SERVICE_TOKEN accepted (as identity's check). */
export const SERVICE_TOKEN_MIN_LENGTH = 32;

export const paymentsEnvSchema = serviceEnvSchema.extend({
  PORT: portVar(4003),
  /** Stripe's secret API key. A real key with STRIPE_API_BASE unset talks to Stripe itself. */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
  /** Where the Stripe API is, e.g. http://127.0.0.1:4010 for the local sandbox; unset = api.stripe.com. */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL such as http://127.0.0.1:4010' })
    .refine((value) => new URL(value).pathname === '/', 'must be a base URL without a path')
    .optional(),
  /** The webhook endpoint's signing secret (whsec_…): events with another or no signature are refused. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a webhook signing secret (whsec_…)'),
  /** The identity service: who a Bearer token belongs to, eligibility, and creating membership records. */
  /** Identity's base URL, or its replicas' comma-separated (called in turn; one that refuses is skipped). */
  IDENTITY_URL: serviceUrlListVar('http://127.0.0.1:4002'),
  /** The longest one call to identity may take. */
  IDENTITY_TIMEOUT_MS: positiveInt(3000),
  /**
   * The secret shared with identity for its /internal/* calls (sent as X-Service-Token). Required when
   * NODE_ENV=production; without it membership checkouts answer 503 (identity refuses the calls).
   */
  SERVICE_TOKEN: z.string().min(SERVICE_TOKEN_MIN_LENGTH, `must be at least ${SERVICE_TOKEN_MIN_LENGTH} characters (the same value as identity's)`).optional(),
  /** production (the container image sets it) requires SERVICE_TOKEN and real Stripe (see ALLOW_TEST_SERVICES). */
  NODE_ENV: z.string().optional(),
  /**
   * true: a production start may use the Stripe sandbox or a test-mode key (docker compose --profile
   * local). Leave it false wherever the site has real members: test cards would "pay" for memberships.
   */
  ALLOW_TEST_SERVICES: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
  /** Fulfilment jobs one worker process runs at once. */
  PAYMENTS_WORKER_CONCURRENCY: positiveInt(5),
  /**
   * A fulfilment job's lock lasts this long and is renewed while the job runs; a worker that dies (SIGKILL,
   * out of memory) leaves its jobs in progress to the other workers after about this long plus one
   * PAYMENTS_STALLED_INTERVAL_MS. Longer than one fulfilment can take (a Stripe call and IDENTITY_TIMEOUT_MS).
   */
  PAYMENTS_LOCK_DURATION_MS: positiveInt(60_000),
  /** How often workers look for fulfilment jobs whose lock expired (stalled). */
  PAYMENTS_STALLED_INTERVAL_MS: positiveInt(30_000),
  /** How often a fulfilment is tried while Stripe or identity is unreachable... */
  FULFIL_MAX_ATTEMPTS: positiveInt(15),
  /** ...waiting this long after the first failure and twice as long after each further one (15 × from 2 s: about 9 hours). */
  FULFIL_RETRY_BASE_MS: positiveInt(2000),
  /**
   * How often a worker asks Stripe about orders still open or processing (a missed webhook, a fulfilment
   * that gave up); 0 = never. One worker at a time does it.
   */
  RECONCILE_INTERVAL_MS: intVar(10 * 60 * 1000),
  /** Orders younger than this are left to their webhooks. */
  RECONCILE_MIN_AGE_MS: intVar(15 * 60 * 1000),
  /** Checkout sessions one address may start per window (0 = no limit). */
  CHECKOUT_RATE_LIMIT_PER_IP: intVar(30),
  /** Document uploads one address may make per window (0 = no limit). */
  DOCUMENT_RATE_LIMIT_PER_IP: intVar(30),
  PAYMENTS_RATE_LIMIT_WINDOW_MS: positiveInt(15 * 60 * 1000),
  /**
   * Checkout-session lookups and abandons (GET /checkout-session/:id, POST …/abandon; each asks Stripe)
   * one address may make per window, together (0 = no limit). A visitor needs one or two.
   */
  CHECKOUT_LOOKUP_RATE_LIMIT_PER_IP: intVar(120),
  /**
   * The Checkout Session `locale` for a member using the site in Tamil. Stripe's Checkout has no Tamil
   * (its supported locales: auto, en, fr, …), and refuses a locale it does not know; unset = 'ta' with the
   * Stripe sandbox (STRIPE_API_BASE not api.stripe.com: its page speaks Tamil) and 'auto' (the browser's
   * language) with Stripe itself. English always asks for 'en'.
   */
  CHECKOUT_TAMIL_LOCALE: z
    .string()
    .trim()
    .regex(/^(auto|[a-z]{2,3}(-[A-Za-z0-9]{2,4})?)$/, "must be a Stripe Checkout locale such as auto, en or ta (the sandbox's)")
    .optional(),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && env.SERVICE_TOKEN === undefined) {
    ctx.addIssue({ code: 'custom', path: ['SERVICE_TOKEN'], message: "is required when NODE_ENV=production (the identity service's SERVICE_TOKEN)" });
  }
  if (env.NODE_ENV !== 'production' || env.ALLOW_TEST_SERVICES) return;
  if (env.STRIPE_API_BASE !== undefined && new URL(env.STRIPE_API_BASE).origin !== STRIPE_API_ORIGIN) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_API_BASE'],
      message: `is not api.stripe.com (the Stripe sandbox?), where test cards pay; with NODE_ENV=production leave it unset (or empty), or set ALLOW_TEST_SERVICES=true for a local/test stack`,
    });
  }
  if (TEST_MODE_KEY.test(env.STRIPE_SECRET_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'is a test-mode key, with which test cards pay; with NODE_ENV=production use your live key (sk_live_… or rk_live_…), or set ALLOW_TEST_SERVICES=true for a local/test stack',
    });
  }
});
export type PaymentsConfig = z.infer<typeof paymentsEnvSchema>;

/** The Checkout Session locale for each site language (see CHECKOUT_TAMIL_LOCALE). */
export function checkoutLocales(config: Pick<PaymentsConfig, 'CHECKOUT_TAMIL_LOCALE' | 'STRIPE_API_BASE'>): Record<SiteLang, string> {
  const stripeItself = config.STRIPE_API_BASE === undefined || new URL(config.STRIPE_API_BASE).origin === STRIPE_API_ORIGIN;
  return { en: 'en', ta: config.CHECKOUT_TAMIL_LOCALE ?? (stripeItself ? 'auto' : 'ta') };
}

/**
 * Throws ConfigError listing every bad or missing variable. With NODE_ENV=production: SERVICE_TOKEN is
 * required, and (unless ALLOW_TEST_SERVICES=true) STRIPE_API_BASE must be unset or api.stripe.com and
 * STRIPE_SECRET_KEY a live key.
 */
export function loadPaymentsConfig(env: Record<string, string | undefined> = process.env): PaymentsConfig {
  return loadConfig(paymentsEnvSchema, env);
}
