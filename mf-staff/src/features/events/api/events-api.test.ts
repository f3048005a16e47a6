import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EVENT_IMAGE_ALT_FIELD, EVENT_IMAGE_FIELD, EVENT_STALE_MESSAGE, type StaffEvent } from '@tca/contracts';
import { answering, jsonResponse, type FetchCall } from '@tca/ui/testing/api-doubles';
import { addEventImage } from './add-event-image.js';
import { createEvent } from './create-event.js';
import { deleteEvent } from './delete-event.js';
import { getEvent } from './get-event.js';
import { listEvents } from './list-events.js';
import { updateEvent } from './update-event.js';

const event: StaffEvent = {
  key: 'pongal 2030',
  name: 'Pongal',
  description: '',
  date: '2030-01-15',
  endDate: null,
  time: '18:30',
  location: 'Hall',
  eventLink: null,
  status: 'Draft',
  updatedAt: '2026-11-27T10:00:00.000Z',
  version: 2,
  imageCount: 0,
  images: [],
};
const fields = { name: 'Pongal', description: '', date: '2030-01-15', endDate: null, time: '18:30', location: 'Hall', eventLink: null, status: 'Draft' as const };

test('list, get and create: paths (keys encoded), methods, token and parsed answers', async () => {
  const calls: FetchCall[] = [];
  const list = await listEvents('tok', undefined, answering(() => jsonResponse(200, { events: [event] }), calls));
  assert.equal(list.kind === 'ok' && list.answer?.events[0]?.name, 'Pongal');
  const got = await getEvent('tok', event.key, undefined, answering(() => jsonResponse(200, { event }), calls));
  assert.equal(got.kind === 'ok' && got.answer?.event.version, 2);
  const made = await createEvent('tok', fields, answering(() => jsonResponse(201, { event, message: 'Event created.' }), calls));
  assert.equal(made.kind === 'ok' && made.answer?.message, 'Event created.');
  assert.deepEqual(
    calls.map((call) => `${call.init.method} ${call.input}`),
    ['GET /staff-api/content/events', 'GET /staff-api/content/events/pongal%202030', 'POST /staff-api/content/events'],
  );
  assert.equal((calls[2]?.init.headers as Record<string, string>).Authorization, 'Bearer tok');
  assert.deepEqual(JSON.parse(String(calls[2]?.init.body)), fields);
});

test('a 409 on save, delete or upload brings the current event and the changed fields; other failures none', async () => {
  const stale = { error: 'stale', message: EVENT_STALE_MESSAGE, current: { ...event, status: 'Cancelled', version: 3 }, changed: ['status'] };
  const calls: FetchCall[] = [];
  const saved = await updateEvent('tok', event.key, { ...fields, images: [], version: 2 }, answering(() => jsonResponse(409, stale), calls));
  assert.equal(saved.result.kind === 'http' && saved.result.error?.message, EVENT_STALE_MESSAGE);
  assert.deepEqual(saved.stale?.changed, ['status']);
  assert.equal(saved.stale?.current.status, 'Cancelled');
  const removed = await deleteEvent('tok', event.key, 2, answering(() => jsonResponse(409, { ...stale, changed: [] }), calls));
  assert.deepEqual(removed.stale?.changed, []);
  assert.deepEqual(calls.map((call) => `${call.init.method} ${call.input}`), ['PUT /staff-api/content/events/pongal%202030', 'DELETE /staff-api/content/events/pongal%202030?version=2']);
  const other = await updateEvent('tok', event.key, { ...fields, images: [], version: 2 }, answering(() => jsonResponse(400, { error: 'validation_failed', message: 'x', fields: { 'images.0': 'Describe the picture' } })));
  assert.equal(other.stale, null);
  assert.equal(other.result.kind === 'http' && other.result.error?.fields?.['images.0'], 'Describe the picture');
});

test('a picture goes as multipart (alt text and file in the contracts\' fields) with the version', async () => {
  const calls: FetchCall[] = [];
  const image = { url: '/uploads/a.webp', file: 'a.webp', alt: 'The stage', width: 640, height: 480 };
  const sent = await addEventImage('tok', event.key, 2, { file: new Blob([new Uint8Array([1, 2])], { type: 'image/png' }), fileName: 'stage.png', alt: 'The stage' }, answering(() => jsonResponse(201, { event: { ...event, images: [image] } }), calls));
  assert.equal(sent.result.kind === 'ok' && sent.result.answer?.event.images[0]?.url, '/uploads/a.webp');
  assert.equal(calls[0]?.input, '/staff-api/content/events/pongal%202030/images?version=2');
  assert.equal(calls[0]?.init.method, 'POST');
  const form = calls[0]?.init.body;
  assert.ok(form instanceof FormData);
  assert.equal(form.get(EVENT_IMAGE_ALT_FIELD), 'The stage');
  const file = form.get(EVENT_IMAGE_FIELD);
  assert.ok(file instanceof File);
  assert.equal(file.name, 'stage.png');
});
