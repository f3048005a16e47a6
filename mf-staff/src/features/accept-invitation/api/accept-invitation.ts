import { acceptInvitationAnswerSchema, STAFF_API_PREFIX, type AcceptInvitationRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** POST /staff-api/invitations/accept: creates the invited address's account with the roles (no session: the login follows). */
export function acceptInvitation(body: AcceptInvitationRequest) {
  return callApi(`${STAFF_API_PREFIX}invitations/accept`, { method: 'POST', body, answer: acceptInvitationAnswerSchema });
}
