import { messageAnswerSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { staffApiPath } from './staff-api-path.js';

/** DELETE /staff-api/invitations/:id (owner): the invitation's link stops working. */
export function withdrawInvitation(token: string, id: string) {
  return callApi(staffApiPath('invitations', id), { method: 'DELETE', token, answer: messageAnswerSchema });
}
