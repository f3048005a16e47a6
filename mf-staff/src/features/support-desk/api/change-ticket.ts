import { staffTicketAnswerSchema, SUPPORT_TICKETS_API_PATH, type StaffPerson } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** What the ticket page changes: each a call answered with the ticket as it is after (StaffTicketAnswer). */
export type TicketChange =
  | { kind: 'reply'; body: string }
  | { kind: 'note'; body: string }
  | { kind: 'assign'; assignee: StaffPerson | null }
  | { kind: 'close' }
  | { kind: 'reopen' };

/**
 * POST …/tickets/:reference/replies (the member is e-mailed) or /notes (staff only), PUT …/assignee,
 * POST …/close or …/reopen (support or owner). A closed ticket refuses replies: 409.
 */
export function changeTicket(token: string, reference: string, change: TicketChange, fetchImpl?: FetchLike) {
  const base = `${SUPPORT_TICKETS_API_PATH}/${encodeURIComponent(reference)}`;
  const options = { token, answer: staffTicketAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) };
  switch (change.kind) {
    case 'reply':
      return callApi(`${base}/replies`, { ...options, method: 'POST', body: { body: change.body } });
    case 'note':
      return callApi(`${base}/notes`, { ...options, method: 'POST', body: { body: change.body } });
    case 'assign':
      return callApi(`${base}/assignee`, { ...options, method: 'PUT', body: { assignee: change.assignee } });
    case 'close':
    case 'reopen':
      return callApi(`${base}/${change.kind}`, { ...options, method: 'POST', body: {} });
  }
}
