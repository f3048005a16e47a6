import { myContactMessagesSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /email/mine (content): the contact messages sent while logged in. */
export function getMyContactMessages(token: string, fetchImpl?: FetchLike) {
  return callApi('/email/mine', { token, answer: myContactMessagesSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
