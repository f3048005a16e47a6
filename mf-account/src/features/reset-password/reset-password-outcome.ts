import { tooManyText, type ApiResult } from '@tca/ui/api';
import { RESET_PASSWORD_TEXT } from './reset-password-texts.js';

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
  if (result.kind === 'ok') return { ok: true, text: RESET_PASSWORD_TEXT.resetSuccess, linkInvalid: false };
  if (result.kind === 'network') return { ok: false, text: RESET_PASSWORD_TEXT.resetNetwork, linkInvalid: false };
  const text = result.status === 429 ? tooManyText(result) : result.error?.message?.trim() || RESET_PASSWORD_TEXT.resetFailed;
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
