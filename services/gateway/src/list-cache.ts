import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { compileTrustProxy, type Logger } from '@tca/service-kit';
import { createHitLog, type AccessLog, type HitLogMode } from './access-log.js';
import { forwardedHeaders } from './proxy.js';
import { preferredEncoding } from './static.js';

/**
 * The public content lists: the same answer for every visitor (no login, no cookie), rebuilt by the content
 * service only when an import changes the content. Every path must be one the content service owns (API_ROUTES).
 */
export const PUBLIC_LIST_PATHS = ['/blog/get', '/blog/latest', '/gallery/get', '/teammanagement/get', '/events/get', '/sponsorship/get'] as const;

/** Larger answers are not kept (the lists are tens of kilobytes). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Variants kept per path: one per encoding (three), and room for a few values of another Vary header. */
const MAX_VARIANTS = 8;

/** Never stored nor replayed: per connection, per message, or set per answer here. */
const NOT_STORED = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'date', 'x-request-id']);
/** A 304 carries the 200's headers but these (RFC 9110 §15.4.5). */
const NOT_IN_304 = new Set(['content-type', 'content-length', 'content-encoding']);
/** Request headers the gateway's own revalidation replaces or must not pass on. */
const NOT_FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range']);

interface Entry {
  etag: string;
  body: Buffer;
  /** Flat [name, value, …] as node:http's writeHead takes them: the 200 and the 304 of this answer. */
  okHeaders: string[];
  notModifiedHeaders: string[];
  /** The request headers named by the answer's Vary, with the values (varyValue) of the request that fetched it. */
  vary: Array<[string, string | undefined]>;
  /** performance.now() when the request that fetched or last revalidated it was sent. */
  validatedAt: number;
}

export interface ListCacheOptions {
  /** The content service's base URL, or where to send the next request (its replicas in turn). */
  upstream: string | (() => string);
  /**
   * An answer is served for at most this long after the request that fetched (or revalidated) it was sent to
   * the content service: the longest an import can take to show through the gateway, on top of the service's own.
   */
  maxAgeMs: number;
  /** An upstream that sends nothing for this long: the waiting requests are forwarded (and time out there). */
  timeoutMs: number;
  logger: Logger;
  accessLog: AccessLog;
  /** How hits are logged (access-log.ts createHitLog); default summary. */
  hitLog?: HitLogMode;
  /** Forwards a request the cache cannot answer, unchanged (the proxy). */
  forward(req: IncomingMessage, res: ServerResponse, requestId: string): void;
  isDraining?: () => boolean;
  /** The gateway's TRUST_PROXY, as the proxy's (forwardedHeaders); default [], no one. */
  trustProxy?: readonly string[];
  /** For tests: milliseconds on a monotonic clock. */
  now?: () => number;
}

export interface ListCache {
  /** True when it took the request (served, or forwarded after looking); false: not a request it may cache. */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): boolean;
  close(): void;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** If-None-Match (a list, `*`, weak or strong) matches `etag`: the weak comparison GET uses (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * Only anonymous GET/HEAD of the exact list paths: a query string, a login (Authorization) or any cookie
 * sends the request to the service as before, so nobody's personal answer can be stored or replayed.
 */
export function isCacheableRequest(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, pathname: string, paths: ReadonlySet<string>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.url !== pathname || !paths.has(pathname)) return false;
  return req.headers.authorization === undefined && req.headers.cookie === undefined;
}

/**
 * The coding the cache asks the service for on behalf of a request: br, gzip (the gateway's choice for its
 * own files) or identity. Browsers spell Accept-Encoding many ways; asking with one of three values keeps one
 * variant per coding, as caches commonly normalise it.
 */
export function askedEncoding(req: IncomingMessage): 'br' | 'gzip' | 'identity' {
  return preferredEncoding(req) ?? 'identity';
}

type Asked = ReturnType<typeof askedEncoding>;

/** A request's value of a header named by Vary, as variants are told apart (Accept-Encoding: the coding asked for). */
function varyValue(req: IncomingMessage, asked: Asked, name: string): string | undefined {
  return name === 'accept-encoding' ? asked : headerValue(req.headers[name]);
}

/**
 * What may be kept of an upstream answer: a 200 with a validator, a length, no cookie, nothing saying
 * "private" or "no-store", and a Vary the cache can honour; undefined otherwise. A compressed answer must
 * vary on Accept-Encoding and be in the coding asked for (`asked`), so no client gets a coding it cannot read.
 */
