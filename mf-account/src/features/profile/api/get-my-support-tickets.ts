import { mySupportTicketsSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /supportdesk/mine (content): the support tickets sent while logged in. */
export function getMySupportTickets(token: string, fetchImpl?: FetchLike) {
  return callApi('/supportdesk/mine', { token, answer: mySupportTicketsSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
