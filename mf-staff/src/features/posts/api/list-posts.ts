import { staffPostListAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { contentApiPath } from './content-api-path.js';

/** GET /staff-api/content/posts (editor or owner): every post, drafts and scheduled ones too, newest date first. */
export function listPosts(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(contentApiPath('posts'), { token, answer: staffPostListAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
