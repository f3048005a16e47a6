import { memberDetailAnswerSchema, membersAnswerSchema, STAFF_MEMBERS_API_PATH, STAFF_MEMBERS_EXPORT_PATH, memberOrdersAnswerSchema, memberDocumentsAnswerSchema, staffPaymentsPaths } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { membersQueryString, type MembersFilter } from '../members-desk.js';

const extra = (signal?: AbortSignal, fetchImpl?: FetchLike) => ({ ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });

/** GET /staff-api/members?q=&level=&status=&endsWithinDays=&page= (membership officer or owner). */
export function searchMembers(token: string, filter: MembersFilter, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${STAFF_MEMBERS_API_PATH}${membersQueryString(filter)}`, { token, answer: membersAnswerSchema, ...extra(signal, fetchImpl) });
}

/** GET /staff-api/members/:userId: the account and every membership. */
export function loadMember(token: string, userId: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${STAFF_MEMBERS_API_PATH}/${encodeURIComponent(userId)}`, { token, answer: memberDetailAnswerSchema, ...extra(signal, fetchImpl) });
}

/** GET /staff-api/payments/members/:userId/orders (payments service). */
export function loadMemberOrders(token: string, userId: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(staffPaymentsPaths.memberOrders(userId), { token, answer: memberOrdersAnswerSchema, ...extra(signal, fetchImpl) });
}

/** GET /staff-api/payments/members/:userId/documents (payments service): the uploads, without their content. */
export function loadMemberDocuments(token: string, userId: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(staffPaymentsPaths.memberDocuments(userId), { token, answer: memberDocumentsAnswerSchema, ...extra(signal, fetchImpl) });
}

export const exportRollPath = STAFF_MEMBERS_EXPORT_PATH;
export const documentPath = staffPaymentsPaths.document;
