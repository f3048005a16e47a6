import assert from 'node:assert/strict';
import { test } from 'node:test';
import { END_DATE_BEFORE_MESSAGE, IMAGE_ALT_REQUIRED_MESSAGE, type StaffEvent } from '@tca/contracts';
import { changedEventText, checkEventDraft, draftOfEvent, emptyEventDraft, movedImage, requestOf, updateOf, whenText, type EventDraft } from './event-form.js';

const event: StaffEvent = {
  key: 'pongal',
  name: 'Pongal',
  description: 'Sweet pongal',
  date: '2030-01-15',
  endDate: null,
  time: '18:30',
  location: 'Town Hall',
  eventLink: null,
  status: 'Active',
  updatedAt: '2026-11-27T10:00:00.000Z',
  version: 4,
  imageCount: 2,
  images: [
    { url: '/uploads/a.webp', file: 'a.webp', alt: 'Stage', width: 640, height: 480 },
    { url: '/uploads/b.webp', file: 'b.webp', alt: 'Kolam', width: 640, height: 480 },
  ],
};

test('a loaded event becomes the fields and back into the same request (empty optional fields are none)', () => {
  const draft = draftOfEvent(event);
  assert.equal(draft.endDate, '');
  assert.equal(draft.eventLink, '');
  assert.deepEqual(updateOf(draft, event.version), {
    name: 'Pongal', description: 'Sweet pongal', date: '2030-01-15', endDate: null, time: '18:30', location: 'Town Hall', eventLink: null, status: 'Active',
    images: [{ file: 'a.webp', alt: 'Stage' }, { file: 'b.webp', alt: 'Kolam' }], version: 4, ta: {},
  });
  assert.equal(requestOf({ ...draft, time: '  ', eventLink: ' https://x.org ' }).eventLink, 'https://x.org');
});

test('the Tamil name, description and place: loaded into the fields, sent when written, a blank one left out', () => {
  const draft = draftOfEvent({ ...event, ta: { name: 'பொங்கல்', location: 'நகர மண்டபம்' } });
  assert.deepEqual([draft.taName, draft.taDescription, draft.taLocation], ['பொங்கல்', '', 'நகர மண்டபம்']);
  assert.deepEqual(requestOf({ ...draft, taLocation: '   ' }).ta, { name: 'பொங்கல்' });
  const errors = checkEventDraft({ ...draft, taName: 'ப'.repeat(500) });
  assert.deepEqual(Object.keys(errors), ['ta.name']);
  assert.match(errors['ta.name'] ?? '', /Tamil name must be at most/);
  assert.equal(changedEventText(['ta.name', 'status']), 'Tamil name and status');
});

test('the form checks the contracts\' rules before sending: each message under its field', () => {
  const blank = checkEventDraft(emptyEventDraft());
  assert.equal(blank.name, 'Name is required');
  assert.equal(blank.date, 'Date is required');
  assert.match(checkEventDraft({ ...emptyEventDraft(), date: '2030-02-30' }).date ?? '', /Date must be a day/);
  const draft: EventDraft = { ...draftOfEvent(event), endDate: '2030-01-14', time: '7pm', eventLink: 'javascript:alert(1)' };
  const errors = checkEventDraft(draft);
  assert.equal(errors.endDate, END_DATE_BEFORE_MESSAGE);
  assert.match(errors.time ?? '', /HH:MM/);
  assert.match(errors.eventLink ?? '', /http/);
  assert.equal(errors.name, undefined);
  assert.deepEqual(checkEventDraft(draftOfEvent(event)), {}, 'a stored event is valid as it is');
});

test('every kept picture needs alt text', () => {
  const draft = draftOfEvent(event);
  const errors = checkEventDraft({ ...draft, images: draft.images.map((image, index) => (index === 1 ? { ...image, alt: '  ' } : image)) });
  assert.deepEqual(errors, { 'images.1': IMAGE_ALT_REQUIRED_MESSAGE });
});

test('pictures move one place earlier or later, never out of the list', () => {
  assert.deepEqual(movedImage(['a', 'b', 'c'], 2, -1), ['a', 'c', 'b']);
  assert.deepEqual(movedImage(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c']);
  assert.deepEqual(movedImage(['a', 'b', 'c'], 0, -1), ['a', 'b', 'c']);
  assert.deepEqual(movedImage(['a', 'b', 'c'], 2, 1), ['a', 'b', 'c']);
});

test('when and what changed, in words', () => {
  assert.equal(whenText(event), '2030-01-15, 18:30');
  assert.equal(whenText({ date: '2030-01-15', endDate: '2030-01-17', time: null }), '2030-01-15 to 2030-01-17, all day');
  assert.equal(changedEventText(['status']), 'status');
  assert.equal(changedEventText(['name', 'eventLink', 'images']), 'name, ticket link and pictures');
  assert.equal(changedEventText([]), '');
});
