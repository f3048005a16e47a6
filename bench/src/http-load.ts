import { request } from 'node:http';
import autocannon from 'autocannon';
import { summariseLoad, type LoadFigures } from './content-report.js';

/** One HTTP answer exactly as it came over the wire (headers with their casing, body undecoded). */
export interface CapturedResponse {
  /** Path and query the answer belongs to. */
  path: string;
  status: number;
  /** Flat [name, value, name, value, ...] as node:http's rawHeaders, without the per-connection ones. */
  rawHeaders: string[];
  body: Buffer;
}

/** Set by node:http itself on every answer, or describing the connection rather than the answer. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function headerOf(captured: Pick<CapturedResponse, 'rawHeaders'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (let i = 0; i + 1 < captured.rawHeaders.length; i += 2) {
    if (captured.rawHeaders[i]?.toLowerCase() === wanted) return captured.rawHeaders[i + 1];
  }
  return undefined;
}

/**
 * GETs `origin + path` without Accept-Encoding (as autocannon asks) and keeps the raw answer.
 * fetch() is not used: it asks for compression and decodes the body.
 */
export function capture(origin: string, path: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, origin), { method: 'GET', headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const rawHeaders: string[] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (!CONNECTION_HEADERS.has(name.toLowerCase())) rawHeaders.push(name, res.rawHeaders[i + 1] as string);
        }
        resolve({ path, status: res.statusCode ?? 0, rawHeaders, body: Buffer.concat(chunks) });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${origin}${path} gave no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** Differences that matter between two answers to the same request (status, body bytes, the headers a client acts on). */
export function differences(a: CapturedResponse, b: CapturedResponse): string[] {
  const out: string[] = [];
  if (a.status !== b.status) out.push(`status ${a.status} vs ${b.status}`);
  if (!a.body.equals(b.body)) out.push(`body of ${a.body.length} vs ${b.body.length} bytes${a.body.length === b.body.length ? ' (different bytes)' : ''}`);
  for (const name of ['content-type', 'etag', 'content-length', 'content-encoding', 'cache-control']) {
    const x = headerOf(a, name);
    const y = headerOf(b, name);
    if (x !== y) out.push(`${name} ${x ?? '(none)'} vs ${y ?? '(none)'}`);
  }
  return out;
}

export class LoadAborted extends Error {
  override name = 'LoadAborted';
}

/** One request of a sequence each connection sends in turn (autocannon's `requests`). */
export interface LoadRequest {
  method: 'GET' | 'POST';
  body?: string;
  /** Headers of this request only (e.g. one user's Authorization), on top of the run's. */
  headers?: Record<string, string>;
}

export interface LoadRun {
  url: string;
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
  /** Sent in turn by every connection, looping; without it, GETs of `url`. */
  requests?: LoadRequest[];
  /** Aborting stops the run and rejects with LoadAborted. */
  signal?: AbortSignal;
  /**
   * With `requests`: a regular expression (its source) every response body must match; the ones that
   * do not are counted in LoadFigures.unexpectedBodies.
   */
  expectBody?: string;
}

/**
 * Keeps `connections` keep-alive connections busy with GETs of `url` for `durationS` seconds
 * (autocannon), recording every response's latency itself: autocannon's own histogram has 1 ms
 * resolution, too coarse for loopback answers. Never runs longer than the duration plus 15 s.
 */
export function runLoad({ url, connections, durationS, headers = {}, requests, signal, expectBody }: LoadRun): Promise<LoadFigures> {
  if (signal?.aborted) return Promise.reject(new LoadAborted('aborted'));
  if (expectBody !== undefined && !requests) return Promise.reject(new Error('expectBody needs requests'));
  const bodyPattern = expectBody === undefined ? undefined : new RegExp(expectBody);
  return new Promise((resolve, reject) => {
    const latenciesMs: number[] = [];
    const statuses = new Map<number, number>();
    const checked = { unexpected: 0 };
    const onBody = bodyPattern
      ? {
          onResponse: (_status: number, body: string) => {
            if (!bodyPattern.test(body)) checked.unexpected += 1;
          },
        }
      : {};
    const timer: { guard?: NodeJS.Timeout } = {};
    let settled = false;
    // The callback runs synchronously when autocannon rejects the options. It looks at the clock every
    // sampleInt ms: 100 rather than its 1000, so a run ends within 0.1 s of its duration.
    const sequence = requests ? { requests: requests.map((r) => ({ method: r.method, ...(r.body === undefined ? {} : { body: r.body }), ...(r.headers ? { headers: { ...headers, ...r.headers } } : {}), ...onBody })) } : {};
    const instance = autocannon({ url, connections, duration: durationS, headers, timeout: 10, sampleInt: 100, ...sequence }, (err: Error | null, result) => {
      settled = true;
      clearTimeout(timer.guard);
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(new LoadAborted('aborted'));
      else if (err) reject(err);
      else {
        const figures = summariseLoad({ latenciesMs, statuses, durationS: result.duration, errors: result.errors, timeouts: result.timeouts });
        resolve(bodyPattern ? { ...figures, unexpectedBodies: checked.unexpected } : figures);
      }
    });
    function onAbort() {
      instance.stop();
    }
    if (settled) return;
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      latenciesMs.push(responseTimeMs);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
    timer.guard = setTimeout(() => instance.stop(), (durationS + 15) * 1000);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
