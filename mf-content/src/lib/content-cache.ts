import { ContentLoadError, loadContent, type ContentKind, type ContentTypes } from './load-content.js';

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ContentLoadError };

interface Entry<T> {
  started: number;
  promise: Promise<Outcome<T>>;
  outcome?: Outcome<T>;
}

/** A list fetched this recently is used again (the page that asked for it is opening now). */
export const CONTENT_FRESH_MS = 10_000;

const entries = new Map<ContentKind, Entry<unknown>>();

function asLoadError(error: unknown): ContentLoadError {
  return error instanceof ContentLoadError ? error : new ContentLoadError('invalid', String(error));
}

/**
 * The lists of this browser tab, fetched once per page visit: a page's `prepare` starts them behind
 * the shell's loader, and the page's components find them ready on their first render.
 */
export function fetchContent<K extends ContentKind>(kind: K, options: { fresh?: boolean; now?: number } = {}): Entry<ContentTypes[K]> {
  const now = options.now ?? Date.now();
  const current = entries.get(kind) as Entry<ContentTypes[K]> | undefined;
  if (current && !options.fresh && now - current.started < CONTENT_FRESH_MS) return current;
  const entry: Entry<ContentTypes[K]> = {
    started: now,
    promise: loadContent(kind).then(
      (data): Outcome<ContentTypes[K]> => ({ ok: true, data }),
      (error: unknown): Outcome<ContentTypes[K]> => ({ ok: false, error: asLoadError(error) }),
    ),
  };
  void entry.promise.then((outcome) => {
    entry.outcome = outcome;
  });
  entries.set(kind, entry);
  return entry;
}

/** What is already known of a list without waiting: its outcome if a fresh fetch has settled. */
export function settledContent<K extends ContentKind>(kind: K, now = Date.now()): Outcome<ContentTypes[K]> | undefined {
  const entry = entries.get(kind) as Entry<ContentTypes[K]> | undefined;
  if (!entry?.outcome || now - entry.started >= CONTENT_FRESH_MS) return undefined;
  return entry.outcome;
}

/** Fetches the lists a page shows first; settles when all have (an error is the page's to show). */
export async function prefetchContent(kinds: readonly ContentKind[]): Promise<void> {
  await Promise.all(kinds.map((kind) => fetchContent(kind).promise));
}
