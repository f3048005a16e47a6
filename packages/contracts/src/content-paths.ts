/** The URL of a stored file (`/uploads/<file>`, the file name URL-encoded as spec §7 says). */
export function uploadUrl(file: string): string {
  return `/uploads/${encodeURIComponent(file)}`;
}

/**
 * iCalendar of one event, and the feed of every upcoming event (beyond the spec). `lang` 'ta': the events'
 * Tamil names, descriptions and places where an editor wrote them, and the calendar's name in Tamil.
 */
export function eventCalendarPath(id: string, lang: 'en' | 'ta' = 'en'): string {
  return `/events/${encodeURIComponent(id)}.ics${lang === 'ta' ? '?lang=ta' : ''}`;
}
export const EVENTS_CALENDAR_PATH = '/events/calendar.ics';
export function eventsCalendarPath(lang: 'en' | 'ta' = 'en'): string {
  return lang === 'ta' ? `${EVENTS_CALENDAR_PATH}?lang=ta` : EVENTS_CALENDAR_PATH;
}
