import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONTENT_KEY_PATTERN,
  createPostRequestSchema,
  postVersionQuerySchema,
  previewRequestSchema,
  PUBLISH_AT_REQUIRED_MESSAGE,
  stalePostAnswerSchema,
  staffPostAnswerSchema,
  updatePostRequestSchema,
  contentAuditQuerySchema,
  POST_TITLE_MAX,
  POST_BODY_MAX,
} from './index.js';

const valid = { title: ' Pongal 2027 ', date: '2027-01-15', body: '# Hello\n\nText', status: 'draft' as const };

function messages(result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }): string[] {
  return result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`) ?? [];
}

describe('staff content: post requests', () => {
  it('accepts a draft, a published and a scheduled post; trims the title', () => {
    const parsed = createPostRequestSchema.parse(valid);
    assert.equal(parsed.title, 'Pongal 2027');
    assert.ok(createPostRequestSchema.safeParse({ ...valid, status: 'published', coverAlt: 'A pot' }).success);
    assert.ok(createPostRequestSchema.safeParse({ ...valid, status: 'scheduled', publishAt: '2027-01-15T09:00:00+10:30' }).success);
  });

  it('refuses an empty or long title, a day that does not exist, an unknown status, unknown fields', () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...valid, title: '  ' }, /title: Title is required/],
      [{ ...valid, title: 'x'.repeat(POST_TITLE_MAX + 1) }, /at most 200/],
      [{ ...valid, title: 'a\u0000b' }, /not allowed/],
      [{ ...valid, date: '2027-02-30' }, /date: Date must be a day/],
      [{ ...valid, date: '15/01/2027' }, /date: Date must be a day/],
      [{ ...valid, status: 'live' }, /status: Status must be/],
      [{ ...valid, extra: 1 }, /extra/],
      [{ ...valid, body: 'x'.repeat(POST_BODY_MAX + 1) }, /Body must be at most/],
      [{ ...valid, status: 'scheduled', publishAt: '2027-01-15 09:00' }, /Publish time must be/],
    ];
    for (const [input, expected] of bad) {
      const result = createPostRequestSchema.safeParse(input);
      assert.equal(result.success, false, JSON.stringify(input).slice(0, 80));
      assert.match(messages(result).join('\n') + JSON.stringify(result.error?.issues ?? []), expected);
    }
  });

  it('a scheduled post needs a publish time', () => {
    const result = createPostRequestSchema.safeParse({ ...valid, status: 'scheduled' });
    assert.deepEqual(messages(result), [`publishAt: ${PUBLISH_AT_REQUIRED_MESSAGE}`]);
  });

  it('an update carries the version it was edited from', () => {
    assert.ok(updatePostRequestSchema.safeParse({ ...valid, version: 3 }).success);
    for (const version of [undefined, 0, 1.5, '3', -1]) assert.ok(!updatePostRequestSchema.safeParse({ ...valid, version }).success, String(version));
    assert.deepEqual(postVersionQuerySchema.parse({ version: '12' }), { version: 12 });
    for (const version of ['0', '01', 'x', '', '99999999999']) assert.ok(!postVersionQuerySchema.safeParse({ version }).success, version);
  });

  it('preview takes a body only; audit query knows content actions', () => {
    assert.ok(previewRequestSchema.safeParse({ body: '' }).success);
    assert.ok(!previewRequestSchema.safeParse({ body: 1 }).success);
    assert.ok(contentAuditQuerySchema.safeParse({ action: 'post_created', limit: '10' }).success);
    assert.ok(!contentAuditQuerySchema.safeParse({ action: 'sign_in' }).success);
  });

  it('keys: letters, digits, - and _, at most 100', () => {
    assert.ok(CONTENT_KEY_PATTERN.test('pongal-2027_a'));
    for (const key of ['-a', '', 'a b', 'x'.repeat(101), 'ü']) assert.ok(!CONTENT_KEY_PATTERN.test(key), key);
  });
});

describe('staff content: answers', () => {
  const summary = { key: 'p', title: 'T', date: '2027-01-15', status: 'scheduled', publishAt: '2027-01-15T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z', version: 2, cover: null, coverAlt: '' };
  it('a post and a stale answer', () => {
    assert.ok(staffPostAnswerSchema.safeParse({ post: { ...summary, body: 'b' } }).success);
    assert.ok(!staffPostAnswerSchema.safeParse({ post: summary }).success);
    assert.ok(stalePostAnswerSchema.safeParse({ error: 'stale', message: 'm', current: summary, changed: ['title'] }).success);
    assert.ok(!stalePostAnswerSchema.safeParse({ error: 'conflict', message: 'm', current: summary, changed: [] }).success);
  });
});
