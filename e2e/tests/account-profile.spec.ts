import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { accountExportSchema, myContactMessagesSchema, mySupportTicketsSchema, TICKET_REFERENCE_PATTERN, type MembershipRecord } from '@tca/contracts';
import {
  answerMemberships,
  hue,
  loggedInAccount,
  loginAccount,
  membershipRecord,
  sessionStatus,
  storedSession,
  storeLogin,
  toast,
  registerAccount,
} from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, header, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { expectFocusTrapped } from '../support/focus.js';

/** /profile (spec §2.3, §4, §5, §8) against the identity service; membership records answered by page.route(). */

const membershipRegion = (page: Page) => page.getByRole('region', { name: 'Membership Details' });
const securityRegion = (page: Page) => page.getByRole('region', { name: 'Security Settings' });
const currentCard = (page: Page) => page.getByRole('article', { name: 'Current Membership' });
const detailsCard = (page: Page) => page.getByRole('article', { name: 'Personal Details' });

/** The value a card's description list gives for `term`. */
const detail = (card: Locator, term: string) => card.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

const SESSION_ENDED = 'Your session has ended. Please log in again.';

test.describe('/profile', () => {
  test('without a stored user it goes to /login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('form', { name: 'Member login' })).toBeVisible();
  });

  test('a token the server does not accept logs the browser out', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => {
      const value = { id: 7, email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };
      localStorage.setItem('user', JSON.stringify({ value, expiry: Date.now() + 60 * 60 * 1000 }));
      localStorage.setItem('token', 'test-token');
    });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, SESSION_ENDED)).toBeVisible();
    expect(await storedSession(page)).toEqual({ user: null, token: null });
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('no membership: the sections, No Active Memberships, Become a Member, two Logout buttons; axe', async ({ page, request }) => {
    const { account } = await loggedInAccount(page, request, { firstName: 'Kavya', lastName: 'Sundaram', phoneNumber: '447700900123' });
    await page.goto('/profile');
    await expect(pageTitle(page)).toHaveText('My Profile');
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await expect(personal.locator('dd')).toHaveText(['Kavya Sundaram', account.email, '+44 7700900123']);
    const membership = membershipRegion(page);
    await expect(membership.getByRole('heading', { name: 'No Active Memberships' })).toBeVisible();
    await expect(membership).toContainText("You don't have any active memberships at the moment.");
    await expect(membership.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/membership');
    await expect(securityRegion(page).getByRole('button', { name: 'Change Password' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(2);
    await expectNoA11yViolations(page, '/profile without a membership');

    await membership.getByRole('link', { name: 'Become a Member' }).click();
    await expect(page).toHaveURL(/\/membership$/);
  });

  test('a membership: both cards, the first record of a list, green Active; validity texts; axe', async ({ page, request }) => {
    // A fixed "now" (timers keep running) so validity and dates have known values.
    await page.clock.setFixedTime(new Date('2026-03-10T02:00:00Z'));
    await loggedInAccount(page, request);
    const active = membershipRecord({ status: 'Active', createdAt: '2026-02-28T03:00:00.000Z' });
    await answerMemberships(page, [active, membershipRecord({ status: 'Pending', membershipName: 'Gold-Family', requestId: 'REQ-OLDER' })]);
    await page.goto('/profile');
    const current = currentCard(page);
    await expect(current).toBeVisible();
    await expect(current.locator('dt')).toHaveText(['Membership Type', 'Status', 'Request ID', 'Submission Date', 'Validity', 'Date of Birth']);
    await expect(current.locator('dd')).toHaveText(['Silver-Single', 'Active', 'REQ-2025-0042', '28 February 2026', '355 days remaining', '15 July 1990']);
    await expect(detailsCard(page).locator('dt')).toHaveText(['Full Name', 'Email', 'Phone', 'Address', 'Profession']);
    await expect(detailsCard(page).locator('dd')).toHaveText(['Meera Raman', 'meera@example.org', '+61 412345678', '12 King William Street, Adelaide, SA, 5000', 'Engineer']);
    expect(await hue(detail(current, 'Status').locator('span'))).toBe('green');
    await expect(membershipRegion(page).getByRole('heading', { name: 'Under Review' })).toHaveCount(0);
    await expect(membershipRegion(page).getByRole('heading', { name: 'No Active Memberships' })).toHaveCount(0);
    await expectNoA11yViolations(page, '/profile with an Active membership');

    // Spec §4: one year from createdAt; N/A without a date; Expired once the end has passed; otherwise the
    // whole days left rounded up, minus one. Beyond the spec: life-time levels show Life-time.
    const validity: Array<[Partial<MembershipRecord>, string]> = [
      [{ createdAt: '2026-02-28T02:00:00.000Z' }, '354 days remaining'],
      [{ createdAt: '2025-03-01T02:00:00.000Z' }, 'Expired'],
      [{ createdAt: '' }, 'N/A'],
      [{ membershipName: 'Gold-Single', term: 'life-time', createdAt: '2020-01-01T00:00:00.000Z' }, 'Life-time'],
    ];
    for (const [overrides, text] of validity) {
      await page.unroute('**/membership/get');
      // A single record (not a list) is read the same way.
      await answerMemberships(page, membershipRecord(overrides));
      await page.reload();
      await expect(detail(currentCard(page), 'Validity'), JSON.stringify(overrides)).toHaveText(text);
    }
    await expect(detail(currentCard(page), 'Membership Type')).toHaveText('Gold-Single');
  });

  test('Pending: yellow with the Under Review notice; any other status red; a missing date of birth is N/A', async ({ page, request }) => {
    await loggedInAccount(page, request);
    await answerMemberships(page, [membershipRecord({ status: 'Pending', doB: null })]);
    await page.goto('/profile');
    const notice = membershipRegion(page).getByRole('heading', { name: 'Under Review' }).locator('..');
    await expect(notice).toContainText("Your membership request is currently under review. We'll notify you once it's approved.");
    expect(await hue(detail(currentCard(page), 'Status').locator('span'))).toBe('yellow');
    await expect(detail(currentCard(page), 'Date of Birth')).toHaveText('N/A');
    await expectNoA11yViolations(page, '/profile with a Pending membership');

    for (const status of ['Current', 'Rejected', 'Expired']) {
      await page.unroute('**/membership/get');
      await answerMemberships(page, [membershipRecord({ status })]);
      await page.reload();
      await expect(detail(currentCard(page), 'Status')).toHaveText(status);
      expect(await hue(detail(currentCard(page), 'Status').locator('span')), status).toBe('red');
      await expect(membershipRegion(page).getByRole('heading', { name: 'Under Review' })).toHaveCount(0);
    }
    await expectNoA11yViolations(page, '/profile with a red status');
  });

  test('a load failure: Failed to load profile data with the error, and Try Again reloads the page', async ({ page, request }) => {
    await loggedInAccount(page, request);
    await page.route('**/membership/get', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"The database is not answering."}' }),
    );
    await page.goto('/profile');
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to load profile data' });
    await expect(failure).toContainText('The database is not answering. (500 Internal Server Error)');
    await expect(page.getByRole('region', { name: 'Personal Information' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(2);
    await expectNoA11yViolations(page, '/profile failure screen');

    await page.unroute('**/membership/get');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await reloaded;
    await expect(membershipRegion(page).getByRole('heading', { name: 'No Active Memberships' })).toBeVisible();

    // No answer at all is a failure too.
    await page.route('**/membership/get', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load profile data' })).toContainText('No response from the server');
  });

  test('change password: every field required, the Cancel toggle clears, the strength rule, a mismatch sends nothing', async ({ page, request }) => {
    await loggedInAccount(page, request);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/auth/change-password')) sent += 1;
    });
    await page.goto('/profile');
    const security = securityRegion(page);
    const form = security.getByRole('form', { name: 'Change password' });
    await expect(form).toBeHidden();
    await security.getByRole('button', { name: 'Change Password' }).click();
    const current = form.getByRole('textbox', { name: 'Current Password', exact: true });
    await expect(current).toBeFocused();
    await expectNoA11yViolations(page, '/profile with the change-password form open');

    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText('Current password is required')).toBeVisible();
    await expect(form.getByText('New password is required')).toBeVisible();
    await expect(form.getByText('Please confirm your new password')).toBeVisible();

    await current.fill('Whatever#1');
    await form.getByRole('textbox', { name: 'New Password', exact: true }).fill('short');
    await form.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('other');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText("New passwords don't match")).toBeVisible();
    await form.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('short');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(sent).toBe(0);

    // Cancel closes the form and clears it.
    await security.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await security.getByRole('button', { name: 'Change Password' }).click();
    await expect(current).toHaveValue('');
    await expect(form.getByText("New passwords don't match")).toHaveCount(0);

    // Spec §5: with no stored user at submit, the member is sent to /login (and nothing is sent).
    await current.fill('Whatever#1');
    await form.getByRole('textbox', { name: 'New Password', exact: true }).fill('Brand#New2026');
    await form.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('Brand#New2026');
    await page.evaluate(() => localStorage.removeItem('user'));
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(sent).toBe(0);
  });

  test('the bottom Logout button logs out too', async ({ page, request }) => {
    const { login } = await loggedInAccount(page, request);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).last().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    expect(await sessionStatus(request, login.token)).toBe(401);
  });

  test('a session revoked elsewhere: the next call logs the browser out', async ({ page, request }) => {
    const { login } = await loggedInAccount(page, request);
    await page.goto('/profile');
    await expect(membershipRegion(page).getByRole('heading', { name: 'No Active Memberships' })).toBeVisible();
    // Another device signs out everywhere.
    const revoked = await request.post(`${siteUrl()}/auth/logout-all`, { headers: { Authorization: `Bearer ${login.token}` } });
    expect(revoked.status()).toBe(200);
    await securityRegion(page).getByRole('button', { name: 'Download my data' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, SESSION_ENDED)).toBeVisible();
    expect(await storedSession(page)).toEqual({ user: null, token: null });
  });

  test('Sign out of all devices: a confirmation dialog (keyboard), then every session ends', async ({ page, request }) => {
    const { account, login } = await loggedInAccount(page, request);
    const otherDevice = await loginAccount(request, account);
    await page.goto('/profile');
    const opener = securityRegion(page).getByRole('button', { name: 'Sign out of all devices' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await expect(dialog).toContainText('This ends your session everywhere, including this browser.');
    await expectNoA11yViolations(page, '/profile sign-out-everywhere dialog');
    await expectFocusTrapped(page, dialog, 6);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    expect(await sessionStatus(request, otherDevice.token)).toBe(200);

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Signed out of all devices')).toBeVisible();
    expect(await storedSession(page)).toEqual({ user: null, token: null });
    expect(await sessionStatus(request, login.token)).toBe(401);
    expect(await sessionStatus(request, otherDevice.token)).toBe(401);
  });

  test('Download my data: the account, memberships, and a ticket with its conversation and a contact message sent while logged in', async ({ page, request }) => {
    const account = await registerAccount(request, { firstName: 'Anbu', lastName: 'Selvan' });
    const login = await loginAccount(request, account);
    await storeLogin(page, login);
    const marker = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

    // A contact message through the real form, which sends the session token; a ticket through the API with it.
    await page.goto('/contact');
    const contact = page.locator('main').getByRole('form');
    await expect(contact.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
    await contact.getByRole('textbox', { name: 'Message', exact: true }).fill(`Volunteering at Pongal (${marker})`);
    const contactSent = page.waitForResponse((r) => r.url().endsWith('/email/send'));
    await contact.getByRole('button', { name: 'Send Message' }).click();
    const contactAnswer = await contactSent;
    expect(contactAnswer.status()).toBe(201);
    expect(contactAnswer.request().headers().authorization).toBe(`Bearer ${login.token}`);
    const ticket = await request.post(`${siteUrl()}/supportdesk/add`, {
      headers: { Authorization: `Bearer ${login.token}` },
      data: { name: 'Anbu Selvan', email: account.email, countryCode: '+61', phone: '412345678', issueType: 'billing', issueDescription: `Receipt missing (${marker})` },
    });
    expect(ticket.status()).toBe(201);
    const { reference } = (await ticket.json()) as { reference: string };
    expect(reference).toMatch(TICKET_REFERENCE_PATTERN);

    await page.goto('/profile');
    const security = securityRegion(page);
    const downloaded = page.waitForEvent('download');
    await security.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^tca-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(security.getByRole('status')).toHaveText(`Your data was saved as ${download.suggestedFilename()}.`);
    const file = await download.path();
    const data = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;

    const { memberships, ...accountPart } = accountExportSchema.parse({ ...(data.account as object), memberships: data.memberships });
    // The account's language (issue 17) is part of what the site holds: English for an account registered without one.
    expect(accountPart.user).toEqual({ id: login.user.id, email: account.email, firstName: 'Anbu', lastName: 'Selvan', phoneNumber: account.phoneNumber, language: 'en' });
    expect(accountPart.sessions.filter((s) => s.current)).toHaveLength(1);
    // Nothing creates membership records yet (payments do that next): the list is there, and empty.
    expect(memberships).toEqual([]);
    const tickets = mySupportTicketsSchema.parse(data.supportTickets);
    expect(tickets).toEqual([expect.objectContaining({ reference, issueType: 'billing', issueDescription: `Receipt missing (${marker})`, email: account.email })]);
    // Each ticket with where it stands and its conversation (the support desk's member API: no staff notes).
    expect(data.supportTickets).toEqual([
      expect.objectContaining({ reference, status: 'open', closedAt: null, conversation: [expect.objectContaining({ kind: 'submission', body: `Receipt missing (${marker})` })] }),
    ]);
    const messages = myContactMessagesSchema.parse(data.contactMessages);
    expect(messages).toEqual([expect.objectContaining({ message: `Volunteering at Pongal (${marker})`, email: account.email, name: 'Anbu Selvan' })]);
    expect(JSON.stringify(data)).not.toContain(login.token);
    expect(JSON.stringify(data)).not.toMatch(/argon2/);

    // A part that cannot be read fails the whole download and says which.
    await page.route('**/supportdesk/mine', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"identity_unavailable","message":"later"}' }));
    await security.getByRole('button', { name: 'Download my data' }).click();
    const failure = security.getByRole('alert');
    await expect(failure).toHaveText('Could not download your data: your support tickets could not be read. Please try again later.');
    await expect(failure).toBeFocused();
  });
});
