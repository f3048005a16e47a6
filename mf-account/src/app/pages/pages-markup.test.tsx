import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { SESSION_STORAGE_KEYS } from '@tca/contracts';
import { BROWSER_LANGUAGE, controlTag as control, labels, prepareUiRendering } from '@tca/ui/testing/markup';
import { MemoryStorage } from '@tca/ui/testing/memory-storage';

// The pages are built on @tca/ui and import CSS Modules, which only Rspack understands.
prepareUiRendering();

const localStorage = new MemoryStorage();
// The session store reads window.localStorage when it loads; node has EventTarget but no window.
Object.assign(globalThis, { window: Object.assign(new EventTarget(), { localStorage, sessionStorage: new MemoryStorage(), ...BROWSER_LANGUAGE }) });

const { LoginPage } = await import('./login-page.js');
const { RegisterPage } = await import('./register-page.js');
const { ResetPasswordPage } = await import('./reset-password-page.js');
const { ProfilePage } = await import('./profile-page.js');
const { MembershipDetails } = await import('../../features/profile/components/membership-details.js');
const { StaffAreaLink } = await import('../../features/profile/components/staff-area-link.js');
const { firstMembership } = await import('../../features/profile/membership.js');

const user = { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

function logIn() {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ value: user, expiry: Date.now() + 60_000 }));
  localStorage.setItem(SESSION_STORAGE_KEYS.token, 'tok');
}

const render = (node: ReactNode, path = '/') => renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);

beforeEach(() => localStorage.clear());

test('login: email and password with a show/hide toggle, Forgot password, a link to /register', () => {
  const html = render(<LoginPage />, '/login');
  assert.match(html, /<h1[^>]*>Login<\/h1>/);
  const byLabel = labels(html);
  assert.match(control(html, byLabel.get('Email *') ?? ''), /type="email"/);
  const password = byLabel.get('Password *') ?? '';
  assert.match(control(html, password), /type="password"[^>]*autoComplete="current-password"|autoComplete="current-password"[^>]*type="password"/i);
  assert.match(html, new RegExp(`<button type="button"[^>]*aria-controls="${password}" aria-label="Show password"[^>]*>Show</button>`));
  assert.match(html, /<button type="button"[^>]*>Forgot password\?<\/button>/);
  assert.match(html, /<a href="\/register"[^>]*>Create an account<\/a>/);
  assert.match(html, /<button type="submit"[^>]*>Login<\/button>/);
});

test('login: a link from a used reset link opens the card on the reset request', () => {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[{ pathname: '/login', state: { view: 'reset' } }]}>
      <LoginPage />
    </MemoryRouter>,
  );
  assert.match(html, /Reset your password/);
  assert.ok(labels(html).has('Email *'));
  assert.match(html, /<button type="submit"[^>]*>Send Reset Link<\/button>/);
  assert.match(html, /<button type="button"[^>]*>Back to login<\/button>/);
  assert.doesNotMatch(html, /type="password"/);
});

test('login: an existing session shows no form (it redirects to /)', () => {
  logIn();
  assert.doesNotMatch(render(<LoginPage />, '/login'), /<form/);
});

test('register: every field labelled, Australia preselected, submit disabled until the terms are accepted', () => {
  const html = render(<RegisterPage />, '/register');
  assert.match(html, /<h1[^>]*>Create an Account<\/h1>/);
  const byLabel = labels(html);
  for (const label of ['First Name *', 'Last Name *', 'Email *', 'Country *', 'Phone Number *', 'Password *', 'Confirm Password *', 'I have read and accept the Terms and Conditions']) {
    assert.ok(byLabel.has(label), label);
  }
  assert.match(control(html, byLabel.get('Phone Number *') ?? ''), /type="tel"/);
  // react-hook-form selects the default (AU, see register-form-schema.test) through the element's ref in the browser.
  assert.match(control(html, byLabel.get('Country *') ?? ''), /name="phoneCountry"/);
  assert.match(html, /<option value="AU">Australia \(\+61\)<\/option>/);
  assert.match(control(html, byLabel.get('I have read and accept the Terms and Conditions') ?? ''), /type="checkbox"/);
  assert.match(html, /<button type="submit" class="tca-button" disabled=""[^>]*aria-describedby="[^"]+"[^>]*>Create Account<\/button>/);
  assert.match(html, /Accept the Terms and Conditions to create your account\./);
  assert.match(html, /<button type="button"[^>]*aria-haspopup="dialog"[^>]*>Read the Terms and Conditions<\/button>/);
  assert.match(html, /<a href="\/login"[^>]*>Log in<\/a>/);
});

