// No validation library: the shell reads the registry on every page's first load (parseRemoteRegistry).
import type { PageId } from './site-paths.js';

/** The four remotes and the pages each one owns (staff: the staff area of issue 14). */
export const REMOTE_PAGES = {
  content: ['home', 'about', 'team', 'events', 'event', 'gallery', 'blog', 'blogPost', 'contact', 'raiseTicket', 'tamilSchools', 'terms', 'privacy'],
  membership: ['membership', 'forms', 'confirmation', 'success', 'cancel', 'payment'],
  account: ['login', 'register', 'resetPassword', 'profile'],
  staff: ['staffHome', 'staffPeople', 'staffAcceptInvitation', 'staffPosts', 'staffPostNew', 'staffPost', 'staffEvents', 'staffEventNew', 'staffEvent', 'staffGallery', 'staffAlbumNew', 'staffAlbum', 'staffTeam', 'staffSponsors', 'staffMembers', 'staffMember', 'staffAnnouncements', 'staffAnnouncement', 'staffAudit', 'staffQueues', 'staffSupport', 'staffTicket', 'staffContact', 'staffOrders', 'staffOrder', 'staffRevenue'],
} as const satisfies Record<string, readonly PageId[]>;

export type RemoteName = keyof typeof REMOTE_PAGES;
export const REMOTE_NAMES = Object.keys(REMOTE_PAGES) as RemoteName[];
export type RemotePageId<R extends RemoteName> = (typeof REMOTE_PAGES)[R][number];

/** The Module Federation container name of each remote (also its `name` in rspack's MF plugin). */
export const REMOTE_CONTAINER = {
  content: 'mf_content',
  membership: 'mf_membership',
  account: 'mf_account',
  staff: 'mf_staff',
} as const satisfies Record<RemoteName, string>;

export function remoteForPage(page: PageId): RemoteName {
  for (const remote of REMOTE_NAMES) {
    if ((REMOTE_PAGES[remote] as readonly PageId[]).includes(page)) return remote;
  }
  throw new Error(`No remote owns page ${page}`);
}

export const LOADER_DEFAULTS = { timeoutMs: 8000, retries: 2, backoffMs: 300 } as const;

/** How long the shell waits for a remote's manifest or entry, and how often it tries again. */
export interface LoaderSettings {
  /** Time-out of one manifest or entry load, in ms (a whole number above 0). */
  timeoutMs: number;
  /** Further attempts after the first, with exponential backoff (0 to 5). */
  retries: number;
  /** First backoff delay in ms; doubles with each attempt (0 or more). */
  backoffMs: number;
}

/**
 * The runtime registry the gateway serves at /remotes.json (and writes into the shell's page): where
 * each remote's manifest lives now, and how long the shell waits for it. Pointing an entry at a new
 * manifest deploys that remote.
 */
export interface RemoteRegistry {
  remotes: Record<RemoteName, string>;
  loader: LoaderSettings;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function wholeNumber(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`loader.${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`);
  }
  return value;
}

/**
 * A registry from JSON: every remote a non-empty string, the loader settings whole numbers in their
 * ranges, missing ones filled with LOADER_DEFAULTS; other keys dropped. Throws an Error naming the
 * first problem.
 */
export function parseRemoteRegistry(value: unknown): RemoteRegistry {
  if (!isRecord(value) || !isRecord(value.remotes)) throw new Error('the registry must be an object with "remotes"');
  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const location = value.remotes[name];
    if (typeof location !== 'string' || location.length === 0) throw new Error(`remotes.${name} must be a non-empty string`);
    remotes[name] = location;
  }
  const loader = value.loader === undefined ? {} : value.loader;
  if (!isRecord(loader)) throw new Error('loader must be an object');
  return {
    remotes,
    loader: {
      timeoutMs: wholeNumber(loader.timeoutMs, 'timeoutMs', 1, Number.MAX_SAFE_INTEGER, LOADER_DEFAULTS.timeoutMs),
      retries: wholeNumber(loader.retries, 'retries', 0, 5, LOADER_DEFAULTS.retries),
      backoffMs: wholeNumber(loader.backoffMs, 'backoffMs', 0, Number.MAX_SAFE_INTEGER, LOADER_DEFAULTS.backoffMs),
    },
  };
}

export const REGISTRY_PATH = '/remotes.json';
/** The element id of the registry the gateway writes into the shell's HTML (a JSON data block), saving the first load a request. */
export const INLINE_REGISTRY_ID = 'tca-registry';

/** What a remote's `mf-manifest.json` says about its entry (its `metaData`). */
export interface ManifestEntry {
  /** The entry's file, relative to `publicPath` or, when that is undefined ('auto'), to the manifest's own folder. */
  file: string;
  /** The absolute base the remote's files are served from; undefined for 'auto' (the preset's builds). */
  publicPath: string | undefined;
  /** The global the entry defines. */
  globalName: string | undefined;
  /** The entry's script type ('global', 'module', …). */
  type: string | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * The remote entry a manifest names (the shell loads it; the gateway hints it), or undefined when the
 * manifest names none. Read by hand, like the registry: the shell does this on a page's first load.
 */
export function manifestEntry(manifest: unknown): ManifestEntry | undefined {
  // Property reads on any JSON value are safe with `?.`; each leaf is checked to be a non-empty string.
  const meta = (manifest as { metaData?: { globalName?: unknown; publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown; type?: unknown } } } | null)?.metaData;
  const name = text(meta?.remoteEntry?.name);
  if (name === undefined) return undefined;
  const folder = (text(meta?.remoteEntry?.path) ?? '').replace(/^\/+|\/+$/g, '');
  const publicPath = text(meta?.publicPath);
  return {
    file: folder ? `${folder}/${name}` : name,
    publicPath: publicPath === 'auto' ? undefined : publicPath,
    globalName: text(meta?.globalName),
    type: text(meta?.remoteEntry?.type),
  };
}
