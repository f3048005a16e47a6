import { randomBytes } from 'node:crypto';
import type { Infrastructure } from './start-infrastructure.js';

export interface BaseEnvironmentInput {
  /** options.env: given to every child, over process.env. */
  extra: Record<string, string | undefined> | undefined;
  lookup(name: string): string | undefined;
  infrastructure: Infrastructure;
  siteUrl: string;
}

/** What every child gets: the infrastructure's URLs, where the site is, the log level and the internal-call secret. */
export function baseEnvironment({ extra, lookup, infrastructure, siteUrl }: BaseEnvironmentInput): NodeJS.ProcessEnv {
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
  };
  delete env.PORT;
  // The operator console's credentials go to the identity API only (operatorEnvironment), never to every process.
  delete env.OPERATOR_USER;
  delete env.OPERATOR_PASSWORD;
  return env;
}

/** CONTENT_URL, IDENTITY_URL, PAYMENTS_URL from where the APIs are: each service (and its workers) calls the others there. */
export function serviceUrlEnvironment(apiUrls: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(apiUrls).map(([name, url]) => [`${name.toUpperCase()}_URL`, url]));
}

export interface OperatorCredentials {
  user: string;
  password: string;
  /** The password came from OPERATOR_PASSWORD (the summary then does not print it). */
  passwordConfigured: boolean;
}

/** The operator console's (identity's /admin/) login: OPERATOR_USER / OPERATOR_PASSWORD if set, else a new password per run. */
export function operatorCredentials(lookup: (name: string) => string | undefined): OperatorCredentials {
  const configured = lookup('OPERATOR_PASSWORD');
  return { user: lookup('OPERATOR_USER') ?? 'operator', password: configured ?? randomBytes(12).toString('base64url'), passwordConfigured: configured !== undefined };
}

/** Only the identity API gets the operator credentials. */
export function operatorEnvironment(service: string, operator: OperatorCredentials): NodeJS.ProcessEnv {
  return service === 'identity' ? { OPERATOR_USER: operator.user, OPERATOR_PASSWORD: operator.password } : {};
}
