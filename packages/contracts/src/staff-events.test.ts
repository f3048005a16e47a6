import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contentAuditQuerySchema,
  createEventRequestSchema,
  END_DATE_BEFORE_MESSAGE,
  EVENT_IMAGES_MAX,
  EVENT_NAME_MAX,
  eventVersionQuerySchema,
  IMAGE_ALT_REQUIRED_MESSAGE,
  staleEventAnswerSchema,
  staffEventAnswerSchema,
  updateEventRequestSchema,
} from './index.js';
import { problems, type Parser } from './testing/schema-checks.js';

const valid = {
  name: ' Pongal Festival ',
  description: 'Music and food.',
  date: '2027-01-15',
  endDate: null,
  time: '18:30',
  location: 'Adelaide Town Hall',
  eventLink: 'https://tickets.example.org/pongal',
  status: 'Active' as const,
};

/** Each field's first message as `path: message`. */
const messageLines = (schema: Parser, value: unknown): string[] => Object.entries(problems(schema, value)).map(([path, message]) => `${path}: ${message}`);

describe('staff events: requests', () => {
  it('accepts an active, a cancelled and a draft event; all-day, several days, no ticket link; trims the name', () => {
    assert.equal(createEventRequestSchema.parse(valid).name, 'Pongal Festival');
    for (const status of ['Active', 'Cancelled', 'Draft'] as const) assert.ok(createEventRequestSchema.safeParse({ ...valid, status }).success, status);
    assert.ok(createEventRequestSchema.safeParse({ ...valid, time: null, endDate: '2027-01-17', eventLink: null }).success);
    assert.ok(createEventRequestSchema.safeParse({ ...valid, endDate: '2027-01-15' }).success, 'the same day');
  });

  it('names each wrong field: empty or long name, days that do not exist, a time, an end before the start, a link, a status, unknown fields', () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...valid, name: '   ' }, /^name: Name is required$/],
      [{ ...valid, name: 'x'.repeat(EVENT_NAME_MAX + 1) }, /^name: Name must be at most 200/],
      [{ ...valid, name: 'a\u0000b' }, /^name: .*not allowed/],
      [{ ...valid, date: '2027-02-30' }, /^date: Date must be a day written YYYY-MM-DD$/],
      [{ ...valid, endDate: '17/01/2027' }, /^endDate: End date must be a day/],
      [{ ...valid, endDate: '2027-01-14' }, new RegExp(`^endDate: ${END_DATE_BEFORE_MESSAGE}$`)],
      [{ ...valid, time: '7pm' }, /^time: Time must be a time written HH:MM/],
      [{ ...valid, time: '24:00' }, /^time: Time must be/],
      [{ ...valid, eventLink: 'javascript:alert(1)' }, /^eventLink: Ticket link must be a link starting with http/],
      [{ ...valid, eventLink: 'ftp://example.org' }, /^eventLink: Ticket link must be a link/],
      [{ ...valid, status: 'Postponed' }, /^status: Status must be one of Active, Cancelled, Draft$/],
      [{ ...valid, extra: 1 }, /extra/],
      [{ ...valid, location: undefined }, /^location: /],
    ];
    for (const [input, pattern] of bad) {
      const found = messageLines(createEventRequestSchema, input);
      assert.ok(found.some((line) => pattern.test(line)), `${JSON.stringify(input).slice(0, 80)} -> ${found.join(' | ')}`);
    }
  });

  it('an update carries the pictures to keep, each with alt text, and the version', () => {
    const update = { ...valid, images: [{ file: 'a-640-0123.webp', alt: ' A stage ' }], version: 3 };
    assert.equal(updateEventRequestSchema.parse(update).images[0]?.alt, 'A stage');
    const noAlt = messageLines(updateEventRequestSchema, { ...update, images: [{ file: 'a.webp', alt: '  ' }] });
    assert.deepEqual(noAlt, [`images.0.alt: ${IMAGE_ALT_REQUIRED_MESSAGE}`]);
    const many = Array.from({ length: EVENT_IMAGES_MAX + 1 }, (_, i) => ({ file: `f${i}.webp`, alt: 'x' }));
    assert.ok(!updateEventRequestSchema.safeParse({ ...update, images: many }).success);
    for (const version of [0, 1.5, '3', undefined]) assert.ok(!updateEventRequestSchema.safeParse({ ...update, version }).success, String(version));
    assert.ok(!createEventRequestSchema.safeParse({ ...valid, images: [] }).success, 'pictures are uploaded, not created');
  });

  it('?version=N of DELETE and uploads', () => {
    assert.deepEqual(eventVersionQuerySchema.parse({ version: '7' }), { version: 7 });
    for (const version of ['0', '07', 'x', '', '99999999999']) {
      assert.match(messageLines(eventVersionQuerySchema, { version }).join(), /version of the event/, version);
    }
  });

  it('the owner can filter content\'s audit log by event actions', () => {
    for (const action of ['event_created', 'event_updated', 'event_cancelled', 'event_deleted', 'event_image_added']) {
      assert.ok(contentAuditQuerySchema.safeParse({ action }).success, action);
    }
  });
});

describe('staff events: answers', () => {
  const event = {
    key: 'pongal-festival', name: 'Pongal Festival', description: '', date: '2027-01-15', endDate: null, time: null, location: '',
    eventLink: null, status: 'Cancelled', updatedAt: '2026-11-27T10:00:00.000Z', version: 2, imageCount: 1,
    images: [{ url: '/uploads/a.webp', file: 'a.webp', alt: 'A stage', width: 640, height: 480 }],
  };
  it('an event and a 409 stale answer parse', () => {
    assert.ok(staffEventAnswerSchema.safeParse({ event, message: 'Event saved.' }).success);
    assert.ok(staleEventAnswerSchema.safeParse({ error: 'stale', message: 'x', current: event, changed: ['status'] }).success);
    assert.ok(!staleEventAnswerSchema.safeParse({ error: 'stale', message: 'x', current: { ...event, status: 'Gone' }, changed: [] }).success);
  });
});
