import { Redis, type Command } from 'ioredis';
import type { Logger } from './logger.js';
import { scopedMetrics, type MetricsHooks } from './metrics-scope.js';

export type { Redis };

export interface CreateRedisOptions {
  /**
   * producer: APIs that answer users. Commands fail at once while Redis is down (no offline queue, few
   * retries), so a request never hangs on it. worker: BullMQ workers, which must retry forever.
   */
  role: 'producer' | 'worker';
  /** Do not connect until `connect()` (rate-limit-redis needs a connected client before its store is made). */
  lazyConnect?: boolean;
  logger?: Logger;
  /** Shown by CLIENT LIST. */
  connectionName?: string;
  /** Counts the client's failed commands (tca_redis_command_failures_total). Default: the metrics of the service being started, if any. */
  metrics?: MetricsHooks | undefined;
}

export function createRedis(url: string, { role, lazyConnect = false, logger, connectionName, metrics = scopedMetrics() }: CreateRedisOptions): Redis {
  const redis = new Redis(url, {
    lazyConnect,
    ...(connectionName ? { connectionName } : {}),
    ...(role === 'producer' ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null }),
    // Keep reconnecting, at most every 2 s, for as long as the process lives.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  // Without a listener ioredis prints every failed reconnect; log the first error of each outage only.
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger?.warn({ err, role }, 'redis connection failed; retrying');
  });
  redis.on('ready', () => {
    if (down) logger?.info({ role }, 'redis connection restored');
    down = false;
  });
  if (metrics) countFailedCommands(redis, metrics);
  return redis;
}

/** Every command goes through sendCommand; a rejected one (connection down, time-out, error reply) is counted. */
function countFailedCommands(redis: Redis, metrics: MetricsHooks): void {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    const result = send(command, stream);
    command.promise.catch(() => metrics.redisCommandFailed());
    return result;
  };
}

/** Readiness probe for /readyz. */
export function redisCheck(redis: Redis): () => Promise<void> {
  return async () => {
    if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
    await redis.ping();
  };
}

/** Closes a client politely, or at once if Redis is unreachable (QUIT would wait for a reconnect). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}
