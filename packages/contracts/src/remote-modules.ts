import type { ComponentType } from 'react';
import type { RemoteName, RemotePageId } from './remotes.js';
import type { LoginUser } from './session.js';

/** What each remote's `./routes` module exports: one component per page it owns. */
export interface RemoteRoutesModule<R extends RemoteName = RemoteName> {
  pages: Record<RemotePageId<R>, ComponentType>;
}

/** What mf-account's `./session` module exports: the browser login session of spec §3/§4. */
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