test('reset password: New Password, Confirm Password and Submit', () => {
  const html = render(<ResetPasswordPage />, '/reset-password/abc');
  assert.match(html, /<h1[^>]*>Reset Password<\/h1>/);
  const byLabel = labels(html);
  assert.ok(byLabel.has('New Password *'));
  assert.ok(byLabel.has('Confirm Password *'));
  assert.match(html, /<button type="submit"[^>]*>Submit<\/button>/);
});

test('profile: without a stored user nothing of the profile shows (it redirects to /login)', () => {
  assert.doesNotMatch(render(<ProfilePage />, '/profile'), /Personal Information/);
});

test('profile: personal information with the phone rule, the three sections, Logout top and bottom', () => {
  logIn();
  const html = render(<ProfilePage />, '/profile');
  assert.match(html, /<h1[^>]*>My Profile<\/h1>/);
  assert.match(html, /<dt>Phone<\/dt><dd>\+61 412345678<\/dd>/);
  assert.match(html, /<dt>Email<\/dt><dd>meera@example.org<\/dd>/);
  for (const title of ['Personal Information', 'Membership Details', 'Security Settings']) assert.match(html, new RegExp(`<h2[^>]*>${title}</h2>`));
  assert.match(html, /Loading membership details…/);
  assert.equal(html.match(/>Logout<\/button>/g)?.length, 2);
  assert.match(html, /<button type="button"[^>]*aria-expanded="false"[^>]*>Change Password<\/button>/);
  assert.match(html, /<form[^>]*hidden=""[^>]*aria-label="Change password"/);
  assert.match(html, />Sign out of all devices<\/button>/);
  assert.match(html, />Download my data<\/button>/);
  // The change-password form's fields are labelled even while it is hidden.
  for (const label of ['Current Password *', 'New Password *', 'Confirm New Password *']) assert.ok(labels(html).has(label), label);
});

const record = {
  membershipName: 'Silver-Single',
  status: 'Active',
  requestId: 'REQ-9',
  createdAt: new Date(Date.now() - 5 * 24 * 60 * 60 * 1000).toISOString(),
  doB: null,
  firstname: 'Meera',
  lastname: 'Raman',
  email: 'meera@example.org',
  phone: '61412345678',
  address: '1 King William St, Adelaide, SA, 5000',
  profession: 'Engineer',
  term: 'annual',
};

test('membership: the two cards with the status colour and validity', () => {
  const html = render(<MembershipDetails load={{ kind: 'ready', membership: firstMembership([record]) }} />);
  assert.match(html, /<h3[^>]*>Current Membership<\/h3>/);
  assert.match(html, /<h3[^>]*>Personal Details<\/h3>/);
  assert.match(html, /<span class="active">Active<\/span>/);
  assert.match(html, /<dt>Validity<\/dt><dd>\d+ days remaining<\/dd>/);
  assert.match(html, /<dt>Date of Birth<\/dt><dd>N\/A<\/dd>/);
  assert.match(html, /<dt>Full Name<\/dt><dd>Meera Raman<\/dd>/);
  assert.doesNotMatch(html, /Under Review/);
});

