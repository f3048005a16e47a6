import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createSponsorRequestSchema,
  createTeamMemberRequestSchema,
  DESIGNATION_MAX,
  IMAGE_ALT_MAX,
  itemVersionQuerySchema,
  ORDERED_LIST_MAX,
  orderRequestSchema,
  TEAM_DESCRIPTION_MAX,
  TEAM_NAME_MAX,
  updateSponsorRequestSchema,
  updateTeamMemberRequestSchema,
} from './index.js';

function messages(result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }): string {
  return result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`).join('\n') ?? '';
}

describe('staff team and sponsors: requests', () => {
  it('a team member needs a name; the other fields default to empty and are trimmed', () => {
    assert.deepEqual(createTeamMemberRequestSchema.parse({ name: ' Meena ' }), { name: 'Meena', designation: '', description: '', imageAlt: '' });
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: '  ' }, /name: Name is required/],
      [{ name: 'x'.repeat(TEAM_NAME_MAX + 1) }, /name: Name must be at most 200/],
      [{ name: 'A', designation: 'x'.repeat(DESIGNATION_MAX + 1) }, /designation: Role must be at most/],
      [{ name: 'A', description: 'x'.repeat(TEAM_DESCRIPTION_MAX + 1) }, /description: About must be at most/],
      [{ name: 'A', imageAlt: 'x'.repeat(IMAGE_ALT_MAX + 1) }, /imageAlt: Photo alt text must be at most/],
      [{ name: 'a\u0000b' }, /not allowed/],
      [{ name: 'A', order: 1 }, /order/],
      [{ name: 7 }, /name/],
    ];
    for (const [input, expected] of bad) assert.match(messages(createTeamMemberRequestSchema.safeParse(input)), expected, JSON.stringify(input).slice(0, 60));
  });

  it('a sponsor link is an http(s) address or nothing', () => {
    assert.equal(createSponsorRequestSchema.parse({ name: 'Kadal', link: 'https://example.com/k' }).link, 'https://example.com/k');
    assert.equal(createSponsorRequestSchema.parse({ name: 'Kadal', link: null }).link, null);
    for (const link of ['javascript:alert(1)', 'ftp://example.com', 'example.com', '']) {
      assert.match(messages(createSponsorRequestSchema.safeParse({ name: 'Kadal', link })), /link: Link must be a web address/, link);
    }
  });

  it('updates carry the version they were made from', () => {
    assert.ok(updateTeamMemberRequestSchema.safeParse({ name: 'A', version: 2 }).success);
    assert.ok(updateSponsorRequestSchema.safeParse({ name: 'A', version: 2 }).success);
    for (const version of [undefined, 0, 1.5, '2']) {
      assert.match(messages(updateTeamMemberRequestSchema.safeParse({ name: 'A', version })), /version must be the version of the item/, String(version));
    }
    assert.deepEqual(itemVersionQuerySchema.parse({ version: '4' }), { version: 4 });
    assert.ok(!itemVersionQuerySchema.safeParse({ version: '04' }).success);
  });

  it('an order names every key once', () => {
    assert.deepEqual(orderRequestSchema.parse({ keys: ['b', 'a'] }), { keys: ['b', 'a'] });
    assert.ok(orderRequestSchema.safeParse({ keys: [] }).success);
    assert.match(messages(orderRequestSchema.safeParse({ keys: ['a', 'a'] })), /every item once/);
    assert.match(messages(orderRequestSchema.safeParse({ keys: ['../x'] })), /each key must be/);
    assert.match(messages(orderRequestSchema.safeParse({ keys: Array.from({ length: ORDERED_LIST_MAX + 1 }, (_, i) => `k${i}`) })), /at most 500/);
    assert.ok(!orderRequestSchema.safeParse({ keys: 'a' }).success);
  });
});
