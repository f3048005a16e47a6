import { deletePostAnswerSchema } from '@tca/contracts';
import type { FetchLike } from '@tca/ui/api';
import { contentApiPath } from './content-api-path.js';
import { callWithStale } from './stale-answer.js';

/** DELETE /staff-api/content/posts/:key?version=N (409 stale when someone changed it meanwhile). */
export function deletePost(token: string, key: string, version: number, fetchImpl?: FetchLike) {
  return callWithStale(`${contentApiPath('posts', key)}?version=${version}`, { method: 'DELETE', token, answer: deletePostAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
