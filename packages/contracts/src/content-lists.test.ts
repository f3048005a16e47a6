import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  BLOG_EXCERPT_MAX,
  blogListSchema,
  blogPostSchema,
  blogSummarySchema,
  EVENT_STATUSES,
  eventListSchema,
  eventSchema,
  galleryEventSchema,
  galleryListSchema,
  imageMetaSchema,
  ISO_DATE_PATTERN,
  LATEST_POSTS_COUNT,
  latestPostsSchema,
  sponsorListSchema,
  sponsorSchema,
  teamListSchema,
  teamMemberSchema,
  TIME_OF_DAY_PATTERN,
} from './content-lists.js';
import { PROPERTY_RUNS } from './testing/schema-checks.js';

const summary = { _id: 'pongal', name: 'Pongal', excerpt: 'A harvest festival.', image: null, imageMeta: null, date: '2026-01-14T00:00:00.000Z' };

test('a post summary has no body', () => {
  assert.deepEqual(blogSummarySchema.parse(summary), summary);
  assert.equal(latestPostsSchema.safeParse([{ ...summary, excerpt: 1 }]).success, false);
});

test('an event date and time keep their formats', () => {
  const event = {
    _id: 'fair', name: 'Fair', description: '', date: '2026-03-01', endDate: null, time: '18:30', location: 'Hall',
    images: [], imageMeta: [], eventLink: null, status: 'Active',
  };
  assert.equal(eventSchema.safeParse(event).success, true);
  assert.equal(eventSchema.safeParse({ ...event, time: '25:00' }).success, false);
  assert.equal(eventSchema.safeParse({ ...event, date: 'next week' }).success, false);
  assert.equal(eventSchema.safeParse({ ...event, status: 'Maybe' }).success, false);
});

// ---------------------------------------------------------------------------------------------
// Every list of §3/§7, field by field (the content service's tests hold its answers to these).
// ---------------------------------------------------------------------------------------------

const meta = { file: 'pongal-1200.webp', width: 1200, height: 800, alt: 'Kolam at Pongal', variants: [{ file: 'pongal-600.webp', width: 600 }, { file: 'pongal-1200.webp', width: 1200 }] };
const post = { _id: 'pongal', name: 'Pongal', desc: '# Pongal', html: '<h3>Pongal</h3>', image: 'pongal-1200.webp', imageMeta: meta, date: '2026-01-14T00:00:00.000Z' };
const galleryEvent = { _id: 'g1', name: 'Pongal 2026', date: '2026-01-14', images: ['pongal-1200.webp'], imageMeta: [meta] };
const member = { _id: 't1', name: 'Anu', designation: 'President', description: 'Anu leads.', image: null, imageMeta: null };
const siteEvent = {
  _id: 'fair', name: 'Fair', description: 'Stalls', date: '2026-03-01', endDate: '2026-03-02', time: '18:30', location: 'Hall',
  images: ['/uploads/fair.webp'], imageMeta: [meta], eventLink: 'https://tickets.example/fair', status: 'Active',
};
const sponsor = { _id: 's1', name: 'Spice Shop', image: 'Spice Logo.png', imageMeta: null, link: null };

/** A copy of `value` without `key`. */
function without(value: object, key: string): object {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
}

test('every field of each list item is required (nullable ones take null, never absence)', () => {
  const cases: Array<[string, { safeParse(value: unknown): { success: boolean } }, object]> = [
    ['blog post', blogPostSchema, post],
    ['gallery event', galleryEventSchema, galleryEvent],
    ['team member', teamMemberSchema, member],
    ['event', eventSchema, siteEvent],
    ['sponsor', sponsorSchema, sponsor],
    ['image meta', imageMetaSchema, meta],
  ];
  for (const [label, schema, value] of cases) {
    assert.equal(schema.safeParse(value).success, true, label);
    for (const key of Object.keys(value)) assert.equal(schema.safeParse(without(value, key)).success, false, `${label} without ${key}`);
  }
});

test('nullable fields: images, metadata, end date, time, links', () => {
  assert.equal(blogPostSchema.safeParse({ ...post, image: null, imageMeta: null }).success, true);
  assert.equal(eventSchema.safeParse({ ...siteEvent, endDate: null, time: null, eventLink: null }).success, true);
  assert.equal(sponsorSchema.safeParse({ ...sponsor, link: 'https://spice.example' }).success, true);
  assert.equal(galleryEventSchema.safeParse({ ...galleryEvent, images: null }).success, false);
});

test('image sizes are positive whole numbers', () => {
  for (const width of [0, -1, 1.5]) assert.equal(imageMetaSchema.safeParse({ ...meta, width }).success, false, String(width));
  assert.equal(imageMetaSchema.safeParse({ ...meta, variants: [{ file: 'a.webp', width: 0 }] }).success, false);
  assert.equal(imageMetaSchema.safeParse({ ...meta, height: 1 }).success, true);
});

test('dates: gallery and event days are YYYY-MM-DD; event statuses are Active, Cancelled or Draft', () => {
  assert.equal(galleryEventSchema.safeParse({ ...galleryEvent, date: '14/01/2026' }).success, false);
  assert.equal(eventSchema.safeParse({ ...siteEvent, endDate: 'soon' }).success, false);
  assert.deepEqual([...EVENT_STATUSES], ['Active', 'Cancelled', 'Draft']);
  for (const status of EVENT_STATUSES) assert.equal(eventSchema.safeParse({ ...siteEvent, status }).success, true, status);
});

test('the lists are arrays of their items', () => {
  const lists: Array<[string, { safeParse(value: unknown): { success: boolean } }, object]> = [
    ['blog', blogListSchema, post],
    ['gallery', galleryListSchema, galleryEvent],
    ['team', teamListSchema, member],
    ['events', eventListSchema, siteEvent],
    ['sponsors', sponsorListSchema, sponsor],
  ];
  for (const [label, schema, item] of lists) {
    assert.equal(schema.safeParse([]).success, true, label);
    assert.equal(schema.safeParse([item, item]).success, true, label);
    assert.equal(schema.safeParse(item).success, false, `${label}: one item is not a list`);
    assert.equal(schema.safeParse([item, {}]).success, false, `${label}: every item is checked`);
  }
});

test('§2.3: the home page shows the 3 latest posts; excerpts are cut at 200 characters', () => {
  assert.equal(LATEST_POSTS_COUNT, 3);
  assert.equal(BLOG_EXCERPT_MAX, 200);
  assert.equal(blogSummarySchema.safeParse({ ...summary, desc: 'body' }).success, true, 'extra keys are dropped, not refused');
  assert.equal('desc' in blogSummarySchema.parse({ ...summary, desc: 'body' }), false);
});

test('property: ISO_DATE_PATTERN and TIME_OF_DAY_PATTERN accept exactly their written forms', () => {
  const two = (n: number) => String(n).padStart(2, '0');
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (y, m, d) =>
      ISO_DATE_PATTERN.test(`${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`) && !ISO_DATE_PATTERN.test(`${y}-${m}-${d}x`),
    ),
    PROPERTY_RUNS,
  );
  fc.assert(fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (h, m) => TIME_OF_DAY_PATTERN.test(`${two(h)}:${two(m)}`) === (h < 24 && m < 60)), PROPERTY_RUNS);
});
