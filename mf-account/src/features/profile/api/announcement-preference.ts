import { ANNOUNCEMENT_PREFERENCE_API_PATH, announcementPreferenceSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** GET /membership/announcements/preference: whether the member receives the association's announcements. */
export function getAnnouncementPreference(token: string | null, signal?: AbortSignal) {
  return callApi(ANNOUNCEMENT_PREFERENCE_API_PATH, { token, answer: announcementPreferenceSchema, ...(signal ? { signal } : {}) });
}

/** PUT /membership/announcements/preference { subscribed }. */
export function setAnnouncementPreference(token: string | null, subscribed: boolean) {
  return callApi(ANNOUNCEMENT_PREFERENCE_API_PATH, { method: 'PUT', token, body: { subscribed }, answer: announcementPreferenceSchema });
}
