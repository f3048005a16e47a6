// zod/mini: the shell parses the registry in the browser, where every kilobyte of first load counts.
import * as z from 'zod/mini';
import type { PageId } from './site-paths.js';

/** The three remotes and the pages each one owns. */
export const REMOTE_PAGES = {
  content: ['home', 'about', 'team', 'events', 'gallery', 'blog', 'blogPost', 'contact', 'raiseTicket', 'tamilSchools', 'terms', 'privacy'],
  membership: ['membership', 'forms', 'confirmation', 'success', 'cancel', 'payment'],
  account: ['login', 'register', 'resetPassword', 'profile'],
} as const satisfies Record<string, readonly PageId[]>;

export type RemoteName = keyof typeof REMOTE_PAGES;
export const REMOTE_NAMES = Object.keys(REMOTE_PAGES) as RemoteName[];
export type RemotePageId<R extends RemoteName> = (typeof REMOTE_PAGES)[R][number];

/** The Module Federation container name of each remote (also its `name` in rspack's MF plugin). */
export const REMOTE_CONTAINER = {
  content: 'mf_content',
  membership: 'mf_membership',
  account: 'mf_account',
} as const satisfies Record<RemoteName, string>;

export function remoteForPage(page: PageId): RemoteName {
  for (const remote of REMOTE_NAMES) {
    if ((REMOTE_PAGES[remote] as readonly PageId[]).includes(page)) return remote;
  }
  throw new Error(`No remote owns page ${page}`);
}

export const LOADER_DEFAULTS = { timeoutMs: 8000, retries: 2, backoffMs: 300 } as const;

/**
 * The runtime registry the gateway serves at /remotes.json: where each remote's manifest lives now,
 * and how long the shell waits for it. Pointing an entry at a new manifest deploys that remote.
 */
export const remoteRegistrySchema = z.object({
  remotes: z.object({
    content: z.string().check(z.minLength(1)),
    membership: z.string().check(z.minLength(1)),
    account: z.string().check(z.minLength(1)),
  }),
  loader: z._default(
    z.object({
      /** Time-out of one manifest or entry load, in ms. */
      timeoutMs: z._default(z.number().check(z.int(), z.positive()), LOADER_DEFAULTS.timeoutMs),
      /** Further attempts after the first, with exponential backoff. */
      retries: z._default(z.number().check(z.int(), z.gte(0), z.lte(5)), LOADER_DEFAULTS.retries),
      /** First backoff delay in ms; doubles with each attempt. */
      backoffMs: z._default(z.number().check(z.int(), z.gte(0)), LOADER_DEFAULTS.backoffMs),
    }),
    { ...LOADER_DEFAULTS },
  ),
});
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;
export type LoaderSettings = RemoteRegistry['loader'];
export const REGISTRY_PATH = '/remotes.json';
/** The element id of the registry the gateway writes into the shell's HTML (a JSON data block), saving the first load a request. */
export const INLINE_REGISTRY_ID = 'tca-registry';
