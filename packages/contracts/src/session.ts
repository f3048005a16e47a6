/**
 * The browser's login session (spec §3). Every page reads it on its first render, so this module has
 * no validation library: the stored user is checked by parseLoginUser, a few lines that keep zod out
 * of every page's first load.
 */

/** Browser storage keys of the login session (spec §3). */
export const SESSION_STORAGE_KEYS = { user: 'user', token: 'token' } as const;
/** Session lifetime: 24 hours (spec §9). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the stored session's expiry is checked (spec §4). */
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;

/** The optional profile fields a stored user may carry (spec §3, "Login user"). */
const OPTIONAL_TEXT = [
  'token',
  'maritalStatus',
  'gender',
  'dateOfBirth',
  'profession',
  'addressLine1',
  'suburb',
  'stateProvince',
  'postalCode',
] as const;

/** The logged-in user as the browser keeps it (spec §3, "Login user"). */
export interface LoginUser extends Partial<Record<(typeof OPTIONAL_TEXT)[number], string>> {
  /** Always a string here; older sessions stored a number. */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The stored phone number (61412345678); '' when unknown. */
  phone: string;
  /** Its calling code; the spec's default '+91' when unknown. */
  phoneCountry: string;
  /** Beyond the spec (issue 17): the account's language as identity stores it; absent in older sessions. */
  language?: 'en' | 'ta';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored user, or null when `value` is not one: `id` a string or a finite number (kept as a string),
 * the names and e-mail strings, `phone` and `phoneCountry` strings or absent (then '' and '+91'), the
 * optional profile fields strings or absent, `language` 'en' or 'ta' (else dropped). Other keys are dropped.
 */
export function parseLoginUser(value: unknown): LoginUser | null {
  if (!isRecord(value)) return null;
  const { id, email, firstName, lastName, phone = '', phoneCountry = '+91' } = value;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) return null;
  if (typeof email !== 'string' || typeof firstName !== 'string' || typeof lastName !== 'string') return null;
  if (typeof phone !== 'string' || typeof phoneCountry !== 'string') return null;
  const user: LoginUser = { id: String(id), email, firstName, lastName, phone, phoneCountry };
  // Another value (a language the site no longer has) is dropped, not the session.
  if (value.language === 'en' || value.language === 'ta') user.language = value.language;
  for (const key of OPTIONAL_TEXT) {
    const field = value[key];
    if (field === undefined) continue;
    if (typeof field !== 'string') return null;
    user[key] = field;
  }
  return user;
}

/** What is stored under the `user` key: the user inside `value`, plus an absolute expiry (ms). */
export interface StoredUser {
  value: LoginUser;
  expiry: number;
}
