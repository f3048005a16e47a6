import { paths, type SessionModule } from '@tca/contracts';
import { callApi, type FetchLike } from '../lib/api.js';
import { TEXT } from '../lib/messages.js';
import { setFlash, tabStorage, type Flash } from './flash.js';

/**
 * Ending the browser session (spec §4): the stored user and token are removed, the server is told
 * (so the token stops working), a message is kept for the login page, and the browser loads /login
 * afresh ("goes to /login and reloads").
 */

/** How long logout waits for the server before leaving anyway. */
export const LOGOUT_TIMEOUT_MS = 5000;

export interface EndSessionDeps {
  session: Pick<SessionModule, 'readToken' | 'clearSession'>;
  /** Loads a page from scratch (window.location.assign). */
  load: (path: string) => void;
  flashStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetchImpl?: FetchLike;
}

export type EndSessionReason =
  /** The member pressed Logout. */
  | 'logout'
  /** The member chose "Sign out of all devices" and the server has revoked every session. */
  | 'everywhere'
  /** The server no longer accepts the token (expired or revoked elsewhere). */
  | 'rejected';

const FLASH: Record<EndSessionReason, Flash> = {
  logout: { tone: 'success', text: TEXT.loggedOut },
  everywhere: { tone: 'success', text: TEXT.signedOutEverywhere },
  rejected: { tone: 'info', text: TEXT.sessionEnded },
};

export async function endSession(reason: EndSessionReason, deps: EndSessionDeps): Promise<void> {
  const token = deps.session.readToken();
  if (reason === 'logout' && token) {
    // Best effort: the browser forgets the session even when the server cannot be reached.
    await callApi('/auth/logout', {
      method: 'POST',
      token,
      timeoutMs: LOGOUT_TIMEOUT_MS,
      ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    });
  }
  deps.session.clearSession();
  setFlash(deps.flashStorage === undefined ? tabStorage() : deps.flashStorage, FLASH[reason]);
  deps.load(paths.login);
}
