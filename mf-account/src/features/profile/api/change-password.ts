import { changePasswordAnswerSchema, type ChangePasswordRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** POST /auth/change-password, with the session token. */
export function changePassword(request: ChangePasswordRequest, token: string | null) {
  return callApi('/auth/change-password', { body: request, token, answer: changePasswordAnswerSchema });
}
