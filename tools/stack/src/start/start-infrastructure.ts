import { printLine } from '../children.js';
import { resolveSmtp, type SmtpHandle } from '../infra/mail-sink.js';
import { resolvePostgres, type PostgresHandle } from '../infra/postgres.js';
import { resolveRedis, type RedisHandle } from '../infra/redis.js';
import type { StackContext } from './stack-context.js';
import { abortIfNeeded } from './wait-for-ready.js';

export interface Infrastructure {
  postgres: PostgresHandle;
  redis: RedisHandle;
  smtp: SmtpHandle;
}

export interface InfrastructureOptions {
  /** Start with an empty embedded database. */
  freshDatabase: boolean;
  /** As root: where the embedded PostgreSQL goes when the postgres user cannot reach the checkout. */
  postgresRuntimeRoot: string | undefined;
}

/** Shutdown chatter is expected when the stack stops PostgreSQL; real errors are worth a line. */
export function isPostgresProblem(line: string): boolean {
  return /\b(ERROR|FATAL|PANIC):/.test(line) && !/terminating connection due to administrator command/.test(line);
}

/**
 * PostgreSQL, Redis and the mail sink, in parallel: each the configured one (DATABASE_URL, REDIS_URL,
 * SMTP_URL) or one the stack starts. If any fails, those that started are stopped again before the
 * first failure is thrown, so the caller only ever holds all three.
 */
export async function startInfrastructure(ctx: StackContext, options: InfrastructureOptions): Promise<Infrastructure> {
  ctx.say('starting PostgreSQL, Redis and the mail sink...');
  const env = {
    DATABASE_URL: ctx.lookup('DATABASE_URL'),
    REDIS_URL: ctx.lookup('REDIS_URL'),
    SMTP_URL: ctx.lookup('SMTP_URL'),
    MAIL_UI_PORT: ctx.lookup('MAIL_UI_PORT'),
    MAIL_SMTP_PORT: ctx.lookup('MAIL_SMTP_PORT'),
  };
  const [postgres, redis, smtp] = await Promise.allSettled([
    resolvePostgres({
      env,
      dataDir: ctx.dataDir,
      fresh: options.freshDatabase,
      ...(options.postgresRuntimeRoot ? { runtimeRoot: options.postgresRuntimeRoot } : {}),
      onLog: (line) => {
        if (isPostgresProblem(line)) printLine(ctx.output, 'postgres', line);
      },
    }),
    resolveRedis({ env, output: ctx.output }),
    resolveSmtp({ env }),
  ]);
  if (postgres.status === 'fulfilled' && redis.status === 'fulfilled' && smtp.status === 'fulfilled') {
    const infrastructure = { postgres: postgres.value, redis: redis.value, smtp: smtp.value };
    if (redis.value.warning) ctx.warn(redis.value.warning);
    try {
      abortIfNeeded(ctx.signal);
    } catch (err) {
      await stopInfrastructure(infrastructure, ctx.warn);
      throw err;
    }
    return infrastructure;
  }
  await stopInfrastructure(
    {
      ...(postgres.status === 'fulfilled' ? { postgres: postgres.value } : {}),
      ...(redis.status === 'fulfilled' ? { redis: redis.value } : {}),
      ...(smtp.status === 'fulfilled' ? { smtp: smtp.value } : {}),
    },
    ctx.warn,
  );
  const failure = [postgres, redis, smtp].find((result): result is PromiseRejectedResult => result.status === 'rejected');
  throw failure?.reason;
}

/** Stops the mail sink, Redis and PostgreSQL (those given); a failure is a warning, not an error. */
export async function stopInfrastructure(infrastructure: Partial<Infrastructure>, warn: (text: string) => void): Promise<void> {
  const results = await Promise.allSettled([infrastructure.smtp?.stop(), infrastructure.redis?.stop(), infrastructure.postgres?.stop()]);
  for (const r of results) if (r.status === 'rejected') warn(`stopping infrastructure: ${(r.reason as Error).message}`);
}

/** Synchronous last resort (second Ctrl-C): PostgreSQL shuts down now; Redis is stopped without waiting. */
export function killInfrastructure(infrastructure: Partial<Infrastructure>): void {
  infrastructure.postgres?.killNow();
  void infrastructure.redis?.stop();
}
