import { parseLoginUser, paths, SESSION_STORAGE_KEYS, type LoginUser } from '@tca/contracts';

/**
 * The browser login session (spec §3/§4) as the membership pages need it: who is logged in, the
 * token to send, and ending the session when the server no longer accepts the token. The stored
 * format is mf-account's (`user` = `{ value, expiry }`, `token` apart); remotes never import each
 * other, so this reads the same keys.
 */

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored, unexpired user, or null. Never throws (storage may be blocked). */
export function readStoredUser(storage: ReadableStorage | null | undefined, now = Date.now()): LoginUser | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(SESSION_STORAGE_KEYS.user) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { value, expiry } = parsed as { value?: unknown; expiry?: unknown };
  if (typeof expiry !== 'number' || !Number.isFinite(expiry) || expiry <= now) return null;
  return parseLoginUser(value);
}

/** RFC 6750 b64token: what may follow `Bearer ` in a header (anything else would make fetch throw). */
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const MAX_TOKEN_LENGTH = 2048;

/** The login token while an unexpired user is stored; otherwise (or when it is not a valid token) null. */
export function readSessionToken(storage: ReadableStorage | null | undefined, now = Date.now()): string | null {
  const user = readStoredUser(storage, now);
  if (!user) return null;
  let stored: string | null;
  try {
    stored = storage?.getItem(SESSION_STORAGE_KEYS.token) ?? null;
  } catch {
    return null;
  }
  let token = (stored ?? '').trim() || (user.token ?? '').trim();
  if (token.length >= 2 && token.startsWith('"') && token.endsWith('"')) token = token.slice(1, -1);
  return token.length <= MAX_TOKEN_LENGTH && TOKEN.test(token) ? token : null;
}

export interface LoginSession {
  user: LoginUser;
  token: string;
}

/** User and token together, or null when either is missing. */
export function readLoginSession(storage: ReadableStorage | null | undefined, now = Date.now()): LoginSession | null {
  const user = readStoredUser(storage, now);
  const token = readSessionToken(storage, now);
  return user && token ? { user, token } : null;
}

/** The browser's localStorage, or null where it cannot be reached. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** This tab's sessionStorage, or null where it cannot be reached. */
export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** mf-account's session change event (the header listens to it) and its one-shot login-page message. */
export const SESSION_CHANGE_EVENT = 'tca:session-change';
export const ACCOUNT_FLASH_KEY = 'tca:account-flash';
export const SESSION_ENDED_TEXT = 'Your session has ended. Please log in again.';

export interface EndSessionDeps {
  storage: WritableStorage | null;
  flashStorage: WritableStorage | null;
  /** Loads a page from scratch (window.location.assign). */
  load: (path: string) => void;
  announce?: () => void;
}

/**
 * The server no longer accepts the token (expired, revoked elsewhere): forget the stored session,
 * leave the login page a message for after the reload, and load /login, as mf-account does.
 */
export function endRejectedSession(deps: EndSessionDeps): void {
  forgetRejectedSession(deps.storage, deps.announce);
  try {
    deps.flashStorage?.setItem(ACCOUNT_FLASH_KEY, JSON.stringify({ tone: 'info', text: SESSION_ENDED_TEXT }));
  } catch {
    // The message is then simply not shown.
  }
  deps.load(paths.login);
}

/**
 * Forgets a session the server no longer accepts without leaving the page (a public page such as
 * /membership keeps working for a visitor); the header follows through the change event.
 */
export function forgetRejectedSession(storage: WritableStorage | null, announce?: () => void): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEYS.user);
    storage?.removeItem(SESSION_STORAGE_KEYS.token);
  } catch {
    // Blocked storage: nothing was stored either.
  }
  announce?.();
}

/** This tab: forgetRejectedSession, announced to the header. */
export function forgetBrowserSession(): void {
  forgetRejectedSession(browserStorage(), () => window.dispatchEvent(new Event(SESSION_CHANGE_EVENT)));
}

/** endRejectedSession for this browser tab. */
export function endBrowserSession(): void {
  endRejectedSession({
    storage: browserStorage(),
    flashStorage: tabStorage(),
    load: (path) => window.location.assign(path),
    announce: () => window.dispatchEvent(new Event(SESSION_CHANGE_EVENT)),
  });
}
