import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES, SERVICES, type RemoteName, type ServiceName } from '@tca/contracts';
import { intVar, loadConfig, LOG_LEVELS, metricsEnvFields, portVar, serviceUrlListVar, trustProxyVar } from '@tca/service-kit';
import { HIT_LOG_MODES } from './access-log.js';

/** The repository root, from this file's place (services/gateway/src or services/gateway/dist). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));


/** A manifest location: an absolute http(s) URL, or a path on this origin starting with '/'. */
export const manifestLocation = z
  .string()
  .trim()
  .refine((value) => (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/[^/]/i.test(value), 'must be an http(s):// URL or a path starting with /');

function optionalInt(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max, `must be at most ${max}`))
    .optional();
}

const pathVar = (defaultPath: string) =>
  z
    .string()
    .trim()
    .min(1)
    .default(defaultPath)
    .transform((value) => (isAbsolute(value) ? value : resolve(value)));

/**
 * Environment of the gateway. It needs no database or Redis, so it does not extend serviceEnvSchema.
 * Relative directories are resolved against the working directory.
 */
export const gatewayEnvSchema = z.object({
  PORT: portVar(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** The metrics port (GET /metrics, /healthz), never the public one: see service-kit metricsEnvFields. */
  ...metricsEnvFields,
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** The site's public origin (as the services' PUBLIC_URL): canonical URLs, og:url/og:image, the sitemap and robots.txt. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * How long a page's HTML may wait for the content lists its head is made from (a post's title, the events'
   * JSON-LD) when the gateway has none cached: past it the page is served with the generic head.
   */
  SEO_CONTENT_WAIT_MS: intVar(250).pipe(z.number().max(2000, 'must be at most 2000 (the page must not wait on content)')),
  CONTENT_URL: serviceUrlListVar('http://127.0.0.1:4001'),
  IDENTITY_URL: serviceUrlListVar('http://127.0.0.1:4002'),
  PAYMENTS_URL: serviceUrlListVar('http://127.0.0.1:4003'),
  /** How long a replica that refused a connection (or reset one before answering) is left out of turn. */
  UPSTREAM_COOL_DOWN_MS: intVar(2000),
  SHELL_DIR: pathVar(resolve(REPO_ROOT, 'shell/dist')),
  REMOTE_CONTENT_DIR: pathVar(resolve(REPO_ROOT, 'mf-content/dist')),
  REMOTE_MEMBERSHIP_DIR: pathVar(resolve(REPO_ROOT, 'mf-membership/dist')),
  REMOTE_ACCOUNT_DIR: pathVar(resolve(REPO_ROOT, 'mf-account/dist')),
  REMOTE_STAFF_DIR: pathVar(resolve(REPO_ROOT, 'mf-staff/dist')),
  RELEASES_DIR: pathVar(resolve(REPO_ROOT, '.data/releases')),
  REMOTES_REGISTRY_FILE: pathVar(resolve(REPO_ROOT, '.data/remotes.json')),
  REMOTE_CONTENT_MANIFEST_URL: manifestLocation.optional(),
  REMOTE_MEMBERSHIP_MANIFEST_URL: manifestLocation.optional(),
  REMOTE_ACCOUNT_MANIFEST_URL: manifestLocation.optional(),
  REMOTE_STAFF_MANIFEST_URL: manifestLocation.optional(),
  REMOTE_TIMEOUT_MS: optionalInt(1),
  REMOTE_RETRIES: optionalInt(0, 5),
  REMOTE_BACKOFF_MS: optionalInt(0),
  /** An upstream that sends nothing for this long is answered with 504. */
  UPSTREAM_TIMEOUT_MS: intVar(30_000),
  /**
   * The public content lists are answered from the gateway's memory for at most this long after the content
   * service last confirmed them (list-cache.ts): the most an import can take to show through the gateway. 0: off.
   */
  CONTENT_LIST_CACHE_MS: intVar(100).pipe(z.number().max(1000, 'must be at most 1000 (an import must show within a second)')),
  /** Answers from that cache: counted in one `list cache hits` line a minute (summary), or a line each (each). */
  LIST_CACHE_HIT_LOG: z.enum(HIT_LOG_MODES, { error: `must be one of ${HIT_LOG_MODES.join(', ')}` }).default('summary'),
  SHUTDOWN_GRACE_MS: intVar(10_000),
  SHUTDOWN_DRAIN_DELAY_MS: intVar(0),
  /**
   * Proxies in front of the gateway (a load balancer) whose X-Forwarded-For/-Proto/-Host it passes on, extended;
   * from any other peer it replaces them with the peer's own address. Default none: the gateway faces visitors.
   */
  TRUST_PROXY: trustProxyVar('none'),
});

/** The gateway's settings, under the names of their environment variables. */
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

/** Reads and checks the environment; throws ConfigError listing every problem. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, env);
}

/** Each API service's replicas' base URLs, from <SERVICE>_URL. */
export function upstreamUrls(config: Pick<GatewayConfig, `${Uppercase<ServiceName>}_URL`>): Record<ServiceName, string[]> {
  const upstreams = {} as Record<ServiceName, string[]>;
  for (const service of SERVICES) upstreams[service] = config[`${service.toUpperCase() as Uppercase<ServiceName>}_URL`];
  return upstreams;
}

/** Each remote's built files, from REMOTE_<NAME>_DIR. */
export function remoteDirs(config: Pick<GatewayConfig, `REMOTE_${Uppercase<RemoteName>}_DIR`>): Record<RemoteName, string> {
  const dirs = {} as Record<RemoteName, string>;
  for (const remote of REMOTE_NAMES) dirs[remote] = config[`REMOTE_${remote.toUpperCase() as Uppercase<RemoteName>}_DIR`];
  return dirs;
}

/** The manifest URLs set by REMOTE_<NAME>_MANIFEST_URL, for the remotes that have one. */
export function manifestOverrides(config: Pick<GatewayConfig, `REMOTE_${Uppercase<RemoteName>}_MANIFEST_URL`>): Partial<Record<RemoteName, string>> {
  const overrides: Partial<Record<RemoteName, string>> = {};
  for (const remote of REMOTE_NAMES) {
    const override = config[`REMOTE_${remote.toUpperCase() as Uppercase<RemoteName>}_MANIFEST_URL`];
    if (override !== undefined) overrides[remote] = override;
  }
  return overrides;
}

export interface LoaderSettings {
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

/** The loader settings set by REMOTE_TIMEOUT_MS / REMOTE_RETRIES / REMOTE_BACKOFF_MS. */
export function loaderSettings(config: Pick<GatewayConfig, 'REMOTE_TIMEOUT_MS' | 'REMOTE_RETRIES' | 'REMOTE_BACKOFF_MS'>): LoaderSettings {
  const loader: LoaderSettings = {};
  if (config.REMOTE_TIMEOUT_MS !== undefined) loader.timeoutMs = config.REMOTE_TIMEOUT_MS;
  if (config.REMOTE_RETRIES !== undefined) loader.retries = config.REMOTE_RETRIES;
  if (config.REMOTE_BACKOFF_MS !== undefined) loader.backoffMs = config.REMOTE_BACKOFF_MS;
  return loader;
}
