import { SUPPORT_TICKETS_API_PATH, ticketListAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { ticketsQueryString, type TicketsFilter } from '../support-desk.js';

/** GET /staff-api/content/support/tickets?status=&issueType=&order=&page= (support or owner): one page of tickets. */
export function listTickets(token: string, filter: TicketsFilter, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${SUPPORT_TICKETS_API_PATH}${ticketsQueryString(filter)}`, {
    token,
    answer: ticketListAnswerSchema,
    ...(signal ? { signal } : {}),
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}
