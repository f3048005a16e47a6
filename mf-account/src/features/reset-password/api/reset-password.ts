import { messageAnswerSchema, type ResetPasswordRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** POST /auth/reset-password: the new password for the token of a reset link. */
export function resetPassword(request: ResetPasswordRequest) {
  return callApi('/auth/reset-password', { body: request, answer: messageAnswerSchema });
}
