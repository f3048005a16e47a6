import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createAlbumRequestSchema,
  createEventRequestSchema,
  createPostRequestSchema,
  createSponsorRequestSchema,
  createTeamMemberRequestSchema,
  EVENT_DESCRIPTION_MAX,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  staffAlbumSummarySchema,
  staffPostSchema,
  TEAM_NAME_MAX,
  updateEventRequestSchema,
  updatePostRequestSchema,
} from './index.js';

const post = { title: 'Pongal', date: '2026-01-14', body: 'Body', status: 'draft' } as const;
const event = { name: 'Pongal', description: '', date: '2026-01-14', endDate: null, time: null, location: '', eventLink: null, status: 'Active' } as const;

function messages(result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }): string {
  return result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`).join('\n') ?? '';
}

describe('staff requests: the Tamil versions (issue 17)', () => {
  it('a post takes a Tamil title and body; without ta it parses as before', () => {
    assert.deepEqual(createPostRequestSchema.parse({ ...post, ta: { title: ' பொங்கல் ', body: 'உடல்\n' } }).ta, { title: 'பொங்கல்', body: 'உடல்\n' });
    assert.equal('ta' in createPostRequestSchema.parse(post), false);
    assert.deepEqual(updatePostRequestSchema.parse({ ...post, version: 2, ta: {} }).ta, {});
  });

  it('a blank Tamil field is none: left out of the parsed request', () => {
    assert.deepEqual(createPostRequestSchema.parse({ ...post, ta: { title: '   ', body: ' \n ' } }).ta, {});
    assert.deepEqual(createEventRequestSchema.parse({ ...event, ta: { name: 'பொங்கல் விழா', description: '', location: '  ' } }).ta, { name: 'பொங்கல் விழா' });
    assert.deepEqual(createAlbumRequestSchema.parse({ name: 'Pongal', date: '2026-01-14', ta: { name: '' } }).ta, {});
    assert.deepEqual(createSponsorRequestSchema.parse({ name: 'Kadal', ta: { name: 'கடல்' } }).ta, { name: 'கடல்' });
    assert.deepEqual(createTeamMemberRequestSchema.parse({ name: 'Meena', ta: { name: 'மீனா', designation: 'செயலாளர்', description: ' ' } }).ta, { name: 'மீனா', designation: 'செயலாளர்' });
  });

  it('a Tamil field has its English field\'s limits, named as Tamil, and ta takes no other fields', () => {
    const bad: Array<[string, RegExp]> = [
      [messages(createPostRequestSchema.safeParse({ ...post, ta: { title: 'த'.repeat(POST_TITLE_MAX + 1) } })), /ta\.title: Tamil title must be at most 200/],
      [messages(createPostRequestSchema.safeParse({ ...post, ta: { body: 'த'.repeat(POST_BODY_MAX + 1) } })), /ta\.body: Tamil body must be at most/],
      [messages(createPostRequestSchema.safeParse({ ...post, ta: { desc: 'x' } })), /ta/],
      [messages(createPostRequestSchema.safeParse({ ...post, ta: 'பொங்கல்' })), /ta: ta must be an object/],
      [messages(createPostRequestSchema.safeParse({ ...post, ta: { title: 'a\u0000' } })), /ta\.title: Tamil title contains a character that is not allowed/],
      [messages(updateEventRequestSchema.safeParse({ ...event, images: [], version: 1, ta: { description: 'x'.repeat(EVENT_DESCRIPTION_MAX + 1) } })), /ta\.description: Tamil description must be at most/],
      [messages(createTeamMemberRequestSchema.safeParse({ name: 'A', ta: { name: 'x'.repeat(TEAM_NAME_MAX + 1) } })), /ta\.name: Tamil name must be at most/],
    ];
    for (const [text, expected] of bad) assert.match(text, expected);
  });
});

describe('staff answers: the Tamil versions', () => {
  it('ta holds the Tamil an item has, and an answer without ta (an older service) still parses', () => {
    const summary = { key: 'pongal', name: 'Pongal', date: '2026-01-14', photoCount: 0, thumbUrl: null, updatedAt: '2026-01-14T00:00:00.000Z', version: 1 };
    assert.deepEqual(staffAlbumSummarySchema.parse({ ...summary, ta: { name: 'பொங்கல்' } }).ta, { name: 'பொங்கல்' });
    assert.equal(staffAlbumSummarySchema.parse(summary).ta, undefined);
    const staffPost = { key: 'p', title: 'P', date: '2026-01-14', status: 'draft', publishAt: null, updatedAt: summary.updatedAt, version: 1, cover: null, coverAlt: '', body: '' };
    assert.deepEqual(staffPostSchema.parse({ ...staffPost, ta: { title: 'த', body: 'உ' } }).ta, { title: 'த', body: 'உ' });
  });
});