test('membership: Pending is yellow with the Under Review notice; other statuses red; life-time levels', () => {
  const pending = render(<MembershipDetails load={{ kind: 'ready', membership: firstMembership([{ ...record, status: 'Pending' }]) }} />);
  assert.match(pending, /<span class="pending">Pending<\/span>/);
  assert.match(pending, /<h3>Under Review<\/h3><p>Your membership request is currently under review. We&#x27;ll notify you once it&#x27;s approved.<\/p>/);
  const rejected = render(<MembershipDetails load={{ kind: 'ready', membership: firstMembership([{ ...record, status: 'Rejected' }]) }} />);
  assert.match(rejected, /<span class="other">Rejected<\/span>/);
  const gold = render(<MembershipDetails load={{ kind: 'ready', membership: firstMembership([{ ...record, membershipName: 'Gold-Single', term: 'life-time' }]) }} />);
  assert.match(gold, /<dt>Validity<\/dt><dd>Life-time<\/dd>/);
});

test('membership: none shows No Active Memberships with Become a Member', () => {
  const html = render(<MembershipDetails load={{ kind: 'ready', membership: null }} />);
  assert.match(html, /<h3>No Active Memberships<\/h3><p>You don&#x27;t have any active memberships at the moment.<\/p>/);
  assert.match(html, /<a (?=[^>]*class="tca-button")(?=[^>]*href="\/membership")[^>]*>Become a Member<\/a>/);
});

test('profile: the Staff area link shows only for an account with a staff role (issue 14)', () => {
  assert.equal(render(<StaffAreaLink roles={[]} />), '');
  const html = render(<StaffAreaLink roles={['editor', 'support']} />);
  assert.match(html, /<h2 id="staff-area-title"[^>]*>Staff area<\/h2>/);
  assert.match(html, /Your staff roles: Editor, Support\./);
  assert.match(html, /<a (?=[^>]*class="tca-button")(?=[^>]*href="\/staff")[^>]*>Open the staff area<\/a>/);
});

/** Renders with the interface in Tamil (every catalog preloaded), back to English afterwards. */
async function inTamil(node: ReactNode, path: string): Promise<string> {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    return render(node, path);
  } finally {
    await setLang('en', { remember: false });
  }
}

/** The English interface texts a Tamil page must not show (content and names aside). */
function assertNoEnglish(html: string, texts: readonly string[]): void {
  for (const text of texts) assert.ok(!html.includes(text), `English left: ${text}`);
}

test('login in Tamil: title, fields, buttons and links in Tamil, no English interface text', async () => {
  const html = await inTamil(<LoginPage />, '/login');
  assert.match(html, /<h1[^>]*>உள்நுழைவு<\/h1>/);
  const byLabel = labels(html);
  assert.ok(byLabel.has('மின்னஞ்சல் *'));
  assert.ok(byLabel.has('கடவுச்சொல் *'));
  assert.match(html, /<button type="submit"[^>]*>உள்நுழைக<\/button>/);
  assert.match(html, /<a href="\/register"[^>]*>புதிய கணக்கைத் தொடங்குங்கள்<\/a>/);
  assert.match(html, />காட்டு<\/button>/);
  assertNoEnglish(html, ['Login', 'Member login', 'Email', 'Password', 'Forgot password', 'Create an account', '>Show<', "Don't have"]);
});

test('register in Tamil: every label, the country names, the terms and the submit hint in Tamil', async () => {
  const html = await inTamil(<RegisterPage />, '/register');
  assert.match(html, /<h1[^>]*>கணக்கைத் தொடங்குங்கள்<\/h1>/);
  const byLabel = labels(html);
  for (const label of ['முதல் பெயர் *', 'குடும்பப் பெயர் *', 'மின்னஞ்சல் *', 'நாடு *', 'தொலைபேசி எண் *', 'கடவுச்சொல் *', 'கடவுச்சொல்லை உறுதிப்படுத்துக *']) assert.ok(byLabel.has(label), label);
  // The country names follow useLang, whose server snapshot (this render) is English; the browser names them in Tamil.
  assert.match(html, /<button type="submit"[^>]*>கணக்கைத் தொடங்குக<\/button>/);
  assert.match(html, /<span aria-hidden="true">\*<\/span><span class="tca-visually-hidden">நட்சத்திரக் குறியிட்ட<\/span>/);
  assertNoEnglish(html, ['Create an Account', 'First Name', 'Last Name', 'Phone Number', 'Confirm Password', 'Terms and Conditions', 'Fields marked', 'Log in', 'Your details']);
});

test('reset password in Tamil', async () => {
  const html = await inTamil(<ResetPasswordPage />, '/reset-password/abc');
  assert.match(html, /<h1[^>]*>கடவுச்சொல் மீட்டமைப்பு<\/h1>/);
  assert.ok(labels(html).has('புதிய கடவுச்சொல் *'));
  assert.match(html, /<button type="submit"[^>]*>சமர்ப்பிக்க<\/button>/);
  assertNoEnglish(html, ['Reset Password', 'New Password', 'Confirm Password', 'Submit']);
});

test('the messages that travel as values show in Tamil: validation, outcomes, the services\' known texts; others as they came', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  const { shownText, foreignText } = await import('../../shared/messages.js');
  const { RESET_REQUEST_MESSAGE, PASSWORD_UPDATED_MESSAGE } = await import('@tca/contracts');
  await setLang('ta', { remember: false });
  try {
    assert.equal(shownText('Email is required'), 'மின்னஞ்சல் முகவரி தேவை');
    assert.equal(shownText('Invalid email or password'), 'மின்னஞ்சல் அல்லது கடவுச்சொல் தவறானது');
    assert.match(shownText(RESET_REQUEST_MESSAGE), /மீட்டமைப்பு இணைப்பு/);
    assert.match(shownText(PASSWORD_UPDATED_MESSAGE), /புதுப்பிக்கப்பட்டது/);
    assert.equal(shownText('A server text of its own'), 'A server text of its own');
    assert.equal(foreignText('A server text of its own'), 'en');
    assert.equal(foreignText('Email is required'), undefined);
    assert.equal(shownText(undefined), undefined);
  } finally {
    await setLang('en', { remember: false });
  }
  assert.equal(shownText('Email is required'), 'Email is required');
});

