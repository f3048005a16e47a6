import { staffEventAnswerSchema, type UpdateEventRequest } from '@tca/contracts';
import type { FetchLike } from '@tca/ui/api';
import { eventsApiPath } from './events-api-path.js';
import { callEventChange } from './stale-event.js';

/** PUT /staff-api/content/events/:key: the whole event, the pictures it keeps, and the version it was edited from (409 stale otherwise). */
export function updateEvent(token: string, key: string, body: UpdateEventRequest, fetchImpl?: FetchLike) {
  return callEventChange(eventsApiPath(key), { method: 'PUT', token, body, answer: staffEventAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
