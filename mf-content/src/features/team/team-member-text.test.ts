import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TeamMember } from '@tca/contracts';
import { memberText } from './team-member-text.js';

const member: TeamMember = { _id: 't1', name: 'Meera Raman', designation: 'Treasurer', description: 'Looks after the accounts.', image: null, imageMeta: null };

test("in English a member's own fields show, unmarked", () => {
  const shown = memberText({ ...member, ta: { name: 'மீரா ராமன்' } }, 'en');
  assert.deepEqual(shown.name, { text: 'Meera Raman', lang: undefined });
  assert.deepEqual(shown.designation, { text: 'Treasurer', lang: undefined });
});

test('in Tamil each Tamil field an editor wrote shows; a missing or blank one falls back to English marked lang="en"', () => {
  const shown = memberText({ ...member, ta: { name: 'மீரா ராமன்', designation: '  ' } }, 'ta');
  assert.deepEqual(shown.name, { text: 'மீரா ராமன்', lang: undefined });
  assert.deepEqual(shown.designation, { text: 'Treasurer', lang: 'en' });
  assert.deepEqual(shown.description, { text: 'Looks after the accounts.', lang: 'en' });
  assert.deepEqual(memberText({ ...member, ta: null }, 'ta').name, { text: 'Meera Raman', lang: 'en' });
});
