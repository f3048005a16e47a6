import {
  announcementDetailSchema,
  announcementPreviewAnswerSchema,
  announcementsAnswerSchema,
  recipientCountAnswerSchema,
  sendAnnouncementAnswerSchema,
  STAFF_ANNOUNCEMENTS_API_PATH,
  type AnnouncementDraft,
  type AnnouncementSegment,
} from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/**
 * The announcements calls (identity, membership officer or owner), under /staff-api/announcements. `signal`
 * and `fetchImpl` are passed on when given (tests give a fetch of their own).
 */
const extra = (signal?: AbortSignal, fetchImpl?: FetchLike) => ({ ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
const onePath = (id: string) => `${STAFF_ANNOUNCEMENTS_API_PATH}/${encodeURIComponent(id)}`;

/** GET: every announcement, newest first, with its counts. */
export function listAnnouncements(token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(STAFF_ANNOUNCEMENTS_API_PATH, { token, answer: announcementsAnswerSchema, ...extra(signal, fetchImpl) });
}

/** GET /:id: one announcement with its body and failed recipients. */
export function getAnnouncement(token: string, id: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(onePath(id), { token, answer: announcementDetailSchema, ...extra(signal, fetchImpl) });
}

/** POST: a draft. */
export function createAnnouncement(token: string, draft: AnnouncementDraft, fetchImpl?: FetchLike) {
  return callApi(STAFF_ANNOUNCEMENTS_API_PATH, { method: 'POST', token, body: draft, answer: announcementDetailSchema, ...extra(undefined, fetchImpl) });
}

/** POST /:id/send: sends it (409 when it was sent already). */
export function sendAnnouncement(token: string, id: string, fetchImpl?: FetchLike) {
  return callApi(`${onePath(id)}/send`, { method: 'POST', token, body: {}, answer: sendAnnouncementAnswerSchema, ...extra(undefined, fetchImpl) });
}

/** POST /preview: the Markdown as the e-mail shows it. */
export function previewAnnouncement(token: string, body: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${STAFF_ANNOUNCEMENTS_API_PATH}/preview`, { method: 'POST', token, body: { body }, answer: announcementPreviewAnswerSchema, ...extra(signal, fetchImpl) });
}

/** POST /recipient-count: how many members the segment reaches now. */
export function countRecipients(token: string, segment: AnnouncementSegment, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${STAFF_ANNOUNCEMENTS_API_PATH}/recipient-count`, { method: 'POST', token, body: { segment }, answer: recipientCountAnswerSchema, ...extra(signal, fetchImpl) });
}
