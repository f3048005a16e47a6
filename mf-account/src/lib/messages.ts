import { LOGGED_OUT_MESSAGE, PASSWORD_RESET_MESSAGE, PASSWORD_UPDATED_MESSAGE, SESSION_ENDED_MESSAGE, SIGNED_OUT_EVERYWHERE_MESSAGE } from '@tca/contracts';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { tooManyText, type ApiResult, type FailedResult } from '@tca/ui/api';

/** The texts of spec §4, §5 and §8 for the account pages, and which one each outcome shows. */
export const TEXT = {
  loginSuccess: 'Login successful!',
  invalidCredentials: 'Invalid email or password',
  serverUnavailable: 'Server unavailable',
  somethingWrong: 'Something went wrong. Please try again later.',
  resetLinkSent: 'Reset link sent successfully. Check your email.',
  resetLinkFailed: 'Failed to send reset link.',
  registerSuccess: 'Registration successful!',
  registerFailed: 'Registration failed. Please try again.',
  noResponse: 'No response from server. Please try again.',
  errorOccurred: 'An error occurred. Please try again.',
  correctErrors: 'Please correct the errors in the form',
  passwordsDoNotMatch: 'Passwords do not match',
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  resetSuccess: PASSWORD_RESET_MESSAGE,
  resetFailed: 'Something went wrong.',
  resetNetwork: 'An error occurred. Please try again later.',
  changeFailed: 'Failed to change password',
  changeMismatch: "New passwords don't match",
  changeSuccess: 'Password changed successfully',
  // The messages of an ended session: @tca/ui/session-end keeps them for the login page, which shows them.
  loggedOut: LOGGED_OUT_MESSAGE,
  /** Beyond the spec: the server no longer accepts the session (expired or revoked elsewhere). */
  sessionEnded: SESSION_ENDED_MESSAGE,
  /** Beyond the spec: Sign out of all devices. */
  signedOutEverywhere: SIGNED_OUT_EVERYWHERE_MESSAGE,
  profileFailed: 'Failed to load profile data',
} as const;

// Beyond the spec: a 429 (too many attempts) says so and when to try again (tooManyText), instead of
// the generic text, so a member does not keep retrying into the limit.

/** §8 Login: 401/403 'Invalid email or password', 404 'Server unavailable', anything else the generic text. */
export function loginFailureText(result: FailedResult): string {
  if (result.kind === 'network') return TEXT.somethingWrong;
  if (result.status === 401 || result.status === 403) return TEXT.invalidCredentials;
  if (result.status === 404) return TEXT.serverUnavailable;
  if (result.status === 429) return tooManyText(result);
  return TEXT.somethingWrong;
}

/** §8 Reset request: success, a `success: false` answer's message, 404, or the generic text. */
export function resetRequestOutcome(result: ApiResult<{ success: boolean; message: string }>): { ok: boolean; text: string } {
  if (result.kind === 'ok') {
    if (result.answer && !result.answer.success) return { ok: false, text: result.answer.message.trim() || TEXT.resetLinkFailed };
    return { ok: true, text: TEXT.resetLinkSent };
  }
  if (result.kind === 'network') return { ok: false, text: TEXT.somethingWrong };
  if (result.status === 404) return { ok: false, text: TEXT.serverUnavailable };
  if (result.status === 429) return { ok: false, text: tooManyText(result) };
  return { ok: false, text: TEXT.somethingWrong };
}

export interface FieldFailure<F extends string> {
  text: string;
  /** Server messages for the form's own fields. */
  fields: Partial<Record<F, string>>;
}

/** The server's per-field messages that belong to fields the form shows. */
export function fieldMessages<F extends string>(result: FailedResult, visible: readonly F[]): Partial<Record<F, string>> {
  return result.kind === 'http' ? splitFieldMessages(result.error, visible).fields : {};
}

/**
 * §8 Register: the server's message (a duplicate e-mail, a rule it enforces), else 'Registration
 * failed. Please try again.'; no answer at all: 'No response from server. Please try again.'.
 */
export function registerFailure<F extends string>(result: FailedResult, visible: readonly F[]): FieldFailure<F> {
  if (result.kind === 'network') return { text: TEXT.noResponse, fields: {} };
  const fields = fieldMessages(result, visible);
  if (result.status === 429) return { text: tooManyText(result), fields };
  return { text: result.error?.message?.trim() || TEXT.registerFailed, fields };
}

export interface ResetPasswordOutcome {
  ok: boolean;
  text: string;
  /** The link was used already, expired or is unknown: the page offers a new request. */
  linkInvalid: boolean;
}

/**
 * §8 Reset password: success 'Password reset successfully!'; the server's message or 'Something
 * went wrong.'; no answer 'An error occurred. Please try again later.'. A 400 that is not about the
 * password itself (or a 404/410) means the link can no longer be used.
 */
export function resetPasswordOutcome(result: ApiResult<{ message: string }>): ResetPasswordOutcome {
  if (result.kind === 'ok') return { ok: true, text: TEXT.resetSuccess, linkInvalid: false };
  if (result.kind === 'network') return { ok: false, text: TEXT.resetNetwork, linkInvalid: false };
  const text = result.status === 429 ? tooManyText(result) : result.error?.message?.trim() || TEXT.resetFailed;
  const fields = result.error?.fields ?? {};
  const code = result.error?.error ?? '';
  const linkInvalid =
    code.startsWith('reset_link_') ||
    (result.status === 400 && 'token' in fields) ||
    (result.status === 400 && result.error !== null && code !== 'validation_failed' && !('password' in fields)) ||
    result.status === 404 ||
    result.status === 410;
  return { ok: false, text, linkInvalid };
}

/**
 * §7/§8 Change password: success when the answer's message is 'Password updated successfully!';
 * otherwise the server's message or 'Failed to change password'.
 */
export function changePasswordOutcome(result: ApiResult<{ success?: boolean; message: string }>): { ok: boolean; text: string; fields?: Partial<Record<'currentPassword' | 'newPassword', string>> } {
  if (result.kind === 'ok') {
    const message = result.answer?.message ?? '';
    if (message === PASSWORD_UPDATED_MESSAGE || result.answer?.success === true) return { ok: true, text: TEXT.changeSuccess };
    return { ok: false, text: message.trim() || TEXT.changeFailed };
  }
  if (result.kind === 'network') return { ok: false, text: TEXT.changeFailed };
  if (result.status === 429) return { ok: false, text: tooManyText(result) };
  const fields = fieldMessages(result, ['currentPassword', 'newPassword'] as const);
  return { ok: false, text: result.error?.message?.trim() || TEXT.changeFailed, ...(Object.keys(fields).length > 0 ? { fields } : {}) };
}

/** The detail line of the profile's failure screen. */
export function loadFailureDetail(result: FailedResult): string {
  if (result.kind === 'network') return result.message ? `No response from the server (${result.message}).` : 'No response from the server.';
  const server = result.error?.message?.trim();
  const status = `${result.status} ${result.statusText}`.trim();
  return server ? `${server} (${status})` : `The server answered ${status}.`;
}
