import { createUpstreamPool, type UpstreamPool } from './upstream-pool.js';

/**
 * A fetch that spreads the calls to one service over its replicas (one machine has no Kubernetes Service to do
 * it). Built from the replicas' base URLs; a request whose URL starts with the FIRST base URL (what the clients
 * are given as their base) goes to the replicas in turn, its path kept. Any other request, and a `Request`
 * object (its body could not be sent twice), goes to the wrapped fetch unchanged.
 *
 * When a replica fails before the request reached it, the next one is tried:
 * - the connection was refused (or its host not found): the request never arrived, so any method is retried;
 * - the connection was reset or closed before an answer: only a GET or HEAD is retried (a POST may have
 *   been handled);
 * - never once an answer arrived (whatever its status), nor after a time-out or abort (the caller's signal
 *   bounds the whole call, retries included).
 * A replica that failed so is skipped for `coolDownMs` (UpstreamPool); when all are cooling down, they are
 * tried anyway. Each replica is tried at most once per call; the last error is thrown when all failed.
 */
export interface ReplicaFetchOptions {
  /** How long a replica that failed before answering is skipped. Default DEFAULT_UPSTREAM_COOL_DOWN_MS (2 s). */
  coolDownMs?: number;
  /** What sends each attempt; default the global fetch. */
  fetch?: typeof fetch;
}

/** Errors where no connection was made: the request never reached the replica. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Errors where the connection broke before an answer: the request may have been handled. */
const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') return undefined;
  return error.code;
}

/** The socket error under undici's `TypeError: fetch failed` (an AggregateError when several addresses were tried). */
export function networkErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name === 'TimeoutError' || error.name === 'AbortError') return undefined;
  const cause: unknown = error.cause;
  const own = codeOf(cause);
  if (own !== undefined) return own;
  if (cause instanceof AggregateError) {
    const codes = new Set(cause.errors.map(codeOf));
    return codes.size === 1 ? [...codes][0] : undefined;
  }
  return undefined;
}

/** `url` without trailing slashes, so `${base}${path}` is what a client asks for. */
function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The path after `base` in `url` when `url` is under it (same origin and path prefix), else undefined. */
function restOf(url: string, base: string): string | undefined {
  if (!url.startsWith(base)) return undefined;
  const rest = url.slice(base.length);
  return rest === '' || rest.startsWith('/') || rest.startsWith('?') || rest.startsWith('#') ? rest : undefined;
}

export interface ReplicaFetch {
  fetch: typeof fetch;
  /** The replicas' state (for tests and logs). */
  pool: UpstreamPool;
}

/** The replica fetch of `baseUrls` (at least one); with one URL it is the wrapped fetch, behaviour unchanged. */
export function createReplicaFetch(baseUrls: readonly string[], options: ReplicaFetchOptions = {}): ReplicaFetch {
  const inner = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
  const bases = baseUrls.map(trimBase);
  const pool = createUpstreamPool(bases, options.coolDownMs === undefined ? {} : { coolDownMs: options.coolDownMs });
  const first = bases[0] as string;
  if (bases.length === 1) return { fetch: inner, pool };

  const replicaFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const rest = input instanceof Request ? undefined : restOf(input.toString(), first);
    if (rest === undefined) return inner(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    const idempotent = method === 'GET' || method === 'HEAD';
    const tried = new Set<string>();
    let lastError: unknown;
    for (let base = pool.pick(tried); base !== undefined; base = pool.pick(tried)) {
      tried.add(base);
      try {
        const response = await inner(`${base}${rest}`, init);
        pool.markUp(base);
        return response;
      } catch (error) {
        lastError = error;
        const code = networkErrorCode(error);
        const notConnected = code !== undefined && NOT_CONNECTED.has(code);
        const broken = code !== undefined && BROKEN.has(code);
        if (notConnected || broken) pool.markDown(base);
        if (init?.signal?.aborted === true || !(notConnected || (broken && idempotent))) throw error;
      }
    }
    throw lastError;
  };
  return { fetch: replicaFetch, pool };
}

/** A base URL, or the list of a service's replicas (the first is the base the client builds its URLs on). */
export type ServiceUrls = string | readonly string[];

/**
 * What a client of another service builds its calls with: the base URL it puts paths on (the first replica)
 * and the fetch that spreads them over the replicas (each attempt sent with `explicitFetch` when given).
 */
export function serviceCaller(urls: ServiceUrls, explicitFetch?: typeof fetch): { baseUrl: string; fetch: typeof fetch } {
  const list = typeof urls === 'string' ? [urls] : urls;
  if (list.length === 0) throw new Error('a service client needs at least one base URL');
  const baseUrl = list[0] as string;
  return { baseUrl, fetch: createReplicaFetch(list, explicitFetch === undefined ? {} : { fetch: explicitFetch }).fetch };
}
