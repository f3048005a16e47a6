/**
 * One list endpoint of the content API: its path (the cache's key) and its GET. Each feature declares
 * its own in `features/<feature>/api/get-….ts`; pages and components hand it to `useContent`, routes
 * to `prefetchContent`.
 */
export interface ContentList<T> {
  readonly path: string;
  readonly load: (options?: LoadOptions) => Promise<T[]>;
}

/** Why a list could not be loaded: no answer, an error status, or an answer of the wrong shape. */
export type ContentErrorKind = 'network' | 'http' | 'invalid';

export class ContentLoadError extends Error {
  override readonly name = 'ContentLoadError';
  constructor(
    readonly kind: ContentErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface LoadOptions {
  signal?: AbortSignal;
  /** Origin to call; the page's own origin when omitted (tests pass their server's). */
  baseUrl?: string;
}

/**
 * GET one list of the content API (spec §7) on the site's own origin. The answer is checked to be a
 * list and then trusted to be the contract's shape: the content service's own tests hold it to the
 * contract's schemas, and validating every list in the browser would put a validation library
 * (16 KB gzip) into every page's first load. An abort rejects with the abort reason.
 */
export async function loadContent<T>(path: string, options: LoadOptions = {}): Promise<T[]> {
  const url = options.baseUrl ? new URL(path, options.baseUrl) : path;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: options.signal ?? null });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ContentLoadError('network', `GET ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ContentLoadError('http', `GET ${path} answered ${response.status}`, response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ContentLoadError('invalid', `GET ${path} did not answer JSON`);
  }
  if (!Array.isArray(body)) throw new ContentLoadError('invalid', `GET ${path} did not answer a list`);
  return body as T[];
}

/** The list at `path`, for a feature's `api/get-….ts`. */
export function contentList<T>(path: string): ContentList<T> {
  return { path, load: (options) => loadContent<T>(path, options) };
}
