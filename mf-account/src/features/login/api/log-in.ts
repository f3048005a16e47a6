import type { LoginRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { loadLoginChecks } from '../load-login-checks.js';

/** POST /auth/login: the user and the session token. */
export async function logIn(request: LoginRequest) {
  const { loginAnswerSchema } = await loadLoginChecks();
  return callApi('/auth/login', { body: request, answer: loginAnswerSchema });
}
