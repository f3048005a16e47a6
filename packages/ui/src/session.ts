import { parseLoginUser, SESSION_STORAGE_KEYS, SESSION_TTL_MS, type LoginUser, type SessionModule, type StoredUser } from '@tca/contracts';

/**
 * The browser login session of spec §3/§4 (`@tca/ui/session`, a shared singleton: the shell's header
 * and every remote read and change the same store): the user under `user` as `{ value, expiry }` with a
 * 24-hour expiry, the token under `token`, and the change event the header follows. Every page's first
 * load carries it; ending a session and the login page's message are `@tca/ui/session-end`. Nothing
 * here throws on blocked or broken storage.
 */

export type ReadableStorage = Pick<Storage, 'getItem'>;
export type WritableStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Announced on window whenever this tab changes the stored session. */
export const SESSION_CHANGE_EVENT = 'tca:session-change';

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

function readStored(storage: ReadableStorage | null | undefined): StoredUser | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(SESSION_STORAGE_KEYS.user) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { value?: unknown; expiry?: unknown } | null;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const value = parseLoginUser(parsed.value);
    if (!value || typeof parsed.expiry !== 'number' || !Number.isFinite(parsed.expiry)) return null;
    return { value, expiry: parsed.expiry };
  } catch {
    return null;
  }
}

/** The stored, unexpired user, or null. */
export function readStoredUser(storage: ReadableStorage | null | undefined, now = Date.now()): LoginUser | null {
  const stored = readStored(storage);
  return stored && stored.expiry > now ? stored.value : null;
}

/** RFC 6750 b64token: what may follow `Bearer ` in a header (anything else would make fetch throw). */
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const MAX_TOKEN_LENGTH = 2048;

/**
 * The login token while an unexpired user is stored: the one under `token` (or, from older logins,
 * inside the stored user), without the quotes JSON.stringify leaves; null otherwise or when it is not
 * a valid Bearer token, so a request always goes out.
 */
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
export function readLoginSession(storage: ReadableStorage | null | undefined = browserStorage(), now = Date.now()): LoginSession | null {
  const user = readStoredUser(storage, now);
  const token = readSessionToken(storage, now);
  return user && token ? { user, token } : null;
}

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/** Runs a storage write; storage can be full or blocked, and there is then nothing to keep or remove. */
export function attempt(write: () => void): void {
  try {
    write();
  } catch {
    // Storage can be full or blocked; there is then nothing to keep or remove.
  }
}

/** The session store over one storage (the browser's localStorage by default). */
export function createSessionStore(storage: WritableStorage | null = browserStorage()): SessionModule {
  const store: SessionModule = {
    readUser: (now = Date.now()) => readStoredUser(storage, now),
    readToken: () => readSessionToken(storage),
    storeSession(user: LoginUser, token: string, now = Date.now()) {
      const stored: StoredUser = { value: user, expiry: now + SESSION_TTL_MS };
      attempt(() => {
        storage?.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(stored));
        storage?.setItem(SESSION_STORAGE_KEYS.token, token);
      });
      announce();
    },
    clearSession() {
      attempt(() => {
        storage?.removeItem(SESSION_STORAGE_KEYS.user);
        storage?.removeItem(SESSION_STORAGE_KEYS.token);
      });
      announce();
    },
    expireIfDue(now = Date.now()) {
      let raw: string | null = null;
      attempt(() => {
        raw = storage?.getItem(SESSION_STORAGE_KEYS.user) ?? null;
      });
      if (raw === null) return false;
      const stored = readStored(storage);
      if (stored && stored.expiry > now) return false;
      store.clearSession();
      return true;
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === SESSION_STORAGE_KEYS.user || event.key === SESSION_STORAGE_KEYS.token) listener();
      };
      window.addEventListener(SESSION_CHANGE_EVENT, listener);
      window.addEventListener('storage', onStorage);
      return () => {
        window.removeEventListener(SESSION_CHANGE_EVENT, listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
  return store;
}

// Created on first use, so importing this module where there is no browser storage (tests, tools) is safe.
let browserStore: SessionModule | undefined;
function store(): SessionModule {
  browserStore ??= createSessionStore();
  return browserStore;
}
export const readUser: SessionModule['readUser'] = (now) => store().readUser(now);
export const readToken: SessionModule['readToken'] = () => store().readToken();
export const storeSession: SessionModule['storeSession'] = (user, token, now) => store().storeSession(user, token, now);
export const clearSession: SessionModule['clearSession'] = () => store().clearSession();
export const expireIfDue: SessionModule['expireIfDue'] = (now) => store().expireIfDue(now);
export const subscribe: SessionModule['subscribe'] = (listener) => store().subscribe(listener);
