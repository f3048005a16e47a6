import ical, { ICalEventStatus, type ICalTemporalPlainDateTimeStub, type ICalTemporalZonedDateTimeStub } from 'ical-generator';
import type { SiteLang } from '@tca/service-kit';
import { addDays, SITE_TIME_ZONE, siteTimeToInstant } from '../site-dates.js';
import type { EventRow } from '../../data-access/published-content-repository.js';

/** Events with a time and no end: this long. */
export const DEFAULT_EVENT_HOURS = 2;

/**
 * VTIMEZONE of Australia/Adelaide (ACST +09:30; ACDT +10:30 from the first Sunday of October 02:00 to the
 * first Sunday of April 03:00, the rules since 2008). ical-generator has no time-zone database of its own.
 */
const ADELAIDE_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Australia/Adelaide',
  'X-LIC-LOCATION:Australia/Adelaide',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+1030',
  'TZOFFSETTO:+0930',
  'TZNAME:ACST',
  'DTSTART:19700405T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0930',
  'TZOFFSETTO:+1030',
  'TZNAME:ACDT',
  'DTSTART:19701004T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * A wall-clock time in Adelaide for ical-generator. A plain Date would be formatted in the server's own time
 * zone; a Temporal-shaped value is written exactly as given, with TZID=Australia/Adelaide.
 */
function wallClock(date: string, time = '00:00'): ICalTemporalPlainDateTimeStub {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const iso = `${date}T${time}:00`;
  const plainDate = { year, month, day, toJSON: () => date, toString: () => date };
  const instant = siteTimeToInstant(date, time);
  const fields = { year, month, day, hour, minute, second: 0 };
  const plain: ICalTemporalPlainDateTimeStub = {
    ...fields,
    toJSON: () => iso,
    toString: () => iso,
    toPlainDate: () => plainDate,
    toZonedDateTime: () => zoned,
  };
  const zoned: ICalTemporalZonedDateTimeStub = {
    ...fields,
    timeZoneId: SITE_TIME_ZONE,
    toInstant: () => ({ epochMilliseconds: instant.getTime(), toString: () => instant.toISOString(), toJSON: () => instant.toISOString(), toZonedDateTimeISO: () => zoned }),
    toJSON: () => `${iso}[${SITE_TIME_ZONE}]`,
    toString: () => `${iso}[${SITE_TIME_ZONE}]`,
    toPlainDateTime: () => plain,
    withTimeZone: () => zoned,
  };
  return plain;
}

function plusHours(date: string, time: string, hours: number): { date: string; time: string } {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + hours * 60;
  const days = Math.floor(total / (24 * 60));
  const minutes = total % (24 * 60);
  return { date: addDays(date, days), time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
}

export interface CalendarOptions {
  /** The site's origin: event URLs and UIDs. */
  publicUrl: string;
  /** Calendar name shown by calendar apps. */
  name: string;
  /** 'ta': each event's Tamil name, description and place where written (else the English one), and links to the Tamil site. */
  lang?: SiteLang;
}

/** A Tamil field where an editor wrote one, else the English. */
function inLang(english: string, tamil: string | null, lang: SiteLang): string {
  return lang === 'ta' && tamil ? tamil : english;
}

/** A VCALENDAR of `rows` (all Adelaide time): timed events last 2 hours or until the end date; events without time are all-day. */
export function eventsCalendar(rows: readonly EventRow[], options: CalendarOptions): string {
  const site = new URL(options.publicUrl);
  const lang = options.lang ?? 'en';
  const eventsPage = new URL(lang === 'ta' ? '/events?lang=ta' : '/events', site).toString();
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Adelaide Tamil Association', product: 'events', language: lang.toUpperCase() },
    timezone: { name: null, generator: (tz) => (tz === SITE_TIME_ZONE ? ADELAIDE_VTIMEZONE : null) },
    ttl: 60 * 60 * 6,
  });
  for (const row of rows) {
    const lastDay = row.ends_on ?? row.starts_on;
    const common = {
      id: `${row.key}@${site.hostname}`,
      stamp: row.updated_at,
      summary: inLang(row.name, row.name_ta, lang),
      description: inLang(row.description, row.description_ta, lang),
      location: inLang(row.location, row.location_ta, lang) || null,
      url: row.event_link ?? eventsPage,
      status: row.status === 'Cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      timezone: SITE_TIME_ZONE,
    };
    if (row.time) {
      const end = plusHours(lastDay, row.time, DEFAULT_EVENT_HOURS);
      calendar.createEvent({ ...common, start: wallClock(row.starts_on, row.time), end: wallClock(end.date, end.time) });
    } else {
      // All-day: DTEND is the day after the last day.
      calendar.createEvent({ ...common, allDay: true, start: wallClock(row.starts_on), end: wallClock(addDays(lastDay, 1)) });
    }
  }
  return calendar.toString();
}
