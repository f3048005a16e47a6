import type { ResetRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { loadLoginChecks } from '../load-login-checks.js';

/** POST /auth/send-reset-email: asks for a reset link for the e-mail address. */
export async function sendResetEmail(request: ResetRequest) {
  const { sendResetAnswerSchema } = await loadLoginChecks();
  return callApi('/auth/send-reset-email', { body: request, answer: sendResetAnswerSchema });
}
