import { parseLoginUser, SESSION_STORAGE_KEYS, type LoginUser } from '@tca/contracts';

/**
 * The logged-in user the browser keeps under `user` as `{ value, expiry }` (spec §3). Returns null
 * when nothing is stored, the entry is not valid JSON or not a user, or its expiry has passed. It
 * never throws: storage can be unavailable (privacy modes) and the form then simply starts empty.
 */
export function readStoredUser(storage: Pick<Storage, 'getItem'> | null | undefined, now = Date.now()): LoginUser | null {
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

/** The browser's localStorage, or null where it cannot be reached. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Spec §5: "When prefilled from the stored user, the first 2 characters of the phone are dropped"
 * (a stored 61412345678 becomes 412345678).
 */
export function prefillPhone(phone: string): string {
  return phone.slice(2);
}

export interface ContactPrefill {
  name: string;
  senderEmail: string;
  phoneNumber: string;
}

/** The contact form's starting values: from the stored user when there is one, else empty. */
export function contactPrefill(user: LoginUser | null): ContactPrefill {
  if (!user) return { name: '', senderEmail: '', phoneNumber: '' };
  return {
    name: [user.firstName, user.lastName].map((part) => part.trim()).filter(Boolean).join(' '),
    senderEmail: user.email,
    phoneNumber: prefillPhone(user.phone),
  };
}
