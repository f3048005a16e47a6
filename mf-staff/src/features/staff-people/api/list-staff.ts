import { staffListAnswerSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { staffApiPath } from './staff-api-path.js';

/** GET /staff-api/staff (owner): the staff and the pending invitations. */
export function listStaff(token: string, signal?: AbortSignal) {
  return callApi(staffApiPath('staff'), { token, answer: staffListAnswerSchema, ...(signal ? { signal } : {}) });
}
