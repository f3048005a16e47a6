import { ContentLoadError, type ContentList } from './load-content.js';

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ContentLoadError };

interface Entry<T> {
  started: number;
  promise: Promise<Outcome<T>>;
  outcome?: Outcome<T>;
}

/** A list fetched this recently is used again (the page that asked for it is opening now). */
export const CONTENT_FRESH_MS = 10_000;

/** By the list's path. */
const entries = new Map<string, Entry<unknown>>();

function asLoadError(error: unknown): ContentLoadError {
  return error instanceof ContentLoadError ? error : new ContentLoadError('invalid', String(error));
}

/**
 * The lists of this browser tab, fetched once per page visit: a page's `prepare` starts them behind
 * the shell's loader, and the page's components find them ready on their first render.
 */
export function fetchContent<T>(list: ContentList<T>, options: { fresh?: boolean; now?: number } = {}): Entry<T[]> {
  const now = options.now ?? Date.now();
  const current = entries.get(list.path) as Entry<T[]> | undefined;
  if (current && !options.fresh && now - current.started < CONTENT_FRESH_MS) return current;
  const entry: Entry<T[]> = {
    started: now,
    promise: list.load().then(
      (data): Outcome<T[]> => ({ ok: true, data }),
      (error: unknown): Outcome<T[]> => ({ ok: false, error: asLoadError(error) }),
    ),
  };
  void entry.promise.then((outcome) => {
    entry.outcome = outcome;
  });
  entries.set(list.path, entry);
  return entry;
}

/** What is already known of a list without waiting: its outcome if a fresh fetch has settled. */
export function settledContent<T>(list: ContentList<T>, now = Date.now()): Outcome<T[]> | undefined {
  const entry = entries.get(list.path) as Entry<T[]> | undefined;
  if (!entry?.outcome || now - entry.started >= CONTENT_FRESH_MS) return undefined;
  return entry.outcome;
}

/** Fetches the lists a page shows first; settles when all have (an error is the page's to show). */
export async function prefetchContent(lists: ReadonlyArray<ContentList<unknown>>): Promise<void> {
  await Promise.all(lists.map((list) => fetchContent(list).promise));
}
