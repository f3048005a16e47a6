import { tooManyText, type ApiResult, type FailedResult } from '@tca/ui/api';
import { LOGIN_TEXT } from './login-texts.js';

// Beyond the spec: a 429 (too many attempts) says so and when to try again (tooManyText), instead of
// the generic text, so a member does not keep retrying into the limit.

/** §8 Login: 401/403 'Invalid email or password', 404 'Server unavailable', anything else the generic text. */
export function loginFailureText(result: FailedResult): string {
  if (result.kind === 'network') return LOGIN_TEXT.somethingWrong;
  if (result.status === 401 || result.status === 403) return LOGIN_TEXT.invalidCredentials;
  if (result.status === 404) return LOGIN_TEXT.serverUnavailable;
  if (result.status === 429) return tooManyText(result);
  return LOGIN_TEXT.somethingWrong;
}

/** §8 Reset request: success, a `success: false` answer's message, 404, or the generic text. */
export function resetRequestOutcome(result: ApiResult<{ success: boolean; message: string }>): { ok: boolean; text: string } {
  if (result.kind === 'ok') {
    if (result.answer && !result.answer.success) return { ok: false, text: result.answer.message.trim() || LOGIN_TEXT.resetLinkFailed };
    return { ok: true, text: LOGIN_TEXT.resetLinkSent };
  }
  if (result.kind === 'network') return { ok: false, text: LOGIN_TEXT.somethingWrong };
  if (result.status === 404) return { ok: false, text: LOGIN_TEXT.serverUnavailable };
  if (result.status === 429) return { ok: false, text: tooManyText(result) };
  return { ok: false, text: LOGIN_TEXT.somethingWrong };
}
