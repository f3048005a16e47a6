import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { EVENTS_CALENDAR_PATH, eventCalendarPath, uploadUrl } from './content-paths.js';
import { serviceForPath } from './api-routes.js';
import { PROPERTY_RUNS } from './testing/schema-checks.js';

test('§7 /uploads/(file): the file name URL-encoded', () => {
  assert.equal(uploadUrl('Sponsor Logo.png'), '/uploads/Sponsor%20Logo.png');
  assert.equal(uploadUrl('a/../b.png'), '/uploads/a%2F..%2Fb.png');
  assert.equal(uploadUrl('மீனா.webp'), '/uploads/%E0%AE%AE%E0%AF%80%E0%AE%A9%E0%AE%BE.webp');
});

test('calendars: one event and the feed', () => {
  assert.equal(eventCalendarPath('fair 2026'), '/events/fair%202026.ics');
  assert.equal(EVENTS_CALENDAR_PATH, '/events/calendar.ics');
});

test('property: any file name or event id stays one path segment, decodes back, and reaches the content service', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), (name) => {
      const upload = uploadUrl(name);
      const calendar = eventCalendarPath(name);
      const segment = upload.slice('/uploads/'.length);
      return (
        !segment.includes('/') &&
        decodeURIComponent(segment) === name &&
        decodeURIComponent(calendar.slice('/events/'.length, -'.ics'.length)) === name &&
        serviceForPath(upload) === 'content' &&
        serviceForPath(calendar) === 'content'
      );
    }),
    PROPERTY_RUNS,
  );
});
