import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { AUSTRALIAN_STATES, MARITAL_STATUSES, SESSION_STORAGE_KEYS } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { prepareUiRendering } from '@tca/ui/testing/markup';
import { MemoryStorage } from '@tca/ui/testing/memory-storage';

// The pages are built on @tca/ui and import CSS Modules (and images), which only Rspack understands.
prepareUiRendering();

const localStorage = new MemoryStorage();
const sessionStorage = new MemoryStorage();
Object.assign(globalThis, { window: Object.assign(new EventTarget(), { localStorage, sessionStorage }) });

const { MembershipPage } = await import('./membership-page.js');
const { MemberFormsPage } = await import('./member-forms-page.js');
const { ConfirmationPage } = await import('./confirmation-page.js');
const { SuccessPage } = await import('./success-page.js');
const { CancelPage } = await import('./cancel-page.js');
const { PaymentPage } = await import('./payment-page.js');
const { detailsText } = await import('../../features/member-details/messages.js');
const { familyText } = await import('../../features/dependants/messages.js');
const { shownText, TEXT } = await import('../../shared/messages.js');
const { missingFieldsMessage, SPOUSE_AGE_MESSAGE } = await import('@tca/contracts');

const user = {
  id: '7',
  email: 'meera@example.org',
  firstName: 'Meera',
  lastName: 'Raman',
  phone: '61412345678',
  phoneCountry: '+61',
  stateProvince: 'SA',
  maritalStatus: 'married',
};

function logIn() {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ value: user, expiry: Date.now() + 60_000 }));
  localStorage.setItem(SESSION_STORAGE_KEYS.token, 'tok');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

type Entry = string | { pathname: string; search?: string; state?: unknown };
const render = (node: ReactNode, entry: Entry = '/') => renderToStaticMarkup(<MemoryRouter initialEntries={[entry]}>{node}</MemoryRouter>);

/** Visible text without tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/** Label text → the id it names; every label names an element that exists. */
function labels(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(/<label for="([^"]+)"[^>]*>(.*?)<\/label>/g)) {
    const [, id = '', inner = ''] = match;
    assert.ok(html.includes(`id="${id}"`), `a control with id ${id}`);
    found.set(text(inner).trim(), id);
  }
  return found;
}

/** The start tag of the element with this id. */
function element(html: string, id: string): string {
  const match = new RegExp(`<(input|select|textarea)[^>]*id="${id}"[^>]*>`).exec(html);
  assert.ok(match, `element ${id}`);
  return match[0];
}

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

test('/membership: the programme text, Learn More and five flip cards whose hidden face is inert', () => {
  const html = render(<MembershipPage />, '/membership');
  assert.equal(h1(html), 'Membership');
  const words = text(html);
  assert.match(words, /save over \$150 on events/);
  assert.match(words, /community centre initiative/);
  assert.match(html, /<button type="button" class="tca-button">Learn More<\/button>/);
  const cards = [...html.matchAll(/<article[^>]*aria-labelledby="([^"]+)"/g)].map((match) => match[1] ?? '');
  assert.equal(cards.length, 5);
  const names = cards.map((id) => new RegExp(`<h3 id="${id}"[^>]*>(.*?)</h3>`).exec(html)?.[1]);
  assert.deepEqual(names, ['Silver-Single', 'Silver-Family', 'Gold-Student', 'Gold-Single', 'Gold-Family']);
  for (const price of ['$10', '$20', '$50', '$100', '$200']) assert.match(words, new RegExp(`\\${price} AUD`));
  assert.equal((words.match(/Buy now/g) ?? []).length, 5);
  assert.equal((words.match(/Proceed to Checkout/g) ?? []).length, 5);
  assert.equal((html.match(/ inert=""/g) ?? []).length, 5, 'each card hides one face');
  assert.match(html, /<div[^>]*inert=""[^>]*role="group" aria-label="Gold-Family benefits"/);
  assert.match(words, /25% discount on event tickets/);
  assert.match(html, /<div[^>]*role="status"/);
});

test('/forms for a visitor asks for a login (spec §5) with links to log in and register, with or without a level', () => {
  const none = render(<MemberFormsPage />, '/forms');
  assert.equal(h1(none), 'Member Details');
  assert.match(text(none), /Please log in before proceeding/);
  assert.doesNotMatch(text(none), /Choose a membership first/);
  assert.match(none, /<a[^>]*href="\/login"[^>]*>Log in<\/a>/);
  assert.match(none, /<a[^>]*href="\/register"[^>]*>create an account<\/a>/);
  assert.match(none, /<a[^>]*href="\/membership"[^>]*>choose a membership level<\/a>/);
  assert.doesNotMatch(none, /PAY NOW/);
  const loggedOut = render(<MemberFormsPage />, { pathname: '/forms', search: '?level=Gold-Family' });
  assert.match(text(loggedOut), /Please log in before proceeding/);
  assert.match(loggedOut, /<a[^>]*href="\/login"[^>]*>Log in<\/a>/);
  assert.match(loggedOut, /<a[^>]*href="\/register"[^>]*>create an account<\/a>/);
  assert.match(loggedOut, /href="\/forms\?level=Gold-Family"/);
  assert.match(text(loggedOut), /Total \(AUD\) \$200\.00/);
  assert.doesNotMatch(loggedOut, /PAY NOW/);
});

