import { LOGGED_OUT_MESSAGE, paths, SESSION_ENDED_MESSAGE, SIGNED_OUT_EVERYWHERE_MESSAGE, type SessionModule } from '@tca/contracts';
// Through the package name, so Module Federation hands this module the one shared session store.
import { attempt, clearSession, readToken, tabStorage, type WritableStorage } from '@tca/ui/session';
import { currentLang, translator } from '@tca/ui/i18n';
import type { FetchLike } from './api.js';
import { flashCatalog } from './flash/messages.js';

/**
 * Ending a login session and the login page's one-shot message (`@tca/ui/session-end`): only the
 * account and membership pages need these, so they are not part of every page's first load.
 */

// ---------------------------------------------------------------------------------------------
// The login page's one-shot message: it survives the full page load after a session ends (spec §4:
// logout shows 'Logged out successfully', goes to /login and reloads), kept for this tab only.
// ---------------------------------------------------------------------------------------------

export const FLASH_KEY = 'tca:account-flash';

export interface Flash {
  tone: 'success' | 'info' | 'error';
  text: string;
}

export function setFlash(flash: Flash, storage: WritableStorage | null = tabStorage()): void {
  attempt(() => storage?.setItem(FLASH_KEY, JSON.stringify(flash)));
}

/** The pending message, removed as it is read; null when there is none or it is not readable. */
export function takeFlash(storage: WritableStorage | null = tabStorage()): Flash | null {
  let raw: string | null = null;
  attempt(() => {
    raw = storage?.getItem(FLASH_KEY) ?? null;
    if (raw !== null) storage?.removeItem(FLASH_KEY);
  });
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (typeof parsed.text !== 'string' || !['success', 'info', 'error'].includes(String(parsed.tone))) return null;
    return { tone: parsed.tone as Flash['tone'], text: parsed.text };
  } catch {
    return null;
  }
}

/** The kit's messages the flash may carry (the spec's English), by their catalog key. */
const FLASH_KEYS: Readonly<Record<string, 'loggedOut' | 'signedOutEverywhere' | 'ended'>> = {
  [LOGGED_OUT_MESSAGE]: 'loggedOut',
  [SIGNED_OUT_EVERYWHERE_MESSAGE]: 'signedOutEverywhere',
  [SESSION_ENDED_MESSAGE]: 'ended',
};

/**
 * A flash's text in the language shown: the stored text is the spec's English (it may have been set
 * before a switch); a message of the kit's is shown from the catalog, any other as it was stored.
 */
export function flashText(flash: Flash): { text: string; lang: 'en' | undefined } {
  const key = FLASH_KEYS[flash.text];
  if (key) return { text: translator(flashCatalog)(key), lang: undefined };
  return { text: flash.text, lang: currentLang() === 'en' ? undefined : 'en' };
}

// ---------------------------------------------------------------------------------------------
// Ending a session (spec §4): the stored user and token are removed, the server is told on a logout
// (so the token stops working), a message is kept for the login page, and /login is loaded afresh.
// ---------------------------------------------------------------------------------------------

export type EndSessionReason =
  /** The member pressed Logout. */
  | 'logout'
  /** The member chose "Sign out of all devices" and the server has revoked every session. */
  | 'everywhere'
  /** The server no longer accepts the token (expired or revoked elsewhere). */
  | 'rejected';

export const END_SESSION_FLASH: Record<EndSessionReason, Flash> = {
  logout: { tone: 'success', text: LOGGED_OUT_MESSAGE },
  everywhere: { tone: 'success', text: SIGNED_OUT_EVERYWHERE_MESSAGE },
  rejected: { tone: 'info', text: SESSION_ENDED_MESSAGE },
};

/** How long a logout waits for the server before leaving anyway. */
export const LOGOUT_TIMEOUT_MS = 5000;

export interface EndSessionDeps {
  session?: Pick<SessionModule, 'readToken' | 'clearSession'>;
  /** Loads a page from scratch (window.location.assign by default). */
  load?: (path: string) => void;
  flashStorage?: WritableStorage | null;
  fetchImpl?: FetchLike;
}

export async function endSession(reason: EndSessionReason, deps: EndSessionDeps = {}): Promise<void> {
  const session = deps.session ?? { readToken, clearSession };
  const token = session.readToken();
  if (reason === 'logout' && token) {
    // Best effort: the browser forgets the session even when the server cannot be reached. The API
    // client loads only now: every page's first load carries this module.
    const { callApi } = await import('./api.js');
    await callApi('/auth/logout', { method: 'POST', token, timeoutMs: LOGOUT_TIMEOUT_MS, ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}) });
  }
  session.clearSession();
  setFlash(END_SESSION_FLASH[reason], deps.flashStorage === undefined ? tabStorage() : deps.flashStorage);
  (deps.load ?? ((path: string) => window.location.assign(path)))(paths.login);
}