export function storableVary(status: number, headers: IncomingHttpHeaders, asked = 'identity'): string[] | undefined {
  if (status !== 200 || typeof headers.etag !== 'string' || headers['content-length'] === undefined) return undefined;
  if (Number(headers['content-length']) > MAX_BODY_BYTES) return undefined;
  if (headers['set-cookie'] !== undefined) return undefined;
  const cacheControl = (headers['cache-control'] ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|private)\b/.test(cacheControl)) return undefined;
  const vary = (headerValue(headers.vary) ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (vary.includes('*')) return undefined;
  const coding = (headerValue(headers['content-encoding']) ?? 'identity').trim().toLowerCase();
  if (coding !== 'identity' && (coding !== asked || !vary.includes('accept-encoding'))) return undefined;
  return vary;
}

function flatHeaders(rawHeaders: readonly string[], drop: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (!drop.has(name.toLowerCase())) out.push(name, rawHeaders[i + 1] as string);
  }
  return out;
}

type Fetched = { kind: 'entry'; entry: Entry } | { kind: 'pass' } | { kind: 'timeout' };

/**
 * A small cache in front of the content service for the public lists. The service already answers them from
 * memory with a strong ETag per content revision; what a request costs through the gateway is the second hop
 * (an upstream request, a second process, a second log line). Here an answer is kept per path and served for
 * at most `maxAgeMs` after the gateway last heard it from the service; an older one is revalidated with
 * If-None-Match (a 304 from the service renews it) before it is used, and while requests keep coming it is
 * revalidated in the background from half that age, so they do not wait. Concurrent misses share one upstream
 * request. Visitors' If-None-Match is answered here with the service's own ETag. Whatever is not a plain
 * cacheable 200 (errors, the service down or slow, Set-Cookie, no-store, Vary: *) is not kept: those requests
 * are forwarded as before, so an outage is never hidden behind an old list.
 *
 * Variants (the service's Vary) are kept side by side, up to MAX_VARIANTS per path, each fetched, revalidated
 * with its own ETag and expired on its own. Accept-Encoding counts as the coding asked for (askedEncoding): the
 * service is asked with exactly `br`, `gzip` or `identity`, so there are at most three encodings per list.
 */
