import { previewAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { contentApiPath } from './content-api-path.js';

/** POST /staff-api/content/preview: the body as the public page renders it (the server's renderer and sanitiser). */
export function previewPost(token: string, body: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(contentApiPath('preview'), { method: 'POST', token, body: { body }, answer: previewAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
