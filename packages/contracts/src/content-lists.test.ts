import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blogSummarySchema, eventSchema, latestPostsSchema } from './content-lists.js';

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
