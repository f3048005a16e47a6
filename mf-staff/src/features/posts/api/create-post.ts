import { staffPostAnswerSchema, type CreatePostRequest } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { contentApiPath } from './content-api-path.js';

/** POST /staff-api/content/posts (201): the server makes the key from the title. */
export function createPost(token: string, body: CreatePostRequest, fetchImpl?: FetchLike) {
  return callApi(contentApiPath('posts'), { method: 'POST', token, body, answer: staffPostAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
