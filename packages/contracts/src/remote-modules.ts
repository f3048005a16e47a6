import type { ComponentType } from 'react';
import type { RemoteName, RemotePageId } from './remotes.js';
import type { LoginUser } from './session.js';

/** The route parameters of the page being opened, e.g. `{ id }` for /blog/{id}. */
export type PageParams = Readonly<Record<string, string | undefined>>;

/** One page of a remote, as the shell opens it. */
export interface RemotePage {
  /** Fetches the page's code. */
  load(): Promise<ComponentType>;
  /**
   * Starts fetching what the page shows first (its lists), so that it paints complete instead of
   * filling in under the visitor's eyes; settles (never rejects) when that is done. The shell calls it
   * as the route opens and waits for it, within a limit, behind the one-second "Loading...".
   */
  prepare?(params: PageParams): Promise<void>;
}

/** What each remote's `./routes` module exports: the pages it owns. */
export interface RemoteRoutesModule<R extends RemoteName = RemoteName> {
  pages: Record<RemotePageId<R>, RemotePage>;
}

/** The browser login session of spec §3/§4, as `@tca/ui/session` exports it. */
export interface SessionModule {
  /** The stored user, or null when there is none or it has expired (an expired one is removed). */
  readUser(now?: number): LoginUser | null;
  readToken(): string | null;
  /** Stores the user with a 24-hour expiry, and the token under its own key. */
  storeSession(user: LoginUser, token: string, now?: number): void;
  clearSession(): void;
  /** Removes a stored session whose 24 hours are up; true when it just did (spec §4's 60-second check). */
  expireIfDue(now?: number): boolean;
  /** Called whenever the stored session changes, in this tab or another. */
  subscribe(listener: () => void): () => void;
}