test('profile in Tamil: the sections, the membership cards with a Tamil date and status, the buttons', async () => {
  logIn();
  const html = await inTamil(<ProfilePage />, '/profile');
  assert.match(html, /<h1[^>]*>என் சுயவிவரம்<\/h1>/);
  for (const title of ['தனிப்பட்ட தகவல்', 'உறுப்புரிமை விவரங்கள்', 'பாதுகாப்பு அமைப்புகள்']) assert.match(html, new RegExp(`<h2[^>]*>${title}</h2>`));
  assert.equal(html.match(/>வெளியேறு<\/button>/g)?.length, 2);
  assert.match(html, />கடவுச்சொல்லை மாற்றுக<\/button>/);
  for (const label of ['தற்போதைய கடவுச்சொல் *', 'புதிய கடவுச்சொல் *', 'புதிய கடவுச்சொல்லை உறுதிப்படுத்துக *']) assert.ok(labels(html).has(label), label);
  assertNoEnglish(html, ['My Profile', 'Personal Information', 'Membership Details', 'Security Settings', 'Logout', 'Change Password', 'Sign out of all devices', 'Download my data', 'Loading membership']);
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    const cards = render(<MembershipDetails load={{ kind: 'ready', membership: firstMembership([{ ...record, doB: '1990-03-04' }]) }} />);
    assert.match(cards, /<span class="active">செயலில்<\/span>/);
    assert.match(cards, /<dt>செல்லுபடி<\/dt><dd>\d+ நாட்கள் மீதமுள்ளன<\/dd>/);
    // Dates follow useLang, whose server snapshot (this render) is English; in Tamil Intl writes the month in Tamil.
    assert.match(cards, /<dt>பிறந்த தேதி<\/dt>/);
    const { displayDate } = await import('../../features/profile/membership.js');
    assert.match(displayDate('1990-03-04', 'ta'), /^4 மார்ச்,? 1990$/);
    assert.match(render(<StaffAreaLink roles={['editor', 'support']} />), /உங்கள் நிர்வாகிப் பொறுப்புகள்: பதிப்பாசிரியர், உதவி\./);
    assertNoEnglish(cards, ['Current Membership', 'Validity', 'days remaining', 'Date of Birth', 'Full Name']);
  } finally {
    await setLang('en', { remember: false });
  }
});
