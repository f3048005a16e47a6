import { staffMemberAnswerSchema, type StaffRole } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { staffApiPath } from './staff-api-path.js';

/** PUT /staff-api/staff/:userId/roles (owner): the member's roles from now on. */
export function setStaffRoles(token: string, userId: string, roles: readonly StaffRole[]) {
  return callApi(staffApiPath('staff', userId, 'roles'), { method: 'PUT', token, body: { roles }, answer: staffMemberAnswerSchema });
}
