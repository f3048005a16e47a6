import { ticketAnswerSchema, type SupportTicket, type TicketAnswer } from '@tca/contracts';
import { callApi, type ApiResult, type FetchLike } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';

export const TICKET_PATH = '/supportdesk/add';

export interface SubmitOptions {
  /** The login token; by default the browser's stored session (spec §3), none when logged out. */
  token?: string | null;
  fetchImpl?: FetchLike;
}

/**
 * POST /supportdesk/add: a support ticket, as JSON on the site's own origin. With a login token it
 * carries `Authorization: Bearer`, so the ticket is filed under the member's account. Never throws: the
 * result says how the call ended (its answer holds the ticket's reference).
 */
export function submitSupportTicket(ticket: SupportTicket, options: SubmitOptions = {}): Promise<ApiResult<TicketAnswer>> {
  const token = options.token === undefined ? readToken() : options.token;
  return callApi(TICKET_PATH, { method: 'POST', body: ticket, answer: ticketAnswerSchema, token, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) });
}
