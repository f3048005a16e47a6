import { resetSecondFactorAnswerSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';
import { staffApiPath } from './staff-api-path.js';

/** DELETE /staff-api/staff/:userId/second-factor (owner): forgets their authenticator app and recovery codes, signs them out. */
export function resetAuthenticator(token: string, userId: string) {
  return callApi(staffApiPath('staff', userId, 'second-factor'), { method: 'DELETE', token, answer: resetSecondFactorAnswerSchema });
}
