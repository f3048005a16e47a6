import { deleteEventAnswerSchema } from '@tca/contracts';
import type { FetchLike } from '@tca/ui/api';
import { eventsApiPath } from './events-api-path.js';
import { callEventChange } from './stale-event.js';

/** DELETE /staff-api/content/events/:key?version=N (409 stale when someone changed it meanwhile). */
export function deleteEvent(token: string, key: string, version: number, fetchImpl?: FetchLike) {
  return callEventChange(`${eventsApiPath(key)}?version=${version}`, { method: 'DELETE', token, answer: deleteEventAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
