import { staffPostAnswerSchema, type UpdatePostRequest } from '@tca/contracts';
import type { FetchLike } from '@tca/ui/api';
import { contentApiPath } from './content-api-path.js';
import { callWithStale } from './stale-answer.js';

/** PUT /staff-api/content/posts/:key: the whole post and the version it was edited from (409 stale otherwise). */
export function updatePost(token: string, key: string, body: UpdatePostRequest, fetchImpl?: FetchLike) {
  return callWithStale(contentApiPath('posts', key), { method: 'PUT', token, body, answer: staffPostAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
