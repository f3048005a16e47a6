import type { LoginRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { loadLoginChecks } from '../load-login-checks.js';

/** POST /auth/login: the user and the session token, or (a staff account, issue 14) the second step's challenge. */
export async function logIn(request: LoginRequest) {
  const { loginResultSchema } = await loadLoginChecks();
  return callApi('/auth/login', { body: request, answer: loginResultSchema });
}
