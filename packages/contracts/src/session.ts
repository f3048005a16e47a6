// zod/mini: mf-account parses the stored session in the browser on every page load.
import * as z from 'zod/mini';

/** Browser storage keys of the login session (spec §3). */
export const SESSION_STORAGE_KEYS = { user: 'user', token: 'token' } as const;
/** Session lifetime: 24 hours (spec §9). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the stored session's expiry is checked (spec §4). */
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;

const optionalText = z.optional(z.string());

/** The logged-in user as the browser keeps it (spec §3, "Login user"). */
export const loginUserSchema = z.object({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z._default(z.string(), ''),
  phoneCountry: z._default(z.string(), '+91'),
  token: optionalText,
  maritalStatus: optionalText,
  gender: optionalText,
  dateOfBirth: optionalText,
  profession: optionalText,
  addressLine1: optionalText,
  suburb: optionalText,
  stateProvince: optionalText,
  postalCode: optionalText,
});
export type LoginUser = z.infer<typeof loginUserSchema>;

/** What is stored under the `user` key: the user inside `value`, plus an absolute expiry (ms). */
export interface StoredUser {
  value: LoginUser;
  expiry: number;
}
