import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaffMeAnswer } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { englishWords } = await import('../../shared/english-words.js');
const { StaffHome } = await import('../../features/staff-home/components/staff-home.js');
const { STAFF_AREAS } = await import('../../features/staff-home/staff-areas.js');
const { homeCatalog } = await import('../../features/staff-home/messages.js');
const { StaffAccessView } = await import('../../features/staff-access/components/staff-gate.js');
const { AcceptInvitationPage } = await import('./accept-invitation-page.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff']}>{node}</MemoryRouter>);
const me: StaffMeAnswer = { user: { id: '3', email: 'owner@example.org', firstName: 'Kavya', lastName: 'Siva' }, roles: ['owner', 'treasurer'], twoFactorEnrolled: false };
const noop = () => undefined;

test('every area card’s English is the catalog’s, so it shows in Tamil', () => {
  const english = new Set(Object.values(homeCatalog.english));
  for (const area of STAFF_AREAS) {
    assert.ok(english.has(area.title), area.title);
    assert.ok(english.has(area.description), area.description);
  }
});

test('the staff home, the gate and the join page in Tamil; English as before', async () => {
  await setLang('ta', { remember: false });
  try {
    const home = render(<StaffHome me={me} />);
    assert.match(home, /நிர்வாகப் பகுதி/);
    assert.match(home, /<span lang="en">Kavya Siva<\/span> \(owner@example.org\) ஆக உள்நுழைந்துள்ளீர்கள்/);
    assert.match(home, /உங்கள் பொறுப்புகள்/);
    assert.match(home, /<strong>பொருளாளர்<\/strong>/);
    assert.match(home, /தணிக்கைப் பதிவு/);
    assert.deepEqual(englishWords(home, ['CSV', 'Stripe']), []);
    const gate = render(<StaffAccessView access={{ kind: 'staff', me: { ...me, roles: ['support'] } }} retry={noop} roles={['treasurer']}>{() => null}</StaffAccessView>);
    assert.match(gate, /பொருளாளர் என்ற பொறுப்பு தேவை/);
    assert.deepEqual(englishWords(gate), []);
    const signedOut = render(<StaffAccessView access={{ kind: 'signed-out' }} retry={noop}>{() => null}</StaffAccessView>);
    assert.match(signedOut, /<strong>\/staff<\/strong>/);
    assert.deepEqual(englishWords(signedOut), []);
    const join = render(<AcceptInvitationPage />);
    assert.match(join, /நிர்வாகிகள் குழுவில் இணையுங்கள்/);
    assert.deepEqual(englishWords(join), []);
  } finally {
    await setLang('en', { remember: false });
  }
  const home = render(<StaffHome me={me} />);
  assert.match(home, /Signed in as Kavya Siva \(owner@example.org\)\./);
  assert.match(home, /<h2[^>]*>Your roles<\/h2>/);
  assert.match(home, /<strong>Treasurer<\/strong>: Handles orders and refunds\./);
  assert.match(render(<StaffAccessView access={{ kind: 'signed-out' }} retry={noop}>{() => null}</StaffAccessView>), /Then come back to this page, <strong>\/staff<\/strong>\./);
});
