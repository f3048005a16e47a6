import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaffInvitation, StaffMember, StaffMeAnswer } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { englishWords } = await import('../../shared/english-words.js');
const { PeoplePanel } = await import('./components/people-panel.js');
const { StaffMemberRow } = await import('./components/staff-member-row.js');
const { InvitationRow } = await import('./components/invitation-row.js');
const { checkInvite } = await import('./invite-rules.js');
const { knownText } = await import('../../shared/known-text.js');
const { peopleCatalog } = await import('./messages.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/people']}>{node}</MemoryRouter>);
const owner: StaffMeAnswer = { user: { id: '3', email: 'kavya@example.org', firstName: 'Kavya', lastName: 'Siva' }, roles: ['owner'], twoFactorEnrolled: true };
const member: StaffMember = { user: { id: '9', email: 'arun@example.org', firstName: 'Arun', lastName: 'Kumar' }, roles: ['editor', 'treasurer'], twoFactorEnrolled: true, since: '2026-11-27T00:00:00.000Z' };
const invitation: StaffInvitation = { id: '4', email: 'new@example.org', roles: ['support'], invitedBy: 'kavya@example.org', createdAt: '2026-11-26T00:00:00.000Z', expiresAt: '2026-11-29T00:00:00.000Z' };
const noop = () => undefined;

test('/staff/people in Tamil: names stay English (marked), the controls are named by the name and their Tamil words', async () => {
  await setLang('ta', { remember: false });
  try {
    const panel = render(<PeoplePanel me={owner} />);
    assert.match(panel, /நிர்வாகிகளும் அழைப்புகளும்/);
    assert.match(panel, /<legend>பொறுப்புகள்<\/legend>/);
    assert.deepEqual(englishWords(panel), []);
    const row = render(<ul><StaffMemberRow member={member} isYou={false} onChanged={noop} /></ul>);
    const nameId = /<span id="([^"]+)" lang="en">Arun Kumar<\/span>/.exec(row)?.[1];
    assert.ok(nameId, row);
    assert.match(row, new RegExp(`<button type="button" class="[^"]*" aria-expanded="false" id="([^"]+)" aria-labelledby="${nameId} \\1">பொறுப்புகளை மாற்று</button>`));
    assert.match(row, new RegExp(`<ul class="[^"]*" aria-labelledby="${nameId} [^"]+"><li[^>]*>பதிப்பாசிரியர்</li>`));
    assert.match(row, /முதல் நிர்வாகி/);
    assert.doesNotMatch(row, /aria-label=/);
    assert.deepEqual(englishWords(row), []);
    const you = render(<ul><StaffMemberRow member={member} isYou onChanged={noop} /></ul>);
    assert.match(you, /Arun Kumar<\/span> \(நீங்கள்\)/);
    const invited = render(<ul><InvitationRow invitation={invitation} onChanged={noop} /></ul>);
    assert.match(invited, /அழைத்தவர்: kavya@example.org/);
    assert.match(invited, /aria-label="new@example.org முகவரிக்கான அழைப்பைத் திரும்பப் பெறு"/);
    assert.deepEqual(englishWords(invited), []);
    const checked = checkInvite('', []);
    assert.ok(!checked.ok);
    if (!checked.ok) assert.equal(knownText(checked.errors.roles ?? '', peopleCatalog), 'குறைந்தது ஒரு பொறுப்பைத் தேர்ந்தெடுங்கள்');
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<ul><StaffMemberRow member={member} isYou onChanged={noop} /></ul>), /<p class="[^"]*">Arun Kumar \(you\)<\/p>/);
});
