import { messageAnswerSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { staffApiPath } from './staff-api-path.js';

/** DELETE /staff-api/staff/:userId (owner): takes every staff role away. */
export function removeFromStaff(token: string, userId: string) {
  return callApi(staffApiPath('staff', userId), { method: 'DELETE', token, answer: messageAnswerSchema });
}
