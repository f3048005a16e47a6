import { staffEventAnswerSchema, type CreateEventRequest } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { eventsApiPath } from './events-api-path.js';

/** POST /staff-api/content/events (201): the server makes the key from the name; pictures are added after. */
export function createEvent(token: string, body: CreateEventRequest, fetchImpl?: FetchLike) {
  return callApi(eventsApiPath(), { method: 'POST', token, body, answer: staffEventAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
