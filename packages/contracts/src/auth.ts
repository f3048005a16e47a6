import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth-messages.js';
import { staffRoleSchema } from './staff-roles.js';
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

/** The e-mail and name fields of registration, for other forms that ask for them (the staff invitation). */
export const emailFieldSchema = email;
export const personNameField = name;

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

/** The site's languages (issue 17): an account's language is the one its interface and its e-mails use. */
export const ACCOUNT_LANGUAGES = ['en', 'ta'] as const;
export type AccountLanguage = (typeof ACCOUNT_LANGUAGES)[number];
export const LANGUAGE_INVALID_MESSAGE = 'Language must be "en" (English) or "ta" (Tamil)';

export const accountLanguageRequestSchema = z.object({ language: z.enum(ACCOUNT_LANGUAGES, LANGUAGE_INVALID_MESSAGE) }).strict();
export type AccountLanguageRequest = z.infer<typeof accountLanguageRequestSchema>;
export const accountLanguageAnswerSchema = accountLanguageRequestSchema;

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
  /** Beyond the spec (issue 17): the account's language; absent in older answers. */
  language: z.enum(ACCOUNT_LANGUAGES).optional(),
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

/**
 * Beyond the spec: GET /auth/session (Bearer) — who the token belongs to; other services ask this.
 * `roles` (issue 14): the account's staff roles, read on every lookup (empty for members; absent from
 * older services' answers); `secondFactor`: the session passed two-factor sign-in (staff calls need it).
 */
export const sessionAnswerSchema = z.object({
  user: accountUserSchema,
  expiresAt: z.string(),
  roles: z.array(staffRoleSchema).default([]),
  secondFactor: z.boolean().default(false),
});
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
  /** Beyond the spec: `annual` levels last a year from startsOn; `life-time` levels do not end. */
  term: z.enum(['annual', 'life-time']),
  /**
   * Beyond the spec (issue 15): the membership's period as Adelaide dates (YYYY-MM-DD). `startsOn` is its first
   * day (a renewal starts when the previous year ends, not when it was bought); `endsOn` the day it has ended
   * (exclusive: valid while today < endsOn). Both null for a life-time level; absent in older answers.
   */
  startsOn: z.string().nullable().optional(),
  endsOn: z.string().nullable().optional(),
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

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in for staff (issue 14)
// ---------------------------------------------------------------------------------------------

/** A second-factor challenge lasts this long after the right password. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

export const WRONG_CODE_MESSAGE = 'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';
export const CODE_ALREADY_USED_MESSAGE = 'That code has already been used. Wait for your authenticator app to show a new one.';
export const CHALLENGE_ENDED_MESSAGE = 'This sign-in has expired or was already completed. Please log in again.';
export const ALREADY_ENROLLED_MESSAGE = 'An authenticator app is already set up for this account. Enter its code instead.';
export const NOT_ENROLLED_MESSAGE = 'Set up your authenticator app first.';

/**
 * POST /auth/login for an account with a staff role, after the right password: no session yet, but a
 * challenge for the second step — `totp` (enter a code) or `enrol` (set up an authenticator app first).
 */
export const loginSecondFactorAnswerSchema = z.object({
  secondFactor: z.enum(['totp', 'enrol']),
  challenge: z.string(),
  challengeExpiresAt: z.string(),
});
export type LoginSecondFactorAnswer = z.infer<typeof loginSecondFactorAnswerSchema>;

/** What POST /auth/login answers: a session (members), or the second step (staff). */
export const loginResultSchema = z.union([loginAnswerSchema, loginSecondFactorAnswerSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export function needsSecondFactor(answer: LoginResult): answer is LoginSecondFactorAnswer {
  return 'challenge' in answer;
}

const challenge = textField('The sign-in').trim().min(1, CHALLENGE_ENDED_MESSAGE).max(200, CHALLENGE_ENDED_MESSAGE);

/** A 6-digit code (spaces allowed, as apps show "123 456") or a recovery code (10 letters and digits, a hyphen allowed). */
export const secondFactorCodeSchema = textField('Code')
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'Code is required')
      .regex(/^(\d{6}|[a-z0-9]{10})$/, 'Enter the 6-digit code from your authenticator app, or a recovery code'),
  );

/** POST /auth/login/enrol: the secret of a new authenticator app for the challenge's account. */
export const enrolRequestSchema = z.object({ challenge }).strict();
export type EnrolRequest = z.infer<typeof enrolRequestSchema>;

export const enrolAnswerSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: a data:image/svg+xml URL. */
  qrCode: z.string(),
});
export type EnrolAnswer = z.infer<typeof enrolAnswerSchema>;

/** POST /auth/login/enrol/confirm: the app's first code; answers a session and the recovery codes (shown once). */
export const enrolConfirmRequestSchema = z
  .object({ challenge, code: textField('Code').trim().min(1, 'Code is required').regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app') })
  .strict();
export type EnrolConfirmRequest = z.infer<typeof enrolConfirmRequestSchema>;

export const enrolConfirmAnswerSchema = loginAnswerSchema.extend({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type EnrolConfirmAnswer = z.infer<typeof enrolConfirmAnswerSchema>;

/** POST /auth/login/second-factor: a code (or a recovery code); answers the login answer with a staff session. */
export const secondFactorRequestSchema = z.object({ challenge, code: secondFactorCodeSchema }).strict();
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;
