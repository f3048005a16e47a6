import { contactAnswerSchema, type ContactAnswer, type ContactMessage } from '@tca/contracts';
import { callApi, type ApiResult, type FetchLike } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';

export const CONTACT_PATH = '/email/send';

export interface SendOptions {
  /** The login token; by default the browser's stored session (spec §3), none when logged out. */
  token?: string | null;
  fetchImpl?: FetchLike;
}

/**
 * POST /email/send: the Get in touch message, as JSON on the site's own origin. With a login token it
 * carries `Authorization: Bearer`, so the service files the message under the member's account
 * ("Download my data"). Never throws: the result says how the call ended.
 */
export function sendContactMessage(message: ContactMessage, options: SendOptions = {}): Promise<ApiResult<ContactAnswer>> {
  const token = options.token === undefined ? readToken() : options.token;
  return callApi(CONTACT_PATH, { method: 'POST', body: message, answer: contactAnswerSchema, token, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) });
}
