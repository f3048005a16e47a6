import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PUBLISH_AT_REQUIRED_MESSAGE } from '@tca/contracts';
import { changedText, checkDraft, COVER_ALT_REQUIRED_MESSAGE, draftOfPost, emptyDraft, requestOf, statusText, toLocalInput } from './post-form.js';

const draft = { ...emptyDraft(new Date(2026, 2, 1)), title: 'Pongal at the park', body: '# Hello' };

test('a new post starts as a draft dated today; the fields as a request (no publish time unless scheduled)', () => {
  assert.equal(emptyDraft(new Date(2026, 2, 1, 10)).date, '2026-03-01');
  assert.deepEqual(requestOf({ ...draft, publishAtLocal: '2026-03-02T09:00' }), {
    title: 'Pongal at the park',
    date: '2026-03-01',
    body: '# Hello',
    coverAlt: '',
    status: 'draft',
    publishAt: null,
    ta: {},
  });
  const scheduled = requestOf({ ...draft, status: 'scheduled', publishAtLocal: '2026-03-02T09:00' });
  assert.equal(scheduled.publishAt, new Date(2026, 2, 2, 9, 0).toISOString());
});

test('the contracts\' rules before sending: title required, a real day, a scheduled post needs its time', () => {
  assert.deepEqual(checkDraft(draft, false), {});
  assert.equal(checkDraft({ ...draft, title: '  ' }, false).title, 'Title is required');
  assert.match(checkDraft({ ...draft, date: '2026-02-30' }, false).date ?? '', /YYYY-MM-DD/);
  assert.equal(checkDraft({ ...draft, status: 'scheduled' }, false).publishAt, PUBLISH_AT_REQUIRED_MESSAGE);
  assert.deepEqual(checkDraft({ ...draft, status: 'scheduled', publishAtLocal: '2026-03-02T09:00' }, false), {});
});

test('the Tamil title and body: loaded into the fields, sent when written (a blank one left out), the English limits', () => {
  const post = { key: 'p', title: 'T', date: '2026-03-01', body: 'b', status: 'draft' as const, publishAt: null, updatedAt: '2026-03-01T00:00:00.000Z', version: 1, cover: null, coverAlt: '', ta: { title: 'பொங்கல்' } };
  const loaded = draftOfPost(post);
  assert.deepEqual([loaded.taTitle, loaded.taBody], ['பொங்கல்', '']);
  assert.deepEqual(requestOf({ ...loaded, taBody: '  ' }).ta, { title: 'பொங்கல்' });
  assert.deepEqual(requestOf({ ...loaded, taBody: '# வணக்கம்' }).ta, { title: 'பொங்கல்', body: '# வணக்கம்' });
  assert.match(checkDraft({ ...loaded, taTitle: 'த'.repeat(201) }, false)['ta.title'] ?? '', /Tamil title must be at most 200/);
  assert.equal(changedText(['ta.title', 'ta.body']), 'Tamil title and Tamil text');
});

test('alt text is required when there is a cover image (stored or chosen), not without one', () => {
  assert.equal(checkDraft(draft, true).coverAlt, COVER_ALT_REQUIRED_MESSAGE);
  assert.deepEqual(checkDraft({ ...draft, coverAlt: 'Children drawing kolams' }, true), {});
  assert.deepEqual(checkDraft(draft, false), {});
});

test('a stored post in the fields, the status badge with the scheduled time, a 409\'s changed fields in words', () => {
  const at = '2026-03-01T22:30:00.000Z';
  const post = { key: 'p', title: 'T', date: '2026-03-01', body: 'b', status: 'scheduled' as const, publishAt: at, updatedAt: at, version: 3, cover: null, coverAlt: '' };
  assert.equal(draftOfPost(post).publishAtLocal, toLocalInput(at));
  assert.equal(toLocalInput(null), '');
  assert.equal(statusText(post, 'Australia/Adelaide'), 'Scheduled for 2 March 2026 at 9:00 am');
  assert.equal(statusText({ status: 'published', publishAt: null }), 'Published');
  assert.equal(statusText({ status: 'draft', publishAt: null }), 'Draft');
  assert.equal(changedText(['title']), 'title');
  assert.equal(changedText(['title', 'body', 'status']), 'title, text and status');
  assert.equal(changedText([]), '');
});
