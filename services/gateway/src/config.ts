import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES, SERVICES, type RemoteName, type ServiceName } from '@tca/contracts';
import { intVar, loadConfig, LOG_LEVELS, portVar, type LogLevel } from '@tca/service-kit';
import { HIT_LOG_MODES, type HitLogMode } from './access-log.js';

/** The repository root, from this file's place (services/gateway/src or services/gateway/dist). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' });

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
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  CONTENT_URL: httpUrl.default('http://127.0.0.1:4001'),
  IDENTITY_URL: httpUrl.default('http://127.0.0.1:4002'),
  PAYMENTS_URL: httpUrl.default('http://127.0.0.1:4003'),
  SHELL_DIR: pathVar(resolve(REPO_ROOT, 'shell/dist')),
  REMOTE_CONTENT_DIR: pathVar(resolve(REPO_ROOT, 'mf-content/dist')),
  REMOTE_MEMBERSHIP_DIR: pathVar(resolve(REPO_ROOT, 'mf-membership/dist')),
  REMOTE_ACCOUNT_DIR: pathVar(resolve(REPO_ROOT, 'mf-account/dist')),
  RELEASES_DIR: pathVar(resolve(REPO_ROOT, '.data/releases')),
  REMOTES_REGISTRY_FILE: pathVar(resolve(REPO_ROOT, '.data/remotes.json')),
  REMOTE_CONTENT_MANIFEST_URL: manifestLocation.optional(),
  REMOTE_MEMBERSHIP_MANIFEST_URL: manifestLocation.optional(),
  REMOTE_ACCOUNT_MANIFEST_URL: manifestLocation.optional(),
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
});

export interface LoaderSettings {
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export interface GatewayConfig {
  port: number;
  host: string;
  logLevel: LogLevel;
  upstreams: Record<ServiceName, string>;
  shellDir: string;
  remoteDirs: Record<RemoteName, string>;
  releasesDir: string;
  registryFile: string;
  /** Manifest URLs from REMOTE_<NAME>_MANIFEST_URL. */
  manifestOverrides: Partial<Record<RemoteName, string>>;
  /** Loader settings from REMOTE_TIMEOUT_MS / REMOTE_RETRIES / REMOTE_BACKOFF_MS. */
  loader: LoaderSettings;
  upstreamTimeoutMs: number;
  /** CONTENT_LIST_CACHE_MS; 0 when the lists are always forwarded. */
  listCacheMs: number;
  listCacheHitLog: HitLogMode;
  shutdownGraceMs: number;
  shutdownDrainDelayMs: number;
}

/** Reads and checks the environment; throws ConfigError listing every problem. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const e = loadConfig(gatewayEnvSchema, env);
  const overrides: Partial<Record<RemoteName, string>> = {};
  const dirs = {} as Record<RemoteName, string>;
  for (const remote of REMOTE_NAMES) {
    const upper = remote.toUpperCase() as Uppercase<RemoteName>;
    const override = e[`REMOTE_${upper}_MANIFEST_URL`];
    if (override !== undefined) overrides[remote] = override;
    dirs[remote] = e[`REMOTE_${upper}_DIR`];
  }
  const upstreams = {} as Record<ServiceName, string>;
  for (const service of SERVICES) {
    upstreams[service] = e[`${service.toUpperCase() as Uppercase<ServiceName>}_URL`].replace(/\/+$/, '');
  }
  const loader: LoaderSettings = {};
  if (e.REMOTE_TIMEOUT_MS !== undefined) loader.timeoutMs = e.REMOTE_TIMEOUT_MS;
  if (e.REMOTE_RETRIES !== undefined) loader.retries = e.REMOTE_RETRIES;
  if (e.REMOTE_BACKOFF_MS !== undefined) loader.backoffMs = e.REMOTE_BACKOFF_MS;
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    upstreams,
    shellDir: e.SHELL_DIR,
    remoteDirs: dirs,
    releasesDir: e.RELEASES_DIR,
    registryFile: e.REMOTES_REGISTRY_FILE,
    manifestOverrides: overrides,
    loader,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    listCacheMs: e.CONTENT_LIST_CACHE_MS,
    listCacheHitLog: e.LIST_CACHE_HIT_LOG,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
  };
}
