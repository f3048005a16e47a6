import { z } from 'zod';
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

/**
 * The runtime registry the gateway serves at /remotes.json: where each remote's manifest lives now,
 * and how long the shell waits for it. Pointing an entry at a new manifest deploys that remote.
 */
export const remoteRegistrySchema = z.object({
  remotes: z.object({
    content: z.string().min(1),
    membership: z.string().min(1),
    account: z.string().min(1),
  }),
  loader: z
    .object({
      /** Time-out of one manifest or entry load, in ms. */
      timeoutMs: z.number().int().positive().default(8000),
      /** Further attempts after the first, with exponential backoff. */
      retries: z.number().int().min(0).max(5).default(2),
      /** First backoff delay in ms; doubles with each attempt. */
      backoffMs: z.number().int().min(0).default(300),
    })
    .default({ timeoutMs: 8000, retries: 2, backoffMs: 300 }),
});
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;
export const REGISTRY_PATH = '/remotes.json';
