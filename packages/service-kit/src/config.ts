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
