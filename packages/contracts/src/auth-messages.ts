/**
 * The account area's constants without a validation library: pages show these messages on their first
 * render, while zod stays in auth.ts's schemas, which only forms and servers load.
 */

/** §5 Register: at least 8 characters (with upper case, lower case, a digit and a special character). */
export const PASSWORD_MIN_LENGTH = 8;

/** A new password that is on the list of the 100,000 most common passwords (ASVS 2.1.7; identity checks it). */
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the 100,000 most commonly used passwords, so it is easy to guess. Please choose another.';

export const RESET_REQUEST_MESSAGE = 'If an account exists for that e-mail, a reset link is on its way. Check your email.';

export const PASSWORD_RESET_MESSAGE = 'Password reset successfully!';

/** §7: change-password succeeded when `message` equals this text. */
export const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully!';

/** Membership status values the profile colours (spec §2.3, §4). */
export const MEMBERSHIP_STATUSES = ['Active', 'Pending', 'Current', 'Rejected', 'Expired', 'Cancelled'] as const;

/** Spec §4: shown on /login after a logout. */
export const LOGGED_OUT_MESSAGE = 'Logged out successfully';
/** Beyond the spec: the server no longer accepts the session (expired or revoked elsewhere). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
/** Beyond the spec: after "Sign out of all devices". */
export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'Signed out of all devices';

/**
 * Beyond the spec (issue 17): PUT /auth/language (Bearer) stores the logged-in member's language
 * (the header's English / தமிழ் switch); answers { language }. Here, not in auth.ts, so the shell's
 * first load (which saves the switch) does not carry the validation library.
 */
export const ACCOUNT_LANGUAGE_PATH = '/auth/language';