test('/forms for a logged-in member without a chosen level points to the levels', () => {
  logIn();
  const html = render(<MemberFormsPage />, '/forms');
  assert.equal(h1(html), 'Member Details');
  assert.match(text(html), /Choose a membership first/);
  assert.doesNotMatch(text(html), /Please log in before proceeding/);
  assert.match(html, /<a[^>]*href="\/membership"[^>]*>See the membership levels<\/a>/);
  assert.doesNotMatch(html, /PAY NOW/);
});

test('/forms for a logged-in member: the §5 fields, locked e-mail, option lists, documents, summary and PAY NOW off until the terms', () => {
  logIn();
  const html = render(<MemberFormsPage />, { pathname: '/forms', state: { membership: { name: 'Silver-Family' } } });
  assert.equal(h1(html), 'Member Details');
  const found = labels(html);
  for (const label of [
    'First Name *',
    'Last Name *',
    'Email *',
    'Phone Number *',
    'Address Line 1 *',
    'Suburb *',
    'State *',
    'Postal Code *',
    'Profession *',
    'Date of Birth *',
    'Gender *',
    'Marital Status *',
    'Referred By',
    'Passport',
    'Supporting Documents',
  ]) {
    assert.ok(found.has(label), `label ${label}`);
  }
  const email = element(html, found.get('Email *') ?? '');
  assert.match(email, /readOnly=""/);
  // The values (the stored user's, see member-form.test.ts) are set by react-hook-form once mounted.
  assert.match(element(html, found.get('Passport') ?? ''), /type="file"/);
  assert.match(element(html, found.get('Supporting Documents') ?? ''), /multiple=""/);
  const states = [...html.matchAll(/<option value="(NSW|VIC|QLD|WA|SA|TAS|ACT|NT)"/g)].map((match) => match[1]);
  assert.deepEqual(states, [...AUSTRALIAN_STATES]);
  for (const status of MARITAL_STATUSES) assert.match(html, new RegExp(`<option value="${status}"`));
  for (const gender of ['male', 'female', 'other']) assert.match(html, new RegExp(`<option value="${gender}"`));
  assert.match(html, /href="\/terms&amp;conditions"/);
  assert.match(html, /<button type="submit"[^>]*disabled=""[^>]*>PAY NOW<\/button>/);
  assert.match(text(html), /Order summary.*Silver-Family.*Annual.*\$20\.00/);
});

test('/forms reads the level from ?level= and from the tab when the navigation state is gone', () => {
  logIn();
  assert.match(text(render(<MemberFormsPage />, { pathname: '/forms', search: '?level=Gold-Student' })), /Gold-Student membership/);
  sessionStorage.setItem('tca:membership-level', 'Gold-Single');
  assert.match(text(render(<MemberFormsPage />, '/forms')), /Gold-Single membership/);
});

test('/confirmation: spouse and three child rows for the family target; nothing without a user id', () => {
  logIn();
  const html = render(<ConfirmationPage />, { pathname: '/confirmation', state: { membershipType: 'Gold-Family', userId: 'REQ-1' } });
  assert.equal(h1(html), 'Family Details');
  const found = labels(html);
  for (const label of ['Spouse name', 'Spouse age', 'Child 1 name', 'Child 1 age', 'Child 2 name', 'Child 2 age', 'Child 3 name', 'Child 3 age']) {
    assert.ok(found.has(label), `label ${label}`);
  }
  assert.match(html, /<button type="submit"[^>]*>Submit<\/button>/);
  assert.equal(render(<ConfirmationPage />, '/confirmation'), '');
});

test('/confirmation without a login asks for one', () => {
  const html = render(<ConfirmationPage />, { pathname: '/confirmation', state: { membershipType: 'Silver-Family', userId: 'REQ-1' } });
  assert.match(text(html), /Please log in before proceeding/);
});

test('/success checks the payment first; /cancel offers Go to Home', () => {
  const success = render(<SuccessPage />, '/success?session_id=cs_test_1');
  assert.equal(h1(success), 'Payment');
  assert.match(text(success), /Checking your payment/);
  const cancel = render(<CancelPage />, '/cancel');
  assert.equal(h1(cancel), 'Payment Cancelled!');
  assert.match(text(cancel), /Oops! Something went wrong\. Please try again later\./);
  assert.match(cancel, /<a[^>]*href="\/"[^>]*>Go to Home<\/a>/);
});

test('/payment: the cover, the title, $20.00 and Checkout', () => {
  const html = render(<PaymentPage />, '/payment');
  assert.equal(h1(html), 'Checkout');
  assert.match(html, /<img[^>]*src="\/assets\/stubborn-attachments-cover\.svg"[^>]*alt="Cover of Stubborn Attachments by Tyler Cowen"/);
  assert.match(html, /<h2[^>]*>Stubborn Attachments<\/h2>/);
  assert.match(text(html), /\$20\.00/);
  assert.match(html, /<button type="button"[^>]*>Checkout<\/button>/);
});

/** Visible words of three letters or more in Latin script, outside lang="en" parts (brands and codes allowed). */
function englishWords(html: string): string[] {
  const visible = html
    .replace(/<([a-z0-9]+)[^>]*lang="en"[^>]*>.*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');
  return (visible.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !['AUD', 'PDF'].includes(word));
}

// The membership pages on a Tamil page (issue 17): the interface's words are Tamil.
describe('in Tamil', () => {
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
    logIn();
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
});
