import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { ApiError } from '@tca/contracts';
import type { Logger } from './logger.js';
import type { Redis } from './redis.js';
import { withTimeout } from './timeout.js';

/** How long one rate-limit round trip to Redis may take before the request goes through without it. */
const STORE_TIMEOUT_MS = 500;

/**
 * A rate-limit-redis store that copes with Redis coming and going. rate-limit-redis loads its Lua scripts
 * once, when it is created: with Redis not (yet) connected that load fails and the store keeps failing
 * for ever. This wrapper connects a lazy client first, creates the RedisStore only once the client is
 * ready, and drops it after any failure so the next request builds it again. While Redis is down every
 * call fails fast (the producer client has no offline queue), and the limiter lets requests through.
 */
export class ResilientRedisStore implements Store {
  readonly localKeys = false;
  private options: Options | undefined;
  private inner: Promise<RedisStore> | undefined;
  private down = false;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  init(options: Options): void {
    this.options = options;
  }

  private store(): Promise<RedisStore> {
    this.inner ??= (async () => {
      const { redis } = this;
      // A lazyConnect client: connect before the store loads its scripts.
      if (redis.status === 'wait') await redis.connect();
      // Still connecting (the service just started): wait for it rather than let this request through.
      if (redis.status === 'connecting' || redis.status === 'connect') await once(redis, 'ready', { signal: AbortSignal.timeout(STORE_TIMEOUT_MS) });
      if (redis.status !== 'ready') throw new Error(`Redis is not reachable (connection ${redis.status})`);
      const store = new RedisStore({
        prefix: this.prefix,
        sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
      });
      if (!this.options) throw new Error('rate limit store used before init');
      await store.init(this.options);
      return store;
    })();
    return this.inner;
  }

  private async run<T>(what: string, work: (store: RedisStore) => Promise<T>): Promise<T> {
    try {
      const result = await withTimeout(this.store().then(work), STORE_TIMEOUT_MS, `rate limit ${what}`);
      if (this.down) this.logger.info({ prefix: this.prefix }, 'rate limiting works again');
      this.down = false;
      return result;
    } catch (err) {
      this.inner = undefined;
      if (!this.down) this.logger.warn({ err, prefix: this.prefix }, 'rate limiting unavailable (Redis); letting requests through');
      this.down = true;
      throw err;
    }
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.run('increment', (store) => store.increment(key));
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.run('get', (store) => store.get(key));
  }

  async decrement(key: string): Promise<void> {
    await this.run('decrement', (store) => store.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.run('reset', (store) => store.resetKey(key));
  }
}

/** The first sentence of a 429 answer unless a limiter names its own. */
export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many messages from this address.';

/** `Too many messages from this address. Please try again in 12 minutes.` (at least one minute, rounded up). */
export function retryMessage(resetTime: Date | undefined, windowMs: number, now = Date.now(), lead = DEFAULT_RATE_LIMIT_MESSAGE): string {
  const ms = resetTime ? Math.max(0, resetTime.getTime() - now) : windowMs;
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${lead} Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export interface RateLimitOptions {
  /** Requests one client (or key) may make per window; 0 turns the limit off. */
  limit: number;
  windowMs: number;
  /** Redis client the counters live in (shared by every instance of the service). */
  redis: Redis;
  /** Key prefix in Redis, one per limit, e.g. `rl:contact:`. */
  prefix: string;
  logger: Logger;
  /** First sentence of the 429 message (the retry time follows). Default: DEFAULT_RATE_LIMIT_MESSAGE. */
  message?: string;
  /**
   * Count only the requests for which this holds once the answer is sent (e.g. failed logins: the
   * handler marks them in `res.locals`). Default: every request counts.
   */
  countIf?: (req: Request, res: Response) => boolean;
}

export interface KeyRateLimitOptions extends RateLimitOptions {
  /**
   * Whose requests these are, e.g. the account e-mail of the body, normalised. `undefined`: the request is
   * not counted (an invalid body, which validation then rejects). Keys are stored as SHA-256 hashes, so
   * Redis holds no e-mail addresses.
   */
  key: (req: Request) => string | undefined;
}

interface RateLimitedRequest extends Request {
  rateLimit?: { resetTime?: Date | undefined };
}

function limiter(options: RateLimitOptions, keyed?: Pick<KeyRateLimitOptions, 'key'>): RequestHandler {
  const { limit, windowMs, redis, prefix, logger, countIf } = options;
  if (limit === 0) return (_req, _res, next) => next();
  const lead = options.message ?? DEFAULT_RATE_LIMIT_MESSAGE;
  const log = logger.child({ component: 'rate-limit', prefix });
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: new ResilientRedisStore(redis, prefix, log),
    // Fail open: a form must keep working while Redis is down. The store logs each outage once.
    passOnStoreError: true,
    ...(keyed
      ? {
          keyGenerator: (req: Request) => createHash('sha256').update(keyed.key(req) ?? '').digest('base64url'),
          skip: (req: Request) => keyed.key(req) === undefined,
        }
      : {}),
    // countIf: every request is counted when it arrives and given back when it turns out not to count.
    ...(countIf ? { skipSuccessfulRequests: true, requestWasSuccessful: (req: Request, res: Response) => !countIf(req, res) } : {}),
    logger: {
      error: (err, message) => log.debug({ err }, message ?? 'rate limit error'),
      warn: (err, message) => log.warn({ err }, message ?? 'rate limit warning'),
    },
    handler(req: RateLimitedRequest, res) {
      const body: ApiError = { error: 'rate_limited', message: retryMessage(req.rateLimit?.resetTime, windowMs, Date.now(), lead) };
      res.status(429).json(body);
    },
  });
}

/**
 * A per-address limit: over it, 429 `{ error: 'rate_limited', message }` with Retry-After and the
 * RateLimit headers. The address is req.ip, i.e. the visitor as the gateway saw them (the services trust
 * X-Forwarded-For only from the proxies TRUST_PROXY names, by default loopback: the gateway); IPv6 addresses count by /56 network.
 * Redis down: requests go through.
 */
export function ipRateLimit(options: RateLimitOptions): RequestHandler {
  return limiter(options);
}

/** The content forms' name for the per-address limit. */
export const formRateLimit = ipRateLimit;

/** A per-key limit (e.g. per account e-mail, whatever address the requests come from); otherwise as ipRateLimit. */
export function keyRateLimit(options: KeyRateLimitOptions): RequestHandler {
  return limiter(options, { key: options.key });
}
