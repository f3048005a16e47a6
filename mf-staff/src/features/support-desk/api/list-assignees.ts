import { assigneesAnswerSchema, SUPPORT_ASSIGNEES_API_PATH } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /staff-api/content/support/assignees: who a ticket may be assigned to (who has worked the desk, and oneself). */
export function listAssignees(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(SUPPORT_ASSIGNEES_API_PATH, { token, answer: assigneesAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
