import { PASSWORD_UPDATED_MESSAGE } from '@tca/contracts';
import { tooManyText, type ApiResult, type FailedResult } from '@tca/ui/api';
import { fieldMessages } from '../../shared/field-messages.js';
import { PROFILE_TEXT } from './profile-texts.js';

/**
 * §7/§8 Change password: success when the answer's message is 'Password updated successfully!';
 * otherwise the server's message or 'Failed to change password'.
 */
export function changePasswordOutcome(result: ApiResult<{ success?: boolean; message: string }>): { ok: boolean; text: string; fields?: Partial<Record<'currentPassword' | 'newPassword', string>> } {
  if (result.kind === 'ok') {
    const message = result.answer?.message ?? '';
    if (message === PASSWORD_UPDATED_MESSAGE || result.answer?.success === true) return { ok: true, text: PROFILE_TEXT.changeSuccess };
    return { ok: false, text: message.trim() || PROFILE_TEXT.changeFailed };
  }
  if (result.kind === 'network') return { ok: false, text: PROFILE_TEXT.changeFailed };
  if (result.status === 429) return { ok: false, text: tooManyText(result) };
  const fields = fieldMessages(result, ['currentPassword', 'newPassword'] as const);
  return { ok: false, text: result.error?.message?.trim() || PROFILE_TEXT.changeFailed, ...(Object.keys(fields).length > 0 ? { fields } : {}) };
}

/** The detail line of the profile's failure screen. */
export function loadFailureDetail(result: FailedResult): string {
  if (result.kind === 'network') return result.message ? `No response from the server (${result.message}).` : 'No response from the server.';
  const server = result.error?.message?.trim();
  const status = `${result.status} ${result.statusText}`.trim();
  return server ? `${server} (${status})` : `The server answered ${status}.`;
}
