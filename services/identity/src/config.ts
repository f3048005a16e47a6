import { fileURLToPath } from 'node:url';
import { intVar, loadConfig, portVar, serviceEnvSchema } from '@tca/service-kit';
import { z } from 'zod';

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
  /** New-password submissions with a reset link (POST /auth/reset-password) per client address per window. */
  RESET_PASSWORD_RATE_LIMIT_PER_IP: intVar(10),
  /** New-password submissions per reset token per window (whether or not it is a real link). */
  RESET_PASSWORD_RATE_LIMIT_PER_TOKEN: intVar(5),
  /** Language changes (PUT /auth/language) per logged-in user per window. */
  LANGUAGE_RATE_LIMIT_PER_USER: intVar(30),
  /** The window of all of the above. */
  AUTH_RATE_LIMIT_WINDOW_MS: intVar(15 * 60 * 1000),
};

/** The shortest SERVICE_TOKEN accepted: a guessable shared secret would open the /internal calls. */
export const SERVICE_TOKEN_MIN_LENGTH = 32;

/** STAFF_SECRETS_KEY: 32 random bytes, base64 (e.g. openssl rand -base64 32). */
export const STAFF_SECRETS_KEY_BYTES = 32;

/** Second-factor limits (issue 14): wrong codes per sign-in challenge and per account per AUTH_RATE_LIMIT_WINDOW_MS; 0 = off. */
export const secondFactorEnvFields = {
  SECOND_FACTOR_FAILURE_LIMIT_PER_CHALLENGE: intVar(5),
  SECOND_FACTOR_FAILURE_LIMIT_PER_ACCOUNT: intVar(10),
};

const booleanVar = (defaultValue: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(defaultValue);

export const identityEnvSchema = serviceEnvSchema
  .extend({
    PORT: portVar(4002),
    ...rateLimitEnvFields,
    ...secondFactorEnvFields,
    /**
     * The key that encrypts staff members' authenticator secrets at rest (AES-256-GCM): 32 bytes, base64.
     * Required when NODE_ENV=production; elsewhere a fixed development key stands in (DEVELOPMENT_STAFF_SECRETS_KEY).
     * Changing it makes every enrolled authenticator app unreadable: staff then sign in with a recovery code.
     */
    STAFF_SECRETS_KEY: z
      .string()
      .trim()
      .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === STAFF_SECRETS_KEY_BYTES, {
        message: `must be ${STAFF_SECRETS_KEY_BYTES} bytes in base64 (e.g. openssl rand -base64 32)`,
      })
      .optional(),
    /**
     * A member session unused this long ends (401 session_expired, as when the 24 hours from login are
     * over); 0 = no idle time-out. Use is recorded at most once a minute.
     */
    SESSION_IDLE_TIMEOUT_MS: intVar(30 * 60 * 1000),
    /** How often ended sessions and used or expired reset links are deleted (0 = never; for tests). */
    IDENTITY_HOUSEKEEPING_INTERVAL_MS: intVar(60 * 60 * 1000),
    /**
     * The secret the other services send in X-Service-Token to call /internal/* (payments creating a
     * membership after a paid checkout). Required when NODE_ENV=production; without it /internal/* answers 503.
     */
    SERVICE_TOKEN: z.string().min(SERVICE_TOKEN_MIN_LENGTH, `must be at least ${SERVICE_TOKEN_MIN_LENGTH} characters (e.g. openssl rand -hex 32)`).optional(),
    /** New memberships bought through Checkout are Active at once instead of Pending (awaiting an operator). */
    MEMBERSHIP_AUTO_APPROVE: booleanVar(false),
    /**
     * Announcement e-mails each membership worker puts into the e-mail queue per minute (issue 15); 0 holds
     * them (nothing is sent until it is raised). Per worker process: two workers send twice as fast.
     */
    ANNOUNCEMENT_RATE_PER_MINUTE: intVar(600),
    /**
     * A recipient of an announcement still "queued" this many minutes after its e-mail went into the outbox is
     * settled by the membership worker's sweep from the e-mail queue (the mailer died before reporting, or its
     * report was lost): sent → delivered, given up → failed, gone without a trace → failed "outcome lost";
     * still to run → left. 0 = no sweep.
     */
    ANNOUNCEMENT_SETTLE_AFTER_MINUTES: intVar(60),
    NODE_ENV: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SERVICE_TOKEN === undefined) {
      ctx.addIssue({ code: 'custom', path: ['SERVICE_TOKEN'], message: 'is required when NODE_ENV=production (a random secret shared with the payments service)' });
    }
    if (env.NODE_ENV === 'production' && env.STAFF_SECRETS_KEY === undefined) {
      ctx.addIssue({ code: 'custom', path: ['STAFF_SECRETS_KEY'], message: 'is required when NODE_ENV=production (32 random bytes, base64: openssl rand -base64 32)' });
    }
  });
export type IdentityConfig = z.infer<typeof identityEnvSchema>;

/** The development stand-in for STAFF_SECRETS_KEY (never accepted in production: the config requires the variable there). */
export const DEVELOPMENT_STAFF_SECRETS_KEY = 'dGNhLWRldi1zdGFmZi1zZWNyZXRzLWtleS0zMmJ5dGU='; // 'tca-dev-staff-secrets-key-32byte'

/** The AES-256 key of the staff secrets: STAFF_SECRETS_KEY, or the development key outside production. */
export function staffSecretsKey(config: Pick<IdentityConfig, 'STAFF_SECRETS_KEY'>): Buffer {
  return Buffer.from(config.STAFF_SECRETS_KEY ?? DEVELOPMENT_STAFF_SECRETS_KEY, 'base64');
}

/** Throws ConfigError listing every bad or missing variable. */
export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig(identityEnvSchema, env);
}
