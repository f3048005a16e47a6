import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { SESSION_STORAGE_KEYS } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { prepareUiRendering } from '@tca/ui/testing/markup';
import { MemoryStorage } from '@tca/ui/testing/memory-storage';

// The membership pages on a Tamil page (issue 17): the interface's words are Tamil.
prepareUiRendering();

const localStorage = new MemoryStorage();
const sessionStorage = new MemoryStorage();
Object.assign(globalThis, { window: Object.assign(new EventTarget(), { localStorage, sessionStorage }) });

const { MembershipPage } = await import('./membership-page.js');
const { MemberFormsPage } = await import('./member-forms-page.js');
const { ConfirmationPage } = await import('./confirmation-page.js');
const { CancelPage } = await import('./cancel-page.js');
const { detailsText } = await import('../../features/member-details/messages.js');
const { familyText } = await import('../../features/dependants/messages.js');
const { shownText, TEXT } = await import('../../shared/messages.js');
const { missingFieldsMessage, SPOUSE_AGE_MESSAGE } = await import('@tca/contracts');

type Entry = string | { pathname: string; search?: string; state?: unknown };
const render = (node: ReactNode, entry: Entry = '/') => renderToStaticMarkup(<MemoryRouter initialEntries={[entry]}>{node}</MemoryRouter>);

/** Visible words of three letters or more in Latin script, outside lang="en" parts (brands and codes allowed). */
function englishWords(html: string): string[] {
  const visible = html
    .replace(/<([a-z0-9]+)[^>]*lang="en"[^>]*>.*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');
  return (visible.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !['AUD', 'PDF'].includes(word));
}

before(async () => {
  await setLang('ta', { remember: false });
});
after(async () => {
  await setLang('en', { remember: false });
});

test('/membership in Tamil: the programme, the five cards (names, prices, benefits) and no English left', () => {
  const html = render(<MembershipPage />, '/membership');
  assert.match(html, /<h1[^>]*>உறுப்புரிமை<\/h1>/);
  assert.match(html, /வெள்ளி-தனிநபர்/);
  assert.match(html, /தங்கம்-குடும்பம்/);
  assert.match(html, /நிகழ்வு நுழைவுச்சீட்டுகளில் 40% தள்ளுபடி/);
  assert.match(html, /\$200/);
  assert.deepEqual(englishWords(html), []);
});

test('/forms in Tamil for a member: labels, options, summary and PAY NOW in Tamil', () => {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ value: { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' }, expiry: Date.now() + 60_000 }));
  localStorage.setItem(SESSION_STORAGE_KEYS.token, 'tok');
  try {
    const html = render(<MemberFormsPage />, { pathname: '/forms', search: '?level=Gold-Family' });
    assert.match(html, /உறுப்பினர் விவரங்கள்/);
    assert.match(html, />தெற்கு ஆஸ்திரேலியா</);
    assert.match(html, /இப்போது செலுத்துக/);
    assert.match(html, /\$200\.00/);
    assert.deepEqual(englishWords(html), []);
  } finally {
    localStorage.clear();
  }
});

test('/confirmation and /cancel in Tamil', () => {
  const family = render(<ConfirmationPage />, { pathname: '/confirmation', state: { membershipType: 'Gold-Family', userId: 'REQ-1' } });
  assert.match(family, /குடும்ப விவரங்கள்/);
  assert.match(family, /தங்கம்-குடும்பம்/);
  assert.deepEqual(englishWords(family), []);
  const cancel = render(<CancelPage />, '/cancel');
  assert.match(cancel, /கட்டணம் ரத்துசெய்யப்பட்டது!/);
  assert.deepEqual(englishWords(cancel), []);
});

test('messages that travel as values show in Tamil; a server\'s own words as they came', () => {
  assert.equal(shownText(TEXT.alreadyActive), 'உங்களுக்கு ஏற்கெனவே செயலில் உள்ள உறுப்புரிமை உள்ளது');
  assert.equal(detailsText(missingFieldsMessage(['firstName', 'postalCode'])), 'தேவையான எல்லாப் புலங்களையும் நிரப்புங்கள்: முதல் பெயர், அஞ்சல் குறியீடு');
  assert.equal(detailsText('Suburb is required'), 'புறநகர் தேவை');
  assert.equal(detailsText('Postal Code must be 4 digits'), 'அஞ்சல் குறியீட்டில் 4 இலக்கங்கள் இருக்க வேண்டும்');
  assert.equal(familyText(SPOUSE_AGE_MESSAGE), 'சரியான வாழ்க்கைத்துணை வயதை உள்ளிடுங்கள் (0-120).');
  assert.equal(shownText('Price mismatch for Gold-Single'), 'Price mismatch for Gold-Single');
});
