import { staffTicketAnswerSchema, SUPPORT_TICKETS_API_PATH } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /staff-api/content/support/tickets/:reference: the ticket, the submitter's details and the whole conversation (notes too). */
export function getTicket(token: string, reference: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${SUPPORT_TICKETS_API_PATH}/${encodeURIComponent(reference)}`, {
    token,
    answer: staffTicketAnswerSchema,
    ...(signal ? { signal } : {}),
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}
