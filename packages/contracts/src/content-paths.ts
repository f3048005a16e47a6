/** The URL of a stored file (`/uploads/<file>`, the file name URL-encoded as spec §7 says). */
export function uploadUrl(file: string): string {
  return `/uploads/${encodeURIComponent(file)}`;
}

/** iCalendar of one event, and the feed of every upcoming event (beyond the spec). */
export function eventCalendarPath(id: string): string {
  return `/events/${encodeURIComponent(id)}.ics`;
}
export const EVENTS_CALENDAR_PATH = '/events/calendar.ics';
