import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { ManagedChild, type Output } from '../children.js';
import { which } from '../find-executable.js';
import { freePort } from '../ports.js';
import { redactUrl } from '../redact-url.js';
import { StackError } from '../stack-error.js';

export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

export const NO_REDIS_MESSAGE = [
  'No Redis found: REDIS_URL is not set, nothing answers on 127.0.0.1:6379, and there is no redis-server on PATH.',
  'Either install Redis (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),',
  'or run one in Docker (docker run -d -p 6379:6379 redis:7 --maxmemory-policy noeviction),',
  'or point REDIS_URL at one, e.g. REDIS_URL=redis://127.0.0.1:6379 npm start',
].join('\n');

export interface RedisHandle {
  url: string;
  /** env: REDIS_URL; local: the one on 127.0.0.1:6379; spawned: a redis-server child of the stack. */
  source: 'env' | 'local' | 'spawned';
  /** A warning to print (e.g. an eviction policy BullMQ does not tolerate). */
  warning?: string;
  stop(): Promise<void>;
}

export interface PingResult {
  maxmemoryPolicy?: string;
}

/** PING (and read maxmemory-policy when allowed); rejects with a short reason when Redis does not answer. */
export async function pingRedis(url: string, timeoutMs = 1500): Promise<PingResult> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  client.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await client.connect();
    const pong = await client.ping();
    if (pong !== 'PONG') throw new Error(`unexpected PING answer ${pong}`);
    let maxmemoryPolicy: string | undefined;
    try {
      const reply = (await client.config('GET', 'maxmemory-policy')) as string[];
      maxmemoryPolicy = reply[1];
    } catch {
      // CONFIG may be disabled (managed Redis); not a problem
    }
    return maxmemoryPolicy === undefined ? {} : { maxmemoryPolicy };
  } catch (err) {
    const reason = lastError?.message ?? (err as Error).message;
    throw new Error(reason, { cause: err });
  } finally {
    client.disconnect();
  }
}

function policyWarning(url: string, ping: PingResult): string | undefined {
  if (ping.maxmemoryPolicy === undefined || ping.maxmemoryPolicy === 'noeviction') return undefined;
  return `Redis at ${redactUrl(url)} has maxmemory-policy ${ping.maxmemoryPolicy}; queues need noeviction (CONFIG SET maxmemory-policy noeviction), or jobs can be lost under memory pressure.`;
}

export interface ResolveRedisOptions {
  env: NodeJS.ProcessEnv;
  output: Output;
  /** Where to look for redis-server (defaults to PATH). */
  redisServerPath?: string | undefined;
  /** Checked instead of 127.0.0.1:6379 (tests). */
  localUrl?: string;
}

/** REDIS_URL if set (it must answer); else 127.0.0.1:6379 if it answers; else a redis-server child; else a clear error. */
export async function resolveRedis(options: ResolveRedisOptions): Promise<RedisHandle> {
  const { env } = options;
  const fromEnv = env.REDIS_URL?.trim();
  if (fromEnv) {
    let ping: PingResult;
    try {
      ping = await pingRedis(fromEnv);
    } catch (err) {
      throw new StackError(
        `REDIS_URL=${redactUrl(fromEnv)} does not answer (${(err as Error).message}).\nStart Redis there, or unset REDIS_URL to let npm start use or start a local one.`,
      );
    }
    const warning = policyWarning(fromEnv, ping);
    return { url: fromEnv, source: 'env', ...(warning ? { warning } : {}), stop: async () => undefined };
  }

  const localUrl = options.localUrl ?? LOCAL_REDIS_URL;
  try {
    const ping = await pingRedis(localUrl, 500);
    const warning = policyWarning(localUrl, ping);
    return { url: localUrl, source: 'local', ...(warning ? { warning } : {}), stop: async () => undefined };
  } catch {
    // nothing there; try to start one
  }

  const binary = 'redisServerPath' in options ? options.redisServerPath : which('redis-server');
  if (!binary) throw new StackError(NO_REDIS_MESSAGE);
  return spawnRedis(binary, options.output);
}

/** A throw-away redis-server on a free port: no persistence, noeviction. */
export async function spawnRedis(binary: string, output: Output): Promise<RedisHandle> {
  const port = await freePort();
  const child = new ManagedChild(
    {
      name: 'redis',
      command: binary,
      args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction', '--loglevel', 'warning'],
      cwd: process.cwd(),
      env: process.env,
    },
    { ...output, quiet: true },
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.hasExited) throw new StackError(`redis-server ${child.describeExit()} at start:\n${child.lastLines()}`);
    try {
      await pingRedis(url, 300);
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        await child.stop(1000);
        throw new StackError(`redis-server did not answer within 10 s (${(err as Error).message}):\n${child.lastLines()}`);
      }
      await sleep(50);
    }
  }
  // If the stack dies without stopping it, do not leave it running.
  const killNow = () => child.killNow();
  process.on('exit', killNow);
  return {
    url,
    source: 'spawned',
    stop: async () => {
      process.off('exit', killNow);
      await child.stop(5000);
    },
  };
}
