import { z } from 'zod';

/** Browser storage keys of the login session (spec §3). */
export const SESSION_STORAGE_KEYS = { user: 'user', token: 'token' } as const;
/** Session lifetime: 24 hours (spec §9). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the stored session's expiry is checked (spec §4). */
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;

export const loginUserSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().default(''),
  phoneCountry: z.string().default('+91'),
  token: z.string().optional(),
  maritalStatus: z.string().optional(),
  gender: z.string().optional(),
  dateOfBirth: z.string().optional(),
  profession: z.string().optional(),
  addressLine1: z.string().optional(),
  suburb: z.string().optional(),
  stateProvince: z.string().optional(),
  postalCode: z.string().optional(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

/** What is stored under the `user` key: the user inside `value`, plus an absolute expiry (ms). */
export const storedUserSchema = z.object({ value: loginUserSchema, expiry: z.number() });
export type StoredUser = z.infer<typeof storedUserSchema>;
