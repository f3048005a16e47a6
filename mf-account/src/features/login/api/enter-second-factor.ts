import { loginAnswerSchema, type SecondFactorRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { withFetch, type SecondStepCallOptions } from './second-step-call.js';

/** POST /auth/login/second-factor: a code from the app (or a recovery code); the login answer with a staff session. */
export function enterSecondFactor(request: SecondFactorRequest, options: SecondStepCallOptions = {}) {
  return callApi('/auth/login/second-factor', { method: 'POST', body: request, answer: loginAnswerSchema, ...withFetch(options) });
}
