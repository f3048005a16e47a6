import { MY_TICKETS_API_PATH, myTicketAnswerSchema, myTicketsAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /supportdesk/mine/tickets (content): the member's tickets with their conversations (no staff notes). */
export function getMyTickets(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(MY_TICKETS_API_PATH, { token, answer: myTicketsAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}

/** POST …/:reference/replies { body } (while not closed; 409 after) or …/:reference/reopen (within 14 days of closing; 409 after). */
export function changeMyTicket(token: string, reference: string, change: { kind: 'reply'; body: string } | { kind: 'reopen' }, fetchImpl?: FetchLike) {
  const path = `${MY_TICKETS_API_PATH}/${encodeURIComponent(reference)}/${change.kind === 'reply' ? 'replies' : 'reopen'}`;
  return callApi(path, { method: 'POST', token, body: change.kind === 'reply' ? { body: change.body } : {}, answer: myTicketAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
