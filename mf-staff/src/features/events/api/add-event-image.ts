import { EVENT_IMAGE_ALT_FIELD, EVENT_IMAGE_FIELD, staffEventAnswerSchema } from '@tca/contracts';
import { UPLOAD_TIMEOUT_MS, type FetchLike } from '@tca/ui/api';
import { eventsApiPath } from './events-api-path.js';
import { callEventChange } from './stale-event.js';

/** POST /staff-api/content/events/:key/images?version=N: one picture and its alt text as multipart (413 too big, 415 not a picture, 409 stale). */
export function addEventImage(token: string, key: string, version: number, picture: { file: Blob; fileName: string; alt: string }, fetchImpl?: FetchLike) {
  const form = new FormData();
  form.append(EVENT_IMAGE_ALT_FIELD, picture.alt);
  form.append(EVENT_IMAGE_FIELD, picture.file, picture.fileName);
  return callEventChange(`${eventsApiPath(key, 'images')}?version=${version}`, {
    method: 'POST',
    token,
    body: form,
    answer: staffEventAnswerSchema,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}
