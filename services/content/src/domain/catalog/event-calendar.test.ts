import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventsCalendar } from './event-calendar.js';
import type { EventRow } from '../../data-access/published-content-repository.js';

describe('event calendars', () => {
  const base: EventRow = {
    key: 'fair', name: 'Fair', description: 'Food, music', starts_on: '2026-04-04', ends_on: null, time: '19:00', location: 'Town Hall',
    images: [], image_meta: [], event_link: null, status: 'Active', updated_at: new Date('2026-01-02T03:04:05Z'), name_ta: null, description_ta: null, location_ta: null,
  };

  it('writes timed events in Adelaide time with a VTIMEZONE and a 2-hour default length', () => {
    const ics = eventsCalendar([base], { publicUrl: 'https://tamil.example.org', name: 'Events' });
    assert.match(ics, /BEGIN:VTIMEZONE\r\nTZID:Australia\/Adelaide/);
    assert.match(ics, /DTSTART;TZID=Australia\/Adelaide:20260404T190000\r\n/);
    assert.match(ics, /DTEND;TZID=Australia\/Adelaide:20260404T210000\r\n/);
    assert.match(ics, /DTSTAMP:20260102T030405Z\r\n/);
    assert.match(ics, /UID:fair@tamil\.example\.org\r\n/);
    assert.match(ics, /URL;VALUE=URI:https:\/\/tamil\.example\.org\/events\r\n/);
  });

  it('writes events without a time as all-day, ending the day after their last day', () => {
    const ics = eventsCalendar([{ ...base, time: null, ends_on: '2026-04-06', status: 'Cancelled' }], { publicUrl: 'https://tamil.example.org', name: 'Events' });
    assert.match(ics, /DTSTART;VALUE=DATE:20260404\r\n/);
    assert.match(ics, /DTEND;VALUE=DATE:20260407\r\n/);
    assert.match(ics, /STATUS:CANCELLED/);
  });

  it('in Tamil: each field in Tamil where an editor wrote it, else English; the link opens the Tamil site', () => {
    // Unfolded: lines longer than 75 octets continue on the next (RFC 5545).
    const ics = eventsCalendar([{ ...base, name_ta: 'திருவிழா', description_ta: 'உணவு, இசை' }], { publicUrl: 'https://tamil.example.org', name: 'நிகழ்வுகள்', lang: 'ta' }).replaceAll('\r\n ', '');
    assert.match(ics, /SUMMARY:திருவிழா\r\n/);
    assert.match(ics, /DESCRIPTION:உணவு\\, இசை\r\n/);
    // No Tamil place was written: the English one.
    assert.match(ics, /LOCATION:Town Hall\r\n/);
    assert.match(ics, /URL;VALUE=URI:https:\/\/tamil\.example\.org\/events\?lang=ta\r\n/);
    assert.match(ics, /X-WR-CALNAME:நிகழ்வுகள்\r\n/);
    // The English calendar of the same event keeps its English fields.
    assert.match(eventsCalendar([{ ...base, name_ta: 'திருவிழா' }], { publicUrl: 'https://tamil.example.org', name: 'Events' }), /SUMMARY:Fair\r\n/);
  });

  it('carries a late timed event past midnight', () => {
    const ics = eventsCalendar([{ ...base, time: '23:00' }], { publicUrl: 'https://tamil.example.org', name: 'Events' });
    assert.match(ics, /DTEND;TZID=Australia\/Adelaide:20260405T010000\r\n/);
  });
});
