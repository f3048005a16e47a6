import { isIP } from 'node:net';
import { z } from 'zod';

/** Log levels pino understands; 'silent' is what tests use. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A TCP port from the environment. Written out instead of z.coerce.number() because coercion turns
 * '' into 0 and 'abc' into NaN with an unhelpful message.
 */
export function portVar(defaultPort?: number) {
  const port = z
    .string({ error: 'must be a port number' })
    .trim()
    .regex(/^\d+$/, 'must be a whole number (0 picks a free port)')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65535, 'must be at most 65535'));
  return defaultPort === undefined ? port : port.default(defaultPort);
}

/** A non-negative integer (milliseconds, counts) from the environment. */
export function intVar(defaultValue: number) {
  return z
    .string({ error: 'must be a whole number' })
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0))
    .default(defaultValue);
}

/** A comma-separated list of origins, e.g. `http://localhost:3000,https://example.org`. */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin.length > 0),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine((origin) => URL.canParse(origin) && new URL(origin).origin === origin, 'must be an origin like https://example.org (scheme, host, optional port; no path or trailing slash)'),
    ),
  )
  .default([]);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' });

/**
 * Where another service answers: its base URL, or a comma-separated list of its replicas' base URLs (the gateway
 * balances over them; a service calling another takes them in turn, createReplicaFetch). Parsed to the list, each
 * entry without trailing slashes (paths are appended to it). A bad entry is named by its place and value; a
 * replica named twice is an error.
 */
export function serviceUrlListVar(defaultUrl: string) {
  return z
    .string()
    .default(defaultUrl)
    .transform((value, ctx) => {
      const entries = value.split(',').map((entry) => entry.trim());
      const urls: string[] = [];
      entries.forEach((entry, index) => {
        if (httpUrl.safeParse(entry).success) urls.push(entry.replace(/\/+$/, ''));
        else ctx.addIssue({ code: 'custom', message: entries.length === 1 ? 'must be an http(s):// URL' : `entry ${index + 1} (${JSON.stringify(entry)}) must be an http(s):// URL` });
      });
      if (new Set(urls).size !== urls.length) ctx.addIssue({ code: 'custom', message: 'names a replica twice' });
      return urls;
    });
}

/** The address ranges Express's `trust proxy` knows by name. */
export const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

function isTrustProxyEntry(entry: string): boolean {
  if ((TRUST_PROXY_NAMES as readonly string[]).includes(entry) || isIP(entry) !== 0) return true;
  const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (!match?.[1] || !match[2]) return false;
  const version = isIP(match[1]);
  return version !== 0 && Number(match[2]) <= (version === 4 ? 32 : 128);
}

/**
 * The peers trusted to say who the client is (X-Forwarded-For, -Proto, -Host), in Express's `trust proxy` terms:
 * a comma-separated list of addresses, CIDR ranges (10.0.0.0/8) and the names loopback, linklocal, uniquelocal;
 * `none` trusts no one. Parsed to the list Express takes ([] for none).
 */
export function trustProxyVar(defaultValue: string) {
  return z
    .string()
    .default(defaultValue)
    .transform((value) => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0);
      return entries.length === 1 && entries[0] === 'none' ? [] : entries;
    })
    .pipe(z.array(z.string().refine(isTrustProxyEntry, `must be an IP address, a CIDR range like 10.0.0.0/8, ${TRUST_PROXY_NAMES.join(', ')}, or none alone`)));
}

/**
 * Where a process serves GET /metrics, /healthz and /readyz (metrics.ts), apart from its own port. METRICS_PORT
 * unset: 9464, or any free port when another process on the machine has 9464 (set it to make that an error);
 * 0: any free port. METRICS_HOST unset: the process's HOST (127.0.0.1 where it has none).
 */
export const metricsEnvFields = {
  METRICS_PORT: portVar().optional(),
  METRICS_HOST: z.string().trim().min(1).optional(),
};

/** The environment every service reads. Services extend it (`serviceEnvSchema.extend({...})`). */
export const serviceEnvSchema = z.object({
  PORT: portVar(),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).default('http://localhost:3000'),
  CORS_ORIGINS: originList,
  BODY_LIMIT: z
    .string()
    .trim()
    .regex(/^\d+(b|kb|mb)?$/i, 'must be a size like 100kb or 1mb')
    .default('100kb'),
  SHUTDOWN_GRACE_MS: intVar(10_000),
  /** How long /readyz answers 'draining' before the listener closes, so a load balancer notices first. */
  SHUTDOWN_DRAIN_DELAY_MS: intVar(0),
  /**
   * Who may tell the service the visitor's address (rate-limit keys, logs): the gateway. Default loopback, where
   * `npm start` runs it; the gateway replaces what its own untrusted peers put in X-Forwarded-For.
   */
  TRUST_PROXY: trustProxyVar('loopback'),
  ...metricsEnvFields,
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

export interface ConfigProblem {
  variable: string;
  problem: string;
}

/** Bad or missing environment. Its message lists every problem at once, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: ConfigProblem[]) {
    super(
      [
        `Invalid configuration (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}):`,
        ...problems.map(({ variable, problem }) => `  - ${variable}: ${problem}`),
      ].join('\n'),
    );
  }
}

/**
 * Parses the environment with `schema`. Empty values count as unset, so `FOO=` in an env file falls
 * back to the default instead of failing as an invalid value. Values are never echoed: they may be secrets.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const present: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') present[key] = value;
  }
  const result = schema.safeParse(present);
  if (result.success) return result.data;

  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const [first, ...rest] = issue.path;
    const variable = first === undefined ? '(environment)' : String(first);
    if (seen.has(variable)) continue; // one line per variable is enough to act on
    seen.add(variable);
    const missing = first !== undefined && present[variable] === undefined;
    // List items (CORS_ORIGINS) are numbered from 1 for people.
    const where = typeof rest[0] === 'number' ? `entry ${rest[0] + 1} ` : '';
    problems.push({ variable, problem: missing ? 'is required but not set' : `${where}${issue.message}` });
  }
  throw new ConfigError(problems);
}
