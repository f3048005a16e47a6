import { staffEventListAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { eventsApiPath } from './events-api-path.js';

/** GET /staff-api/content/events (editor or owner): every event, drafts and cancelled ones too, latest first. */
export function listEvents(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(eventsApiPath(), { token, answer: staffEventListAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
