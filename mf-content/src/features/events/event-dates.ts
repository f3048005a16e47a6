import type { SiteEvent } from '@tca/contracts';
import type { Lang, Translate } from '@tca/ui/i18n';
import { daysBetween, formatDay, formatTime } from '../../shared/adelaide-date.js';
import { safeHttpUrl } from '../../shared/external-url.js';
import type { eventsBriefCatalog } from './brief/messages.js';

type Dated = Pick<SiteEvent, 'date' | 'endDate'>;

/**
 * Spec §4: started on or before today, and not yet over. An event without an end date is a one-day
 * event that is over after its day (read literally, the spec would show last month's one-day events
 * as ongoing for ever; README, differences from the specification).
 */
export function isOngoing(event: Dated, today: string): boolean {
  return event.date <= today && !hasEnded(event, today);
}

/** Spec §4: starts after today. */
export function isUpcoming(event: Dated, today: string): boolean {
  return event.date > today;
}

/** Over: its last day (the end date, else the start date) is before today. */
export function hasEnded(event: Dated, today: string): boolean {
  return (event.endDate ?? event.date) < today;
}

/** Days from today to an upcoming event's start (1 or more); null for one that has started. */
export function daysUntil(date: string, today: string): number | null {
  const days = daysBetween(today, date);
  return days < 1 ? null : days;
}

/** Spec §4: "Tomorrow" or "in N days" (in the language of `t`) for an upcoming event; null for one that has started. */
export function soonText(t: Translate<typeof eventsBriefCatalog.english>, days: number | null): string | null {
  if (days === null) return null;
  return days === 1 ? t('tomorrow') : t('soon', { n: days });
}

const byStart = (a: SiteEvent, b: SiteEvent) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '') || a.name.localeCompare(b.name);

/** A cancelled event: still listed on /events, marked, without tickets or calendar links. */
export function isCancelled(event: Pick<SiteEvent, 'status'>): boolean {
  return event.status === 'Cancelled';
}

/**
 * The two lists of /events, each soonest first: Active events and Cancelled ones (issue 14: cancelling keeps
 * an event listed, marked Cancelled, so people who planned to come find out; README, differences from the
 * specification). Drafts never reach the page (the API leaves them out); they are left out here as well.
 */
export function splitEvents(events: readonly SiteEvent[], today: string): { ongoing: SiteEvent[]; upcoming: SiteEvent[] } {
  const listed = events.filter((event) => event.status === 'Active' || isCancelled(event));
  return {
    ongoing: listed.filter((event) => isOngoing(event, today)).sort(byStart),
    upcoming: listed.filter((event) => isUpcoming(event, today)).sort(byStart),
  };
}

/**
 * The home carousel: events that have not ended, soonest first. Cancelled and draft events are left
 * out as on /events (spec §4 names only the "not ended" rule for home; showing a cancelled event
 * there would advertise something that will not happen).
 */
export function carouselEvents(events: readonly SiteEvent[], today: string): SiteEvent[] {
  return events.filter((event) => event.status === 'Active' && !hasEnded(event, today)).sort(byStart);
}


/** An event's ticket link, when it is an http(s) address; anything else counts as "no link". */
export function ticketLink(event: Pick<SiteEvent, 'eventLink'>): string | null {
  return safeHttpUrl(event.eventLink);
}

/**
 * When an event happens, for people: "Sat 14 June 2025 – Sun 15 June 2025, 6:30 pm"; in Tamil the days in
 * Tamil and a 24-hour time ("சனி, 14 ஜூன், 2025, 18:30"), as the association's Tamil e-mails write it.
 */
export function eventWhen(event: Pick<SiteEvent, 'date' | 'endDate' | 'time'>, lang: Lang = 'en'): string {
  const days = event.endDate && event.endDate !== event.date ? `${formatDay(event.date, lang)} – ${formatDay(event.endDate, lang)}` : formatDay(event.date, lang);
  if (!event.time) return days;
  return `${days}, ${formatTime(event.time, lang)}`;
}
