import { membershipRequestsAnswerSchema, STAFF_MEMBERSHIPS_API_PATH } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { requestsQueryString, type RequestsFilter } from '../membership-requests.js';

/** GET /staff-api/memberships?status=&page= (membership officer or owner): a page of requests, Pending first. */
export function listMembershipRequests(token: string, filter: RequestsFilter, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${STAFF_MEMBERSHIPS_API_PATH}${requestsQueryString(filter)}`, {
    token,
    answer: membershipRequestsAnswerSchema,
    ...(signal ? { signal } : {}),
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}
