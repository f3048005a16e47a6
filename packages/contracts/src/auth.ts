import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth-messages.js';
import { textField } from './text-field.js';

export * from './auth-messages.js';

/**
 * The account calls of spec §7 (login, register, reset, change password, membership lookup) with the
 * §5 rules and messages, one schema for the browser and the identity service. Additions beyond the
 * spec (session lookup, logout, sign out everywhere, my data) are marked as such.
 */

const email = textField('Email').trim().min(1, 'Email is required').max(320, 'Email must be at most 320 characters').pipe(z.email('Invalid email format'));

/** §5 Register: at least 8, upper case, lower case, a digit and a special character. Also used for new passwords on reset and change (README). */
export const newPasswordSchema = textField('Password')
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .refine((value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value), {
    message: 'Password must include uppercase, lowercase, numbers, and special characters',
  });

const name = (label: string) =>
  textField(label)
    .trim()
    .min(1, `${label} is required`)
    .min(2, `${label} must be at least 2 characters`)
    .max(100, `${label} must be at most 100 characters`);

/**
 * Phone numbers keep the old site's stored form: the country code's digits followed by the national
 * number, no plus (e.g. 61412345678), so the profile shows `+61 412345678` (spec §2.3).
 */
export const storedPhoneSchema = textField('Phone number')
  .trim()
  .min(1, 'Phone number is required')
  .min(6, 'Phone number is too short')
  .max(20, 'Phone number is too long')
  .regex(/^\d+$/, 'Phone number must be digits only: the country code followed by the number');

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const loginRequestSchema = z
  .object({
    email,
    password: textField('Password').min(1, 'Password is required').max(1024, 'Password is too long'),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email,
    phoneNumber: storedPhoneSchema,
    password: newPasswordSchema,
    termsAccepted: z.literal(true, 'You must accept the terms and conditions'),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const resetRequestSchema = z.object({ email }).strict();
export type ResetRequest = z.infer<typeof resetRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    token: textField('The reset link').trim().min(1, 'The reset link is incomplete').max(200, 'The reset link is not valid'),
    password: newPasswordSchema,
  })
  .strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** §7 sends `email` too; the server acts for the session's own user and answers 403 when it names another. */
export const changePasswordRequestSchema = z
  .object({
    email: email.optional(),
    currentPassword: textField('Current password').min(1, 'Current password is required').max(1024, 'Password is too long'),
    newPassword: newPasswordSchema,
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** §7 POST /membership/get: `email` (must be the session's own, else 403). */
export const membershipLookupRequestSchema = z.object({ email: email.optional() }).strict();

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const loginAnswerSchema = z.object({ token: z.string(), user: accountUserSchema, expiresAt: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const registerAnswerSchema = z.object({ message: z.string(), data: accountUserSchema });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

export const sendResetAnswerSchema = z.object({ success: z.boolean(), message: z.string() });
export type SendResetAnswer = z.infer<typeof sendResetAnswerSchema>;

export const messageAnswerSchema = z.object({ message: z.string() });
export const changePasswordAnswerSchema = z.object({ success: z.boolean(), message: z.string() });

/** Beyond the spec: GET /auth/session (Bearer) — who the token belongs to; other services ask this. */
export const sessionAnswerSchema = z.object({ user: accountUserSchema, expiresAt: z.string() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;


/** Spec §3 "Membership record from the server". */
export const membershipRecordSchema = z.object({
  membershipName: z.string(),
  status: z.string(),
  requestId: z.string(),
  createdAt: z.string(),
  doB: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  profession: z.string(),
  /** Beyond the spec: `annual` levels last a year from createdAt; `life-time` levels do not end. */
  term: z.enum(['annual', 'life-time']),
});
export type MembershipRecord = z.infer<typeof membershipRecordSchema>;
export const membershipListSchema = z.array(membershipRecordSchema);

/** Beyond the spec: GET /auth/my-data (Bearer) — the account as stored (never the password hash). */
export const accountExportSchema = z.object({
  user: accountUserSchema,
  createdAt: z.string(),
  termsAcceptedAt: z.string().nullable(),
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), current: z.boolean() })),
  /** The member's membership records, newest first (as POST /membership/get answers them). */
  memberships: membershipListSchema,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
