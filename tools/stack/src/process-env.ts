import type { ProcessSpec } from './processes.js';
import { STRIPE_SANDBOX } from './project.js';

/**
 * What each process of the list (processes.ts) runs and which settings it reads, for the generators
 * that describe the processes elsewhere: docker-compose.yml (compose.ts) and the Kubernetes manifests
 * (kubernetes/). The services' own config.ts files are the reference; this says which of their
 * variables a deployment has to provide, and which of those are secrets.
 */

/** The command of a process in the one image: `node services/<service>/dist/<entry>.js`. */
export function processCommand(p: ProcessSpec): string[] {
  return ['node', `services/${p.service}/dist/${p.entry}.js`];
}

/** The processes that take payments (the payments API and its workers): Stripe's keys, STRIPE_API_BASE and ALLOW_TEST_SERVICES. */
export function takesPayments(p: ProcessSpec): boolean {
  return p.service === STRIPE_SANDBOX.clientService;
}

/** Every identity process loads identity's config, which requires STAFF_SECRETS_KEY in production. */
export function holdsStaffSecrets(p: ProcessSpec): boolean {
  return p.service === 'identity';
}

/** With NODE_ENV=production (the image's) the mailer and payments refuse the local stand-ins unless ALLOW_TEST_SERVICES=true. */
export function refusesTestServices(p: ProcessSpec): boolean {
  return p.env === 'mailer' || (p.env === 'service' && takesPayments(p));
}

/** Stripe's keys, as payments reads them. */
export const STRIPE_KEY_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** The Stripe sandbox reads payments' keys under its own names. */
export const SANDBOX_KEY_VARIABLES = { SANDBOX_SECRET_KEY: 'STRIPE_SECRET_KEY', SANDBOX_WEBHOOK_SECRET: 'STRIPE_WEBHOOK_SECRET' } as const;

/** The mailer's sender when MAIL_FROM is not set (services/mailer/src/config.ts). */
export const DEFAULT_MAIL_FROM = 'Adelaide Tamil Association <no-reply@localhost>';

/**
 * The secret variables a process reads (values that must come from a secret store, never from the
 * repository): the URLs of PostgreSQL and Redis (they may carry passwords), the service-to-service token,
 * Stripe's keys, the staff secrets key, the SMTP URL. The sandbox's keys: SANDBOX_KEY_VARIABLES.
 */
export function secretVariables(p: ProcessSpec): string[] {
  switch (p.env) {
    case 'service':
      return ['DATABASE_URL', 'REDIS_URL', 'SERVICE_TOKEN', ...(takesPayments(p) ? STRIPE_KEY_VARIABLES : []), ...(holdsStaffSecrets(p) ? ['STAFF_SECRETS_KEY'] : [])];
    case 'mailer':
      return ['REDIS_URL', 'SMTP_URL'];
    case 'sandbox':
      return ['DATABASE_URL'];
    case 'gateway':
      return [];
  }
}

/** `CONTENT_URL` → the content API: where the gateway and the services reach each API. */
export function apiUrlVariables(processes: ProcessSpec[]): Array<{ variable: string; api: ProcessSpec; port: number }> {
  return processes.filter((q) => q.kind === 'api').map((api) => ({ variable: `${api.name.toUpperCase()}_URL`, api, port: api.port ?? 0 }));
}

/** Where the gateway keeps released remotes and the registry pointing at them (a volume shared by its replicas). */
export const GATEWAY_DATA_DIR = '/app/.data';
export const GATEWAY_DATA_ENV = { RELEASES_DIR: `${GATEWAY_DATA_DIR}/releases`, REMOTES_REGISTRY_FILE: `${GATEWAY_DATA_DIR}/remotes.json` } as const;

/** The local mail sink (docker-compose.yml's `mail`, the Kubernetes local overlay's): MailDev, SMTP without a password, web inbox and its API. */
export const MAIL_SINK = { image: 'maildev/maildev:2.2.1', smtpPort: 1025, webPort: 1080 } as const;
