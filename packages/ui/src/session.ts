import {
  loginUserSchema,
  SESSION_STORAGE_KEYS,
  SESSION_TTL_MS,
  type LoginUser,
  type SessionModule,
  type StoredUser,
} from '@tca/contracts';

const CHANGE_EVENT = 'tca:session-change';

function readStored(storage: Storage): StoredUser | null {
  const raw = storage.getItem(SESSION_STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { value?: unknown; expiry?: unknown };
    const value = loginUserSchema.safeParse(parsed.value);
    if (!value.success || typeof parsed.expiry !== 'number') return null;
    return { value: value.data, expiry: parsed.expiry };
  } catch {
    return null;
  }
}

function announce(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * The browser login session of spec §3/§4: the user under `user` as `{ value, expiry }` with a
 * 24-hour expiry, the token under `token`. Exposed to the shell as `mf_account/session`.
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
      window.addEventListener(CHANGE_EVENT, listener);
      window.addEventListener('storage', onStorage);
      return () => {
        window.removeEventListener(CHANGE_EVENT, listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
  return store;
}

const session = createSessionStore();
export const { readUser, readToken, storeSession, clearSession, expireIfDue, subscribe } = session;
