import type { BlogPost, BlogSummary, GalleryEvent, SiteEvent, Sponsor, TeamMember } from '@tca/contracts';

/** The content API's list endpoints (spec §7), called on the site's own origin. */
export const CONTENT_ENDPOINTS = {
  blog: '/blog/get',
  latestPosts: '/blog/latest',
  gallery: '/gallery/get',
  team: '/teammanagement/get',
  events: '/events/get',
  sponsors: '/sponsorship/get',
} as const;
export type ContentKind = keyof typeof CONTENT_ENDPOINTS;

export interface ContentTypes {
  blog: BlogPost[];
  latestPosts: BlogSummary[];
  gallery: GalleryEvent[];
  team: TeamMember[];
  events: SiteEvent[];
  sponsors: Sponsor[];
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
 * GET one list. The answer is checked to be a list and then trusted to be the contract's shape: the
 * content service's own tests hold it to the contract's schemas, and validating every list in the
 * browser would put a validation library (16 KB gzip) into every page's first load. An abort rejects
 * with the abort reason.
 */
export async function loadContent<K extends ContentKind>(kind: K, options: LoadOptions = {}): Promise<ContentTypes[K]> {
  const path = CONTENT_ENDPOINTS[kind];
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
  return body as ContentTypes[K];
}
