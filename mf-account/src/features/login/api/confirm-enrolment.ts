import { enrolConfirmAnswerSchema, type EnrolConfirmRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { withFetch, type SecondStepCallOptions } from './second-step-call.js';

/** POST /auth/login/enrol/confirm: the new app's first code; a staff session and the ten recovery codes (shown once). */
export function confirmEnrolment(request: EnrolConfirmRequest, options: SecondStepCallOptions = {}) {
  return callApi('/auth/login/enrol/confirm', { method: 'POST', body: request, answer: enrolConfirmAnswerSchema, ...withFetch(options) });
}
