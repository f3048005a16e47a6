import { assigneesAnswerSchema, SUPPORT_ASSIGNEES_API_PATH } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /staff-api/content/support/assignees: who a ticket may be assigned to (identity’s support staff and owners, and the current assignees), with their names. */
export function listAssignees(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(SUPPORT_ASSIGNEES_API_PATH, { token, answer: assigneesAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
