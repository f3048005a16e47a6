import { enrolAnswerSchema, type EnrolRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { withFetch, type SecondStepCallOptions } from './second-step-call.js';

/** POST /auth/login/enrol: a new authenticator key for the challenge's account (the key, its otpauth URL and QR code). */
export function beginEnrolment(request: EnrolRequest, options: SecondStepCallOptions = {}) {
  return callApi('/auth/login/enrol', { method: 'POST', body: request, answer: enrolAnswerSchema, ...withFetch(options) });
}
