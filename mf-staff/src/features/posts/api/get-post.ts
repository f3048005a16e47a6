import { staffPostAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { contentApiPath } from './content-api-path.js';

/** GET /staff-api/content/posts/:key: the post with its body and version. */
export function getPost(token: string, key: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(contentApiPath('posts', key), { token, answer: staffPostAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
