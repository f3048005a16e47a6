import { CONTACT_MESSAGES_API_PATH, contactInboxAnswerSchema, contactMessageAnswerSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { inboxQueryString, type InboxFilter } from '../support-desk.js';

/** GET /staff-api/content/support/contact-messages?handled=&page=: one page of the contact inbox, newest first. */
export function listContactMessages(token: string, filter: InboxFilter, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${CONTACT_MESSAGES_API_PATH}${inboxQueryString(filter)}`, {
    token,
    answer: contactInboxAnswerSchema,
    ...(signal ? { signal } : {}),
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}

/** PUT (handled) or DELETE (not handled) /staff-api/content/support/contact-messages/:id/handled. */
export function markContactMessage(token: string, id: string, handled: boolean, fetchImpl?: FetchLike) {
  return callApi(`${CONTACT_MESSAGES_API_PATH}/${encodeURIComponent(id)}/handled`, {
    method: handled ? 'PUT' : 'DELETE',
    token,
    answer: contactMessageAnswerSchema,
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}
