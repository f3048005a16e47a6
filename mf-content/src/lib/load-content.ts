import type { BlogPost, GalleryEvent, SiteEvent, Sponsor, TeamMember } from '@tca/contracts';

/** The content API's list endpoints (spec §7), called on the site's own origin. */
export const CONTENT_ENDPOINTS = {
  blog: '/blog/get',
  gallery: '/gallery/get',
  team: '/teammanagement/get',
  events: '/events/get',
  sponsors: '/sponsorship/get',
} as const;
export type ContentKind = keyof typeof CONTENT_ENDPOINTS;

export interface ContentTypes {
  blog: BlogPost[];
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

/** GET one list and check it against the shared contract. An abort rejects with the abort reason. */
export async function loadContent<K extends ContentKind>(kind: K, options: LoadOptions = {}): Promise<ContentTypes[K]> {
  // The schemas (and zod) load while the request is in flight.
  const schemas = import('./content-schemas.js');
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
  const { CONTENT_SCHEMAS } = await schemas;
  const parsed = CONTENT_SCHEMAS[kind].safeParse(body);
  if (!parsed.success) throw new ContentLoadError('invalid', `GET ${path} answered an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data as ContentTypes[K];
}
