import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Infrastructure } from './start-infrastructure.js';

export interface BaseEnvironmentInput {
  /** options.env: given to every child, over process.env. */
  extra: Record<string, string | undefined> | undefined;
  lookup(name: string): string | undefined;
  infrastructure: Infrastructure;
  siteUrl: string;
  /** STAFF_SECRETS_KEY for identity (persistentStaffSecretsKey); unset: the children's own environment decides. */
  staffSecretsKey?: string | undefined;
}

/** What every child gets: the infrastructure's URLs, where the site is, the log level and the internal-call secret. */
export function baseEnvironment({ extra, lookup, infrastructure, siteUrl, staffSecretsKey }: BaseEnvironmentInput): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    HOST: '127.0.0.1',
    DATABASE_URL: infrastructure.postgres.url,
    REDIS_URL: infrastructure.redis.url,
    SMTP_URL: infrastructure.smtp.url,
    PUBLIC_URL: siteUrl,
    LOG_LEVEL: lookup('LOG_LEVEL') ?? 'info',
    // `npm start` is the one-machine run with the mail sink and the Stripe sandbox: even with NODE_ENV=production
    // in the shell, the mailer and payments may use them (unless ALLOW_TEST_SERVICES says otherwise).
    ALLOW_TEST_SERVICES: lookup('ALLOW_TEST_SERVICES') ?? 'true',
    // The secret identity and payments share for /internal/* calls: SERVICE_TOKEN if set, else a new one per run.
    SERVICE_TOKEN: lookup('SERVICE_TOKEN') ?? randomBytes(32).toString('hex'),
    ...(staffSecretsKey !== undefined ? { STAFF_SECRETS_KEY: staffSecretsKey } : {}),
  };
  delete env.PORT;
  return env;
}

/** Where npm start keeps the key it made for STAFF_SECRETS_KEY, in its data dir (git-ignored). */
export const STAFF_SECRETS_KEY_FILE = 'staff-secrets.key';

/**
 * The key identity encrypts staff members' authenticator secrets with (STAFF_SECRETS_KEY): the configured
 * one, else one made on the first run and kept in `<data dir>/staff-secrets.key` (0600). Unlike
 * SERVICE_TOKEN it must stay the same from run to run: a new key would make every enrolled app unreadable.
 */
export function persistentStaffSecretsKey(lookup: (name: string) => string | undefined, dataDir: string): string {
  const configured = lookup('STAFF_SECRETS_KEY');
  if (configured !== undefined) return configured;
  const file = join(dataDir, STAFF_SECRETS_KEY_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (Buffer.from(kept, 'base64').length === 32) return kept;
  } catch {
    // None yet: make one below.
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
