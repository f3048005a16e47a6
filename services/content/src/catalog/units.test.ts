import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, instantToSite, isCalendarDate, resolveDate, siteTimeToInstant, siteToday } from './dates.js';
import { renderMarkdown } from './markdown.js';
import { eventsCalendar } from './calendar.js';
import type { EventRow } from './lists.js';

describe('site dates (Australia/Adelaide)', () => {
  it('takes "today" from the Adelaide calendar, not UTC', () => {
    // 2026-01-10 14:00 UTC is 00:30 on the 11th in Adelaide (ACDT, +10:30).
    assert.equal(siteToday(new Date('2026-01-10T14:00:00Z')), '2026-01-11');
    assert.equal(siteToday(new Date('2026-01-10T13:00:00Z')), '2026-01-10');
    // Winter (ACST, +09:30): 14:00 UTC is 23:30 the same day.
    assert.equal(siteToday(new Date('2026-07-10T14:00:00Z')), '2026-07-10');
  });

  it('resolves absolute and relative dates and rejects the rest', () => {
    assert.equal(resolveDate('2026-02-28', '2026-01-01'), '2026-02-28');
    assert.equal(resolveDate('today', '2026-02-27'), '2026-02-27');
    assert.equal(resolveDate('today+3', '2026-02-27'), '2026-03-02');
    assert.equal(resolveDate('today-60', '2026-02-27'), '2025-12-29');
    assert.equal(resolveDate('2026-02-30', '2026-01-01'), undefined);
    assert.equal(resolveDate('tomorrow', '2026-01-01'), undefined);
    assert.equal(resolveDate('27/02/2026', '2026-01-01'), undefined);
    assert.equal(isCalendarDate('2024-02-29'), true);
    assert.equal(addDays('2024-12-31', 1), '2025-01-01');
  });

  it('converts Adelaide wall-clock times to instants on both sides of daylight saving', () => {
    assert.equal(siteTimeToInstant('2026-01-15', '18:30').toISOString(), '2026-01-15T08:00:00.000Z');
    assert.equal(siteTimeToInstant('2026-07-15', '18:30').toISOString(), '2026-07-15T09:00:00.000Z');
    assert.deepEqual(instantToSite(new Date('2026-07-15T09:00:00Z')), { date: '2026-07-15', time: '18:30:00' });
  });
});

describe('post bodies', () => {
  it('renders Markdown and keeps only safe HTML', () => {
    const html = renderMarkdown('# Title\n\nSome **bold** [link](https://example.org) and [bad](javascript:alert(1)).\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> <iframe src="https://evil.example"></iframe> <p onclick="x()" style="color:red">styled</p>');
    assert.match(html, /<h2>Title<\/h2>/);
    assert.match(html, /<strong>bold<\/strong>/);
    assert.match(html, /<a href="https:\/\/example.org" rel="noopener noreferrer">link<\/a>/);
    for (const bad of ['<script', 'alert(1)</script', '<img', 'onerror', '<iframe', 'onclick', 'style=', 'javascript:']) assert.ok(!html.includes(bad), `${bad} in ${html}`);
  });

  it('forces rel="noopener noreferrer" on every link, whatever the author wrote', () => {
    const html = renderMarkdown('<a href="https://example.org" rel="opener" target="_blank">x</a>');
    assert.equal(html, '<p><a href="https://example.org" rel="noopener noreferrer">x</a></p>');
  });
});

describe('event calendars', () => {
  const base: EventRow = {
    key: 'fair', name: 'Fair', description: 'Food, music', starts_on: '2026-04-04', ends_on: null, time: '19:00', location: 'Town Hall',
    images: [], image_meta: [], event_link: null, status: 'Active', updated_at: new Date('2026-01-02T03:04:05Z'),
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

  it('carries a late timed event past midnight', () => {
    const ics = eventsCalendar([{ ...base, time: '23:00' }], { publicUrl: 'https://tamil.example.org', name: 'Events' });
    assert.match(ics, /DTEND;TZID=Australia\/Adelaide:20260405T010000\r\n/);
  });
});