export function createListCache(options: ListCacheOptions): ListCache {
  const { maxAgeMs, timeoutMs, logger, accessLog, forward, isDraining = () => false, now = () => performance.now() } = options;
  const trusts = compileTrustProxy(options.trustProxy ?? []);
  const hits = createHitLog(logger, accessLog, options.hitLog ?? 'summary');
  const { upstream } = options;
  const paths = new Set<string>(PUBLIC_LIST_PATHS);
  /** Per path, its variants, most recently fetched first. */
  const entries = new Map<string, Entry[]>();
  /** Per path and coding asked for: the upstream request under way. */
  const inflight = new Map<string, Promise<Fetched>>();
  /** When a path's last refresh gave nothing to keep: until maxAgeMs later its requests go straight to the service. */
  const passedAt = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 16, maxFreeSockets: 4 });

  function varyMatches(entry: Entry, req: IncomingMessage, asked: Asked): boolean {
    for (const [name, value] of entry.vary) if (varyValue(req, asked, name) !== value) return false;
    return true;
  }

  function sameVariant(a: Entry, b: Entry): boolean {
    return a.vary.length === b.vary.length && a.vary.every(([name, value], i) => b.vary[i]?.[0] === name && b.vary[i]?.[1] === value);
  }

  /** `entry` replaces the path's variant with the same Vary values, or joins them (the oldest beyond MAX_VARIANTS go). */
  function keep(path: string, entry: Entry): void {
    const variants = (entries.get(path) ?? []).filter((old) => old !== entry && !sameVariant(old, entry));
    variants.unshift(entry);
    entries.set(path, variants.slice(0, MAX_VARIANTS));
  }

  function fetchList(path: string, req: IncomingMessage, asked: Asked, requestId: string, stale: Entry | undefined): Promise<Fetched> {
    return new Promise((resolve) => {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
      headers['accept-encoding'] = asked;
      headers['x-request-id'] = requestId;
      // As the proxy does: the service logs (and rate-limits by) the visitor's address, which no visitor chooses.
      Object.assign(headers, forwardedHeaders(req, trusts));
      if (stale) headers['if-none-match'] = stale.etag;
      const sentAt = now();
      let settled = false;
      const settle = (result: Fetched) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const base = new URL(typeof upstream === 'string' ? upstream : upstream());
      const basePath = base.pathname.replace(/\/+$/, '');
      const upstreamReq = request({ protocol: base.protocol, hostname: base.hostname, port: base.port, method: 'GET', path: `${basePath}${path}`, headers, agent });
      upstreamReq.setTimeout(timeoutMs, () => {
        upstreamReq.destroy();
        settle({ kind: 'timeout' });
      });
      upstreamReq.on('error', (err) => {
        logger.debug({ err, reqId: requestId, path }, 'list cache: upstream request failed');
        settle({ kind: 'pass' });
      });
      upstreamReq.on('response', (upstreamRes) => {
        const status = upstreamRes.statusCode ?? 0;
        if (status === 304 && stale && (upstreamRes.headers.etag === undefined || upstreamRes.headers.etag === stale.etag)) {
          upstreamRes.resume();
          upstreamRes.on('end', () => {
            stale.validatedAt = sentAt;
            settle({ kind: 'entry', entry: stale });
          });
          upstreamRes.on('error', () => settle({ kind: 'pass' }));
          return;
        }
        const vary = storableVary(status, upstreamRes.headers, asked);
        if (!vary) {
          upstreamRes.resume();
          settle({ kind: 'pass' });
          return;
        }
        const chunks: Buffer[] = [];
        upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
        upstreamRes.on('error', () => settle({ kind: 'pass' }));
        // 'close' without 'end' first: the answer was cut off.
        upstreamRes.on('close', () => settle({ kind: 'pass' }));
        upstreamRes.on('end', () => {
          const body = Buffer.concat(chunks);
          if (body.length !== Number(upstreamRes.headers['content-length'])) {
            settle({ kind: 'pass' });
            return;
          }
          const okHeaders = flatHeaders(upstreamRes.rawHeaders, NOT_STORED);
          const entry: Entry = {
            etag: upstreamRes.headers.etag as string,
            body,
            okHeaders,
            notModifiedHeaders: flatHeaders(okHeaders, NOT_IN_304),
            vary: vary.map((name) => [name, varyValue(req, asked, name)]),
            validatedAt: sentAt,
          };
          settle({ kind: 'entry', entry });
        });
      });
      upstreamReq.end();
    });
  }

  /**
   * One upstream request per path and coding at a time; what it brings replaces (or renews) its variant. A
   * refresh that brings nothing to keep drops every variant of the path: the service is failing or has changed.
   */
  function refresh(path: string, req: IncomingMessage, asked: Asked, requestId: string, stale: Entry | undefined): Promise<Fetched> {
    const key = `${path} ${asked}`;
    let flight = inflight.get(key);
    if (!flight) {
      flight = fetchList(path, req, asked, requestId, stale).then((result) => {
        inflight.delete(key);
        if (result.kind === 'entry') {
          keep(path, result.entry);
          passedAt.delete(path);
        } else {
          entries.delete(path);
          passedAt.set(path, now());
        }
        return result;
      });
      inflight.set(key, flight);
    }
    return flight;
  }

  function send(req: IncomingMessage, res: ServerResponse, path: string, entry: Entry, requestId: string, started: number, how: 'hit' | 'refreshed'): void {
    const notModified = etagMatches(req.headers['if-none-match'], entry.etag);
    const headers = notModified ? entry.notModifiedHeaders : entry.okHeaders;
    const extra = isDraining() ? ['X-Request-Id', requestId, 'Connection', 'close'] : ['X-Request-Id', requestId];
    res.writeHead(notModified ? 304 : 200, headers.concat(extra));
    if (notModified || req.method === 'HEAD') res.end();
    else res.end(entry.body);
    if (how === 'hit') hits.hit(req, res, requestId, started, path);
    else accessLog(req, res, requestId, started, { upstream: 'content', cache: how });
  }

  function handle(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): boolean {
    if (!isCacheableRequest(req, pathname, paths)) return false;
    const started = now();
    const asked = askedEncoding(req);
    const usable = entries.get(pathname)?.find((entry) => varyMatches(entry, req, asked));
    const inFlight = inflight.has(`${pathname} ${asked}`);
    const age = usable ? started - usable.validatedAt : Number.POSITIVE_INFINITY;
    if (usable && age < maxAgeMs) {
      // Renewed ahead of time while it is in use, so a steady stream of requests never waits for the service.
      if (age >= maxAgeMs / 2 && !inFlight) void refresh(pathname, req, asked, requestId, usable);
      send(req, res, pathname, usable, requestId, started, 'hit');
      return true;
    }
    const passed = passedAt.get(pathname);
    if (!inFlight && passed !== undefined && started - passed < maxAgeMs) return false;
    void refresh(pathname, req, asked, requestId, usable).then((result) => {
      if (res.destroyed || res.headersSent) {
        accessLog(req, res, requestId, started, { upstream: 'content', cache: 'client-gone' });
        return;
      }
      if (result.kind === 'entry' && varyMatches(result.entry, req, asked)) send(req, res, pathname, result.entry, requestId, started, 'refreshed');
      else if (result.kind === 'timeout') {
        const text = JSON.stringify({ error: 'upstream_timeout', message: 'The content service did not answer in time. Please try again later.' });
        res.writeHead(504, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', 'X-Request-Id': requestId });
        res.end(text);
        accessLog(req, res, requestId, started, { upstream: 'content', cache: 'timeout' });
      } else forward(req, res, requestId);
    });
    return true;
  }

  return {
    handle,
    close() {
      hits.close();
      agent.destroy();
      entries.clear();
    },
  };
}
