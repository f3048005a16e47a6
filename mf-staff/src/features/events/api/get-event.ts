import { staffEventAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { eventsApiPath } from './events-api-path.js';

/** GET /staff-api/content/events/:key: the event with its pictures and version. */
export function getEvent(token: string, key: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(eventsApiPath(key), { token, answer: staffEventAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
