import { sessionAnswerSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** GET /auth/session: who the token belongs to, with the account's staff roles (none for members). */
export function getSession(token: string, signal?: AbortSignal) {
  return callApi('/auth/session', { token, answer: sessionAnswerSchema, ...(signal ? { signal } : {}) });
}
