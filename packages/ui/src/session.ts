import {
  parseLoginUser,
  SESSION_STORAGE_KEYS,
  SESSION_TTL_MS,
  type LoginUser,
  type SessionModule,
  type StoredUser,
} from '@tca/contracts';

/** Announced on window whenever this tab changes the stored session. */
export const SESSION_CHANGE_EVENT = 'tca:session-change';

function readStored(storage: Storage): StoredUser | null {
  const raw = storage.getItem(SESSION_STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { value?: unknown; expiry?: unknown };
    const value = parseLoginUser(parsed.value);
    if (!value || typeof parsed.expiry !== 'number') return null;
    return { value, expiry: parsed.expiry };
  } catch {
    return null;
  }
}

function announce(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/**
 * The browser login session of spec §3/§4: the user under `user` as `{ value, expiry }` with a
 * 24-hour expiry, the token under `token`. `@tca/ui/session` is a shared singleton: the shell's
 * header and every remote read and change the same store, without loading any remote for it.
 */
export function createSessionStore(storage: Storage = window.localStorage): SessionModule {
  const store: SessionModule = {
    readUser(now = Date.now()) {
      const stored = readStored(storage);
      if (!stored) return null;
      return stored.expiry > now ? stored.value : null;
    },
    readToken() {
      return storage.getItem(SESSION_STORAGE_KEYS.token);
    },
    storeSession(user: LoginUser, token: string, now = Date.now()) {
      const stored: StoredUser = { value: user, expiry: now + SESSION_TTL_MS };
      storage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(stored));
      storage.setItem(SESSION_STORAGE_KEYS.token, token);
      announce();
    },
    clearSession() {
      storage.removeItem(SESSION_STORAGE_KEYS.user);
      storage.removeItem(SESSION_STORAGE_KEYS.token);
      announce();
    },
    expireIfDue(now = Date.now()) {
      const raw = storage.getItem(SESSION_STORAGE_KEYS.user);
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
