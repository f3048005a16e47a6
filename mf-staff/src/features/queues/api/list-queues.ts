import { staffQueuesAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { queuesApiPath } from './queues-api-path.js';

/** GET /staff-api/queues (any staff role): every queue's counts, and whether the caller may retry and remove. */
export function listQueues(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(queuesApiPath(), { token, answer: staffQueuesAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
