import { performance } from 'node:perf_hooks';
import { blogListSchema, eventListSchema, type BlogPost, type SiteEvent } from '@tca/contracts';
import type { Logger } from '@tca/service-kit';

/** The content lists a page's head is made from, as parsed by the contracts' schemas. */
export interface SeoLists {
  posts: BlogPost[];
  events: SiteEvent[];
}
type ListName = keyof SeoLists;

const SOURCES = {
  posts: { path: '/blog/get', schema: blogListSchema },
  events: { path: '/events/get', schema: eventListSchema },
} as const;

export interface SeoDataOptions {
  /** The content service's base URL for the next request (its replicas in turn, as the proxy's pool picks them). */
  upstream: () => string;
  /** A list is fetched again (in the background: the kept one is used meanwhile) when older than this. */
  maxAgeMs: number;
  /** An upstream request that takes longer is given up. */
  timeoutMs: number;
  logger: Pick<Logger, 'debug' | 'warn'>;
  /** For tests: milliseconds on a monotonic clock. */
  now?: () => number;
}

export interface SeoData {
  /**
   * The list, from memory when the gateway has it (refreshed in the background once older than maxAgeMs); else
   * fetched, waiting at most `waitMs`: undefined when the content service is down, slow or answers nonsense.
   */
  list<K extends ListName>(name: K, waitMs: number): Promise<SeoLists[K] | undefined>;
}

interface Kept {
  value: unknown;
  fetchedAt: number;
  /** The service's validator of the answer, sent as If-None-Match when the list is fetched again. */
  etag: string | undefined;
}

/**
 * The public blog and events lists, parsed, for the heads of the pages, the JSON-LD and the sitemap. They are the
 * content service's public lists (the ones the gateway's list cache serves, answered from the service's memory);
 * kept parsed here so a page does not parse tens of kilobytes of JSON per request. A failed fetch drops the kept
 * list (as the list cache does: an outage is not hidden) and is not retried for maxAgeMs, so while the service is
 * down pages get the generic head at once rather than after a wait each.
 */
export function createSeoData(options: SeoDataOptions): SeoData {
  const { upstream, maxAgeMs, timeoutMs, logger, now = () => performance.now() } = options;
  const kept = new Map<ListName, Kept>();
  const failedAt = new Map<ListName, number>();
  const inflight = new Map<ListName, Promise<unknown>>();

  async function fetchList(name: ListName): Promise<unknown> {
    const { path, schema } = SOURCES[name];
    const startedAt = now();
    try {
      const previous = kept.get(name);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (previous?.etag !== undefined) headers['if-none-match'] = previous.etag;
      const res = await fetch(`${upstream().replace(/\/+$/, '')}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      // Unchanged since the kept one (the service's ETag is per content revision): kept, not parsed again.
      if (res.status === 304 && previous) {
        await res.body?.cancel();
        previous.fetchedAt = startedAt;
        failedAt.delete(name);
        return previous.value;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`content answered ${res.status}`);
      }
      const parsed = schema.safeParse(await res.json());
      if (!parsed.success) throw new Error(`content answered a ${path} the contracts do not accept`);
      kept.set(name, { value: parsed.data, fetchedAt: startedAt, etag: res.headers.get('etag') ?? undefined });
      failedAt.delete(name);
      return parsed.data;
    } catch (err) {
      logger.debug({ err, path }, 'page heads: cannot fetch a content list');
      kept.delete(name);
      failedAt.set(name, now());
      return undefined;
    }
  }

  function refresh(name: ListName): Promise<unknown> {
    let flight = inflight.get(name);
    if (!flight) {
      flight = fetchList(name).finally(() => inflight.delete(name));
      inflight.set(name, flight);
    }
    return flight;
  }

  async function list<K extends ListName>(name: K, waitMs: number): Promise<SeoLists[K] | undefined> {
    const at = now();
    const hit = kept.get(name);
    if (hit) {
      if (at - hit.fetchedAt >= maxAgeMs) void refresh(name);
      return hit.value as SeoLists[K];
    }
    const failed = failedAt.get(name);
    if (failed !== undefined && at - failed < maxAgeMs && !inflight.has(name)) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeBox = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    try {
      return (await Promise.race([refresh(name), timeBox])) as SeoLists[K] | undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return { list };
}
