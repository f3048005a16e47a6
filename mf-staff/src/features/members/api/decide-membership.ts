import { membershipDecisionAnswerSchema, STAFF_MEMBERSHIPS_API_PATH } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

const decisionPath = (requestId: string, decision: 'approve' | 'reject') => `${STAFF_MEMBERSHIPS_API_PATH}/${encodeURIComponent(requestId)}/${decision}`;

/** POST /staff-api/memberships/:requestId/approve: Pending → Active, the member e-mailed (409 when someone decided it meanwhile). */
export function approveMembership(token: string, requestId: string, fetchImpl?: FetchLike) {
  return callApi(decisionPath(requestId, 'approve'), { method: 'POST', token, body: {}, answer: membershipDecisionAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}

/** POST /staff-api/memberships/:requestId/reject { reason }: Pending → Rejected, the member e-mailed the reason (409 as above). */
export function rejectMembership(token: string, requestId: string, reason: string, fetchImpl?: FetchLike) {
  return callApi(decisionPath(requestId, 'reject'), { method: 'POST', token, body: { reason }, answer: membershipDecisionAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
