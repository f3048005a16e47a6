import { inviteStaffAnswerSchema, type InviteStaffRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { staffApiPath } from './staff-api-path.js';

/** POST /staff-api/invitations (owner): an existing account gets the roles at once, a new address an e-mailed invitation. */
export function inviteStaff(token: string, body: InviteStaffRequest) {
  return callApi(staffApiPath('invitations'), { method: 'POST', token, body, answer: inviteStaffAnswerSchema });
}
