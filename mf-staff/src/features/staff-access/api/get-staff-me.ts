import { STAFF_API_PREFIX, staffMeAnswerSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** GET /staff-api/me: the signed-in staff member, their roles and whether an authenticator app is set up. */
export function getStaffMe(token: string, signal?: AbortSignal) {
  return callApi(`${STAFF_API_PREFIX}me`, { token, answer: staffMeAnswerSchema, ...(signal ? { signal } : {}) });
}
