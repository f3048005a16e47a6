import { COVER_FIELD, staffPostAnswerSchema } from '@tca/contracts';
import { UPLOAD_TIMEOUT_MS, type FetchLike } from '@tca/ui/api';
import { contentApiPath } from './content-api-path.js';
import { callWithStale } from './stale-answer.js';

/** PUT /staff-api/content/posts/:key/cover?version=N: the picture as multipart (413 too big, 415 not a picture, 409 stale). */
export function uploadCover(token: string, key: string, version: number, file: Blob, fileName: string, fetchImpl?: FetchLike) {
  const form = new FormData();
  form.append(COVER_FIELD, file, fileName);
  return callWithStale(`${contentApiPath('posts', key, 'cover')}?version=${version}`, {
    method: 'PUT',
    token,
    body: form,
    answer: staffPostAnswerSchema,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}
