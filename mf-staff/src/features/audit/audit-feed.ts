import { AUDIT_ACTIONS, auditQuerySchema, CONTENT_AUDIT_ACTIONS, PAYMENTS_AUDIT_ACTIONS, type AuditEntry, type AuditPageAnswer } from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { auditCatalog } from './messages.js';

/**
 * The owner's merged audit log (issue 14): identity's entries (staff, sign-ins, queues), content's (the
 * site's content) and payments' (refunds, documents opened; issue 15), each service paged on its own (`before`, the last id it sent), shown as one list,
 * newest first. An entry is shown only once no source that still has older pages could have a newer one:
 * the list stops at the oldest entry loaded of every source that is not at its end, the rest waits for
 * Show older, which asks the next page of just the sources whose entries are all shown.
 */

export const AUDIT_SOURCES = ['identity', 'content', 'payments'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** A source's name in the language shown: "Staff and sign-in", "Site content", "Payments and documents". */
export const sourceLabel = (source: AuditSource): string => translator(auditCatalog)(`source.${source}`);

/** Entries asked per source per page. */
export const AUDIT_FEED_PAGE = 25;

export interface FeedEntry extends AuditEntry {
  source: AuditSource;
}

/** What the form holds: `what` is '' (everything), `area:<source>` or `<source>:<action>`. */
export interface AuditFilters {
  actor: string;
  what: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', what: '', from: '', to: '' };

export interface SourceFeed {
  /** Every entry loaded, in the server's order (newest first). */
  loaded: FeedEntry[];
  /** The `before` of the next page; null once the source is at its end. */
  nextBefore: string | null;
}

/** The sources the filters ask, each with what it has loaded (an empty, unfinished feed before its first page). */
export type AuditFeed = Partial<Record<AuditSource, SourceFeed>>;

const ACTIONS: Readonly<Record<AuditSource, readonly string[]>> = { identity: AUDIT_ACTIONS, content: CONTENT_AUDIT_ACTIONS, payments: PAYMENTS_AUDIT_ACTIONS };

const isActionKey = (key: string): key is keyof typeof auditCatalog.english & `action.${string}` => Object.hasOwn(auditCatalog.english, key);

/** An action's name in the language shown (the catalog's `action.<action>`); one it does not know, its words ("post_cover_changed" → "Post cover changed"). */
export function actionLabel(action: string): string {
  const key = `action.${action}`;
  if (isActionKey(key)) return translator(auditCatalog)(key);
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The choices of the What filter: everything, each area, each action of each area. */
export function whatOptions(): Array<{ label: string; options: Array<{ value: string; label: string }> }> {
  const t = translator(auditCatalog);
  return AUDIT_SOURCES.map((source) => ({
    label: sourceLabel(source),
    options: [{ value: `area:${source}`, label: t(`sourceAll.${source}`) }, ...ACTIONS[source].map((action) => ({ value: `${source}:${action}`, label: actionLabel(action) }))],
  }));
}

function parseWhat(what: string): { sources: AuditSource[]; action?: string } {
  const [head = '', action = ''] = what.split(':');
  const source = AUDIT_SOURCES.find((candidate) => candidate === head);
  if (head === 'area' && AUDIT_SOURCES.some((candidate) => candidate === action)) return { sources: [action as AuditSource] };
  if (source && ACTIONS[source].includes(action)) return { sources: [source], action };
  return { sources: [...AUDIT_SOURCES] };
}

export type FilterErrors = Partial<Record<'actor' | 'from' | 'to', string>>;

/** The filters checked with the services' own query rules; the fields' messages when they are not right. */
export function checkFilters(filters: AuditFilters): { ok: true } | { ok: false; errors: FilterErrors } {
  const query = Object.fromEntries(Object.entries({ actor: filters.actor.trim(), from: filters.from, to: filters.to }).filter(([, value]) => value !== ''));
  const parsed = auditQuerySchema.safeParse(query);
  if (parsed.success) return { ok: true };
  const errors: FilterErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'actor' || field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** A new feed for these filters: the sources they ask, nothing loaded yet. */
export function startFeed(filters: AuditFilters): AuditFeed {
  const feed: AuditFeed = {};
  for (const source of parseWhat(filters.what).sources) feed[source] = { loaded: [], nextBefore: '' };
  return feed;
}

/** The query string of a source's next page (`before` once it has one). */
export function pageQuery(source: AuditSource, filters: AuditFilters, feed: AuditFeed, limit = AUDIT_FEED_PAGE): string {
  const params = new URLSearchParams();
  const { action } = parseWhat(filters.what);
  if (action && parseWhat(filters.what).sources[0] === source) params.set('action', action);
  if (filters.actor.trim()) params.set('actor', filters.actor.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const before = feed[source]?.nextBefore;
  if (before) params.set('before', before);
  params.set('limit', String(limit));
  return params.toString();
}

/** The feed with `source`'s next page added. */
export function addPage(feed: AuditFeed, source: AuditSource, page: AuditPageAnswer): AuditFeed {
  const current = feed[source] ?? { loaded: [], nextBefore: '' };
  return { ...feed, [source]: { loaded: [...current.loaded, ...page.entries.map((entry) => ({ ...entry, source }))], nextBefore: page.nextBefore } };
}

function idOrder(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}

/** Newest first; at the same moment, by source, then the later id first. */
export function newerFirst(a: FeedEntry, b: FeedEntry): number {
  const time = Date.parse(b.at) - Date.parse(a.at);
  if (time !== 0) return time;
  if (a.source !== b.source) return AUDIT_SOURCES.indexOf(a.source) - AUDIT_SOURCES.indexOf(b.source);
  return idOrder(b.id, a.id);
}

const unfinished = (source: SourceFeed) => source.nextBefore !== null;

/** The entries that can be shown in order now: down to the newest of the unfinished sources' oldest loaded entries. */
export function shownEntries(feed: AuditFeed): FeedEntry[] {
  const sources = Object.values(feed);
  const all = sources.flatMap((source) => source.loaded).sort(newerFirst);
  let cutoff: FeedEntry | undefined;
  for (const source of sources.filter(unfinished)) {
    const first = source.loaded[0];
    if (!first) return [];
    // The oldest by time, not just the last sent: ids and times can disagree by a moment (concurrent writes).
    const oldest = source.loaded.reduce((min, entry) => (newerFirst(entry, min) > 0 ? entry : min), first);
    if (!cutoff || newerFirst(oldest, cutoff) < 0) cutoff = oldest;
  }
  const limit = cutoff;
  return limit ? all.filter((entry) => newerFirst(entry, limit) <= 0) : all;
}

/** The sources Show older asks next: unfinished ones whose loaded entries are all shown. */
export function sourcesToLoad(feed: AuditFeed): AuditSource[] {
  const shown = new Set(shownEntries(feed).map((entry) => `${entry.source}:${entry.id}`));
  return AUDIT_SOURCES.filter((name) => {
    const source = feed[name];
    return source !== undefined && unfinished(source) && source.loaded.every((entry) => shown.has(`${entry.source}:${entry.id}`));
  });
}

/** True while there are older entries to show (loaded and waiting, or still on a server). */
export function hasOlder(feed: AuditFeed): boolean {
  const sources = Object.values(feed);
  return sources.some(unfinished) || shownEntries(feed).length < sources.reduce((n, source) => n + source.loaded.length, 0);
}
