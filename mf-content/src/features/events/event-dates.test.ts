import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SiteEvent } from '@tca/contracts';
import { adelaideDay, daysBetween, formatDay, formatTime } from '../../shared/adelaide-date.js';
import { setLang, translator } from '@tca/ui/i18n';
import { carouselEvents, daysUntil, eventWhen, hasEnded, isCancelled, isOngoing, isUpcoming, soonText, splitEvents, ticketLink } from './event-dates.js';
import { eventsBriefCatalog } from './brief/messages.js';

function event(overrides: Partial<SiteEvent>): SiteEvent {
  return {
    _id: overrides.name ?? 'e',
    name: 'e',
    description: '',
    date: '2025-06-10',
    endDate: null,
    time: null,
    location: 'Adelaide',
    images: [],
    imageMeta: [],
    eventLink: null,
    status: 'Active',
    ...overrides,
  };
}

test('"today" is the calendar day in Adelaide, not in UTC', () => {
  // 14:00 UTC on 9 June is 23:30 in Adelaide (UTC+9:30 in winter); 15:00 UTC is already 10 June there.
  assert.equal(adelaideDay(new Date('2025-06-09T14:00:00Z')), '2025-06-09');
  assert.equal(adelaideDay(new Date('2025-06-09T14:30:00Z')), '2025-06-10');
  // Summer time (UTC+10:30): 13:30 UTC on 31 Dec is already New Year's Day in Adelaide.
  assert.equal(adelaideDay(new Date('2025-12-31T13:30:00Z')), '2026-01-01');
});

test('ongoing: started on or before today, and its last day (end date, else start date) is today or later', () => {
  const today = '2025-06-10';
  assert.equal(isOngoing(event({ date: '2025-06-10' }), today), true);
  assert.equal(isOngoing(event({ date: '2025-06-01', endDate: '2025-06-10' }), today), true);
  assert.equal(isOngoing(event({ date: '2025-06-01', endDate: '2025-06-09' }), today), false);
  assert.equal(isOngoing(event({ date: '2025-06-01' }), today), false, 'no end date: a one-day event, over after its day');
  assert.equal(isOngoing(event({ date: '2025-06-11' }), today), false);
});

test('upcoming: starts after today; ended: its last day is before today', () => {
  const today = '2025-06-10';
  assert.equal(isUpcoming(event({ date: '2025-06-11' }), today), true);
  assert.equal(isUpcoming(event({ date: '2025-06-10' }), today), false);
  assert.equal(hasEnded(event({ date: '2025-06-09' }), today), true);
  assert.equal(hasEnded(event({ date: '2025-06-01', endDate: '2025-06-10' }), today), false);
  assert.equal(hasEnded(event({ date: '2025-06-10' }), today), false);
});

test('an upcoming event reads Tomorrow or in N days, across month and year ends', () => {
  const soon = (date: string, today: string) => soonText(translator(eventsBriefCatalog), daysUntil(date, today));
  assert.equal(soon('2025-06-11', '2025-06-10'), 'Tomorrow');
  assert.equal(soon('2025-06-13', '2025-06-10'), 'in 3 days');
  assert.equal(soon('2026-01-02', '2025-12-31'), 'in 2 days');
  assert.equal(soon('2025-06-10', '2025-06-10'), null);
  assert.equal(soon('2025-06-01', '2025-06-10'), null);
  assert.equal(daysBetween('2025-10-04', '2025-10-06'), 2, 'a daylight-saving change does not shift the count');
  assert.throws(() => daysBetween('2025-6-1', '2025-06-10'), RangeError);
});

test('/events lists Active and Cancelled events (never drafts), each section soonest first; the carousel Active ones only', () => {
  const today = '2025-06-10';
  const list = [
    event({ name: 'later', date: '2025-07-01' }),
    event({ name: 'soon', date: '2025-06-12' }),
    event({ name: 'cancelled', date: '2025-06-12', status: 'Cancelled' }),
    event({ name: 'festival', date: '2025-06-08', endDate: '2025-06-14' }),
    event({ name: 'today', date: '2025-06-10', time: '18:00' }),
    event({ name: 'draft today', date: '2025-06-10', status: 'Draft' }),
    event({ name: 'past', date: '2025-06-01', endDate: '2025-06-09' }),
  ];
  const { ongoing, upcoming } = splitEvents(list, today);
  assert.deepEqual(ongoing.map((e) => e.name), ['festival', 'today']);
  assert.deepEqual(upcoming.map((e) => e.name), ['cancelled', 'soon', 'later']);
  assert.deepEqual(list.filter(isCancelled).map((e) => e.name), ['cancelled']);
  assert.deepEqual(carouselEvents(list, today).map((e) => e.name), ['festival', 'today', 'soon', 'later']);
});

test('only http(s) ticket links are offered', () => {
  assert.equal(ticketLink(event({ eventLink: 'https://tickets.example.org/x' })), 'https://tickets.example.org/x');
  assert.equal(ticketLink(event({ eventLink: 'javascript:alert(1)' })), null);
  assert.equal(ticketLink(event({ eventLink: 'not a url' })), null);
  assert.equal(ticketLink(event({ eventLink: null })), null);
  assert.equal(ticketLink(event({ eventLink: '' })), null);
});

test('dates and times are written for people', () => {
  assert.equal(formatDay('2025-06-14'), 'Sat 14 June 2025');
  assert.equal(formatTime('18:30'), '6:30 pm');
  assert.equal(formatTime('00:05'), '12:05 am');
  assert.equal(formatTime('12:00'), '12:00 pm');
});

test('an event says when it happens', () => {
  assert.equal(eventWhen(event({ date: '2025-06-14', time: '18:30' })), 'Sat 14 June 2025, 6:30 pm');
  assert.equal(eventWhen(event({ date: '2025-06-14', endDate: '2025-06-15' })), 'Sat 14 June 2025 – Sun 15 June 2025');
  assert.equal(eventWhen(event({ date: '2025-06-14', endDate: '2025-06-14' })), 'Sat 14 June 2025');
});

test('in Tamil: Tamil day names, a 24-hour time, நாளை and N நாட்களில்', async () => {
  assert.equal(eventWhen(event({ date: '2025-06-14', time: '18:30' }), 'ta'), 'சனி, 14 ஜூன், 2025, 18:30');
  assert.equal(eventWhen(event({ date: '2025-06-14', endDate: '2025-06-15' }), 'ta'), 'சனி, 14 ஜூன், 2025 – ஞாயிறு, 15 ஜூன், 2025');
  await setLang('ta', { remember: false });
  try {
    const t = translator(eventsBriefCatalog);
    assert.equal(soonText(t, daysUntil('2025-06-11', '2025-06-10')), 'நாளை');
    assert.equal(soonText(t, daysUntil('2025-06-13', '2025-06-10')), '3 நாட்களில்');
  } finally {
    await setLang('en', { remember: false });
  }
});
