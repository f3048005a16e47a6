import type { Page } from '@playwright/test';
import { dismissToasts, GOOD_PASSWORD, registerAccount, storedSession, uniqueEmail, type TestAccount } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { mailText, recipients, waitForMail } from '../support/mail.js';
import { addStaffRole, shootBothWidths, stepsFromNow, totpCode } from '../support/staff.js';

/**
 * Issue 14's "done means", end to end on the composed site, as the association would live it: an owner
 * made with the operators' CLI signs in and sets up an authenticator app (the key read from the page),
 * invites an editor by e-mail (the link read from MailDev); the editor joins, sets up their own app and
 * writes a post with a cover, which is on /blog and the home page at once; edits it, unpublishes it (gone);
 * adds an event (on /events and in the calendar feed); is refused a membership officer's call and does not
 * see that desk. The owner then finds every one of these actions in the audit log.
 */

const COVER_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><rect width="800" height="450" fill="#1f5e7a"/><circle cx="400" cy="225" r="150" fill="#f2c14e"/></svg>',
);

async function logIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Member login' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The first sign-in of a staff account: sets up the app from the key on the page, keeps the recovery codes, lands in /staff. */
async function enrolInBrowser(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<string> {
  await logIn(page, account);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app', level: 2 })).toBeFocused();
  const keyText = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? '';
  const secret = keyText.replace(/\s+/g, '');
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/staff\/?$/);
  return secret;
}

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const { token } = await storedSession(page);
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token ?? ''}` };
}

test('owner from the CLI -> enrols -> invites an editor by e-mail -> the editor enrols, writes, edits, unpublishes; event; 403; the audit log', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = await registerAccount(request, { firstName: 'Selvi', lastName: 'Owner' });
  expect(await addStaffRole(owner.email, 'owner')).toContain(`${owner.email} now has the roles`);
  const ownerSecret = await enrolInBrowser(page, owner);

  // The owner invites an editor on /staff/people.
  await page.getByRole('link', { name: /Staff and invitations/ }).click();
  await expect(pageTitle(page)).toHaveText('Staff and invitations');
  const editor: TestAccount = { email: uniqueEmail('editor'), password: GOOD_PASSWORD, firstName: 'Ilango', lastName: 'Editor', phoneNumber: '+61 412 345 678' };
  const invite = page.getByRole('form', { name: /Invite/ });
  await invite.getByRole('textbox', { name: 'Email' }).fill(editor.email);
  await invite.getByRole('checkbox', { name: 'Editor' }).check();
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(editor.email).first()).toBeVisible();

  // The invitation e-mail's link, read from MailDev.
  const mail = await waitForMail(request, `the staff invitation to ${editor.email}`, (m) => recipients(m).includes(editor.email.toLowerCase()));
  const link = /https?:\/\/[^\s"<>]+\/staff\/accept-invitation\/[A-Za-z0-9_-]+/.exec(mailText(mail))?.[0];
  expect(link, 'the invitation link').toBeTruthy();
  const editorContext = await browser.newContext({ baseURL: siteUrl() });
  const editorPage = await editorContext.newPage();
  await editorPage.goto(new URL(link ?? '').pathname);
  const join = editorPage.getByRole('form', { name: 'Join the staff' });
  await join.getByRole('textbox', { name: 'First name' }).fill(editor.firstName);
  await join.getByRole('textbox', { name: 'Last name' }).fill(editor.lastName);
  await join.getByRole('textbox', { name: 'Phone number' }).fill(editor.phoneNumber);
  await join.getByLabel(/^Password/).fill(editor.password);
  await join.getByLabel(/^Confirm password/).fill(editor.password);
  await join.getByRole('button', { name: 'Join the staff' }).click();
  await expect(editorPage.getByRole('link', { name: 'Go to the login page' })).toBeVisible();

  // The editor's first sign-in sets up their app; their home shows the editor's areas only.
  await enrolInBrowser(editorPage, editor);
  await expect(editorPage.getByRole('link', { name: /Blog posts/ })).toBeVisible();
  await expect(editorPage.getByRole('link', { name: /Staff and invitations/ })).toHaveCount(0);
  await expect(editorPage.getByText('Membership requests')).toHaveCount(0);

  // A post with a cover, published: on /blog and the home page at once.
  await editorPage.getByRole('link', { name: /Blog posts/ }).click();
  await editorPage.getByRole('link', { name: 'New post' }).click();
  const title = `Pongal celebration ${Date.now()}`;
  await editorPage.getByRole('textbox', { name: 'Title' }).fill(title);
  await editorPage.getByLabel('Date').fill('2099-01-14');
  await editorPage.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await editorPage.getByLabel('Cover image').setInputFiles({ name: 'pongal.svg', mimeType: 'image/svg+xml', buffer: COVER_SVG });
  await editorPage.getByRole('textbox', { name: 'Cover alt text' }).fill('A pot of pongal boiling over');
  await editorPage.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Join us for **Thai Pongal**.');
  await editorPage.getByRole('button', { name: 'Save' }).click();
  await expect(pageTitle(editorPage)).toHaveText(`Edit: ${title}`);
  const visitor = await browser.newPage({ baseURL: siteUrl() });
  await visitor.goto('/blog');
  await expect(visitor.getByRole('link', { name: title }).first()).toBeVisible();
  await visitor.goto('/');
  await expect(visitor.getByRole('region', { name: 'Latest from our Blog' }).getByRole('link', { name: title })).toBeVisible();

  // Edit the title, then unpublish: gone from /blog.
  const edited = `${title} (photos added)`;
  await editorPage.getByRole('textbox', { name: 'Title' }).fill(edited);
  await editorPage.getByRole('button', { name: 'Save' }).click();
  await expect(pageTitle(editorPage)).toHaveText(`Edit: ${edited}`);
  await visitor.goto('/blog');
  await expect(visitor.getByRole('link', { name: edited }).first()).toBeVisible();
  await editorPage.getByRole('button', { name: 'Unpublish' }).click();
  await expect(editorPage.getByText(/ · Draft$/)).toBeVisible();
  await visitor.goto('/blog');
  await expect(pageTitle(visitor)).toHaveText('Blog');
  await expect(visitor.getByRole('link', { name: edited })).toHaveCount(0);

  // An event: on /events and in the calendar feed at once.
  const headers = await bearer(editorPage);
  const eventName = `Tamil New Year concert ${Date.now()}`;
  const created = await request.post(`${siteUrl()}/staff-api/content/events`, {
    headers,
    data: { name: eventName, description: 'Music and dance for the new year.', date: '2099-04-14', endDate: null, time: '18:00', location: 'Adelaide Town Hall', eventLink: null, status: 'Active' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await visitor.goto('/events');
  await expect(visitor.getByText(eventName).first()).toBeVisible();
  expect(await (await request.get(`${siteUrl()}/events/calendar.ics`)).text()).toContain(`SUMMARY:${eventName}`);

  // An editor is refused a membership officer's call (and has no such card, above).
  const membersCall = await request.get(`${siteUrl()}/staff-api/memberships`, { headers });
  expect(membersCall.status()).toBe(403);
  expect((await membersCall.json()).error).toBe('forbidden');

  // The owner signs in again: a wrong code is refused, the right one lets them in.
  await page.evaluate(() => localStorage.clear());
  await logIn(page, owner);
  const codeField = page.getByRole('textbox', { name: '6-digit code' });
  const right = await totpCode(ownerSecret, stepsFromNow(1));
  await codeField.fill(right === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await codeField.fill(right);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/?$/);

  // The audit log has every one of these actions: the owner's, then the editor's.
  await page.getByRole('link', { name: /Audit log/ }).click();
  await expect(pageTitle(page)).toHaveText('Audit log');
  await dismissToasts(page);
  const entries = page.getByRole('region', { name: /entries matching the filters/ });
  const who = page.getByRole('textbox', { name: 'Who (e-mail)' });
  await who.fill(owner.email);
  await page.getByRole('button', { name: 'Show entries' }).click();
  for (const action of ['Authenticator app set up', 'Invitation sent', 'Sign-in refused: wrong authenticator code', 'Signed in']) {
    await expect(entries.getByText(action, { exact: true }).first(), action).toBeVisible();
  }
  await expectNoA11yViolations(page, '/staff/audit, the owner\'s actions');
  await shootBothWidths(page, 'journey-audit-owner');
  await who.fill(editor.email);
  await page.getByRole('button', { name: 'Show entries' }).click();
  for (const action of ['Invitation accepted', 'Authenticator app set up', 'Post created', 'Post updated', 'Post unpublished', 'Event created']) {
    await expect(entries.getByText(action, { exact: true }).first(), action).toBeVisible();
  }
  await shootBothWidths(page, 'journey-audit-editor');
  await editorContext.close();
  await visitor.close();
});
