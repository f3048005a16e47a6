import type { Page } from '@playwright/test';
import { registerRequestSchema } from '@tca/contracts';
import { escapeRegExp, sessionStatus, storedSession, toast, uniqueEmail } from '../support/account.js';
import { expect, header, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { mailText, recipients, waitForMail, type SentMail } from '../support/mail.js';

/**
 * The account area end to end on the composed site, as a member lives it: register, log in, see the
 * profile, change the password, log out, forget the password, reset it from the e-mailed link, and
 * log in again. Every step goes through the pages and the real identity service; the reset link is
 * read from the site's MailDev inbox.
 */

const RESET_SUBJECT = /^Reset your password\b/;
const homeUrl = () => new RegExp(`^${escapeRegExp(siteUrl())}/$`);

/** The reset-password link of a MailDev e-mail, as a path of this site. */
function resetLinkIn(mail: SentMail): string {
  const match = mailText(mail).match(/https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no reset link in the e-mail "${mail.subject}"`);
  const url = new URL(match[0]);
  // PUBLIC_URL is the site's own origin, so the link leads back here.
  expect(url.origin).toBe(new URL(siteUrl()).origin);
  return url.pathname;
}

async function login(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Member login' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

test('register, log in, profile, change password, log out, reset by e-mail, log in again', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');
  const firstPassword = 'Pongal#2026a';
  const changedPassword = 'Thai#Pusam27';
  const resetPassword = 'Kolam!Reset28';
  let token = '';
  let resetPath = '';

  await test.step('register: Australia by default, the phone stored as 61412345678, the overlay, then /login', async () => {
    await page.goto('/register');
    await expect(pageTitle(page)).toHaveText('Create an Account');
    const form = page.getByRole('form', { name: 'Your details' });
    const country = form.getByRole('combobox', { name: 'Country' });
    await expect(country).toHaveValue('AU');
    await expect(country.locator('option:checked')).toHaveText('Australia (+61)');
    await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Meera');
    await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Raman');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('0412 345 678');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(firstPassword);
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(firstPassword);
    const submit = form.getByRole('button', { name: 'Create Account' });
    await expect(submit).toBeDisabled();
    await form.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }).check();
    await expect(submit).toBeEnabled();

    const sent = page.waitForRequest((r) => r.url().endsWith('/auth/register') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/auth/register'));
    await submit.click();
    const body = registerRequestSchema.parse((await sent).postDataJSON());
    expect(body).toEqual({ firstName: 'Meera', lastName: 'Raman', email, phoneNumber: '61412345678', password: firstPassword, termsAccepted: true });
    expect((await answered).status()).toBe(201);
    await expect(page.getByRole('dialog', { name: 'Registration successful!' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  });

  await test.step('the same e-mail in capitals is refused with the server\'s message', async () => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Meera');
    await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Raman');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email.toUpperCase());
    await form.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('0412345678');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(firstPassword);
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(firstPassword);
    await form.getByRole('checkbox', { name: 'I have read and accept the Terms and Conditions' }).check();
    const answered = page.waitForResponse((r) => r.url().endsWith('/auth/register'));
    await form.getByRole('button', { name: 'Create Account' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(409);
    const { message } = (await answer.json()) as { message: string };
    expect(message).toMatch(/already exists/);
    await expect(form.getByRole('alert')).toHaveText(message);
    await expect(page.getByRole('dialog', { name: 'Registration successful!' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
  });

  await test.step('log in: Login successful!, then / after 2 s, and the header shows the profile icon', async () => {
    await page.goto('/login');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await login(page, email, firstPassword);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(homeUrl(), { timeout: 5_000 });
    await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    token = (await storedSession(page)).token ?? '';
    expect(token).not.toBe('');
    expect(await sessionStatus(request, token)).toBe(200);
  });

  await test.step('profile: personal information with +61 412345678, no memberships, Become a Member', async () => {
    await header(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(pageTitle(page)).toHaveText('My Profile');
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await expect(personal.locator('dt')).toHaveText(['Name', 'Email', 'Phone']);
    await expect(personal.locator('dd')).toHaveText(['Meera Raman', email, '+61 412345678']);
    const membership = page.getByRole('region', { name: 'Membership Details' });
    await expect(membership.getByRole('heading', { name: 'No Active Memberships' })).toBeVisible();
    await expect(membership).toContainText("You don't have any active memberships at the moment.");
    await expect(membership.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/membership');
  });

  await test.step('change password: a wrong current password, a mismatch (nothing sent), then success and a reload', async () => {
    const security = page.getByRole('region', { name: 'Security Settings' });
    const toggle = security.getByRole('button', { name: 'Change Password' });
    await toggle.click();
    await expect(security.getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-expanded', 'true');
    const form = security.getByRole('form', { name: 'Change password' });
    const current = form.getByRole('textbox', { name: 'Current Password', exact: true });
    const next = form.getByRole('textbox', { name: 'New Password', exact: true });
    const confirm = form.getByRole('textbox', { name: 'Confirm New Password', exact: true });
    await expect(current).toBeFocused();

    await current.fill('Not#MyPassword1');
    await next.fill(changedPassword);
    await confirm.fill(changedPassword);
    const refused = page.waitForResponse((r) => r.url().endsWith('/auth/change-password'));
    await form.getByRole('button', { name: 'Update Password' }).click();
    expect((await refused).status()).toBe(400);
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Current password is incorrect')).toBeVisible();
    await expect(current).toBeFocused();

    let calls = 0;
    const count = (r: { url(): string }) => {
      if (r.url().endsWith('/auth/change-password')) calls += 1;
    };
    page.on('request', count);
    await current.fill(firstPassword);
    await confirm.fill(`${changedPassword}x`);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText("New passwords don't match")).toBeVisible();
    expect(calls).toBe(0);
    page.off('request', count);

    await confirm.fill(changedPassword);
    await page.evaluate(() => {
      (window as unknown as { e2eBeforeReload?: boolean }).e2eBeforeReload = true;
    });
    const changed = page.waitForResponse((r) => r.url().endsWith('/auth/change-password'));
    await form.getByRole('button', { name: 'Update Password' }).click();
    expect((await changed).status()).toBe(200);
    // The form closes and clears; the toggle is back to Change Password.
    await expect(form).toBeHidden();
    const fields = security.locator('form[aria-label="Change password"] input');
    await expect.poll(() => fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['', '', '']);
    await expect(toast(page, 'Password changed successfully')).toBeVisible();
    // …and the page reloads: the marker set on this document is gone, the profile is back.
    await expect.poll(() => page.evaluate(() => (window as unknown as { e2eBeforeReload?: boolean }).e2eBeforeReload ?? false), { timeout: 10_000 }).toBe(false);
    await expect(pageTitle(page)).toHaveText('My Profile');
    await expect(security.getByRole('button', { name: 'Change Password' })).toHaveAttribute('aria-expanded', 'false');
    // This browser's own session survives the change.
    expect(await sessionStatus(request, token)).toBe(200);
  });

  await test.step('logout: Logged out successfully on /login, storage cleared, the old token is dead', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    expect(await storedSession(page)).toEqual({ user: null, token: null });
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await sessionStatus(request, token)).toBe(401);
  });

  await test.step('forgot password: Send Reset Link, then the reset e-mail in the inbox', async () => {
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Reset your password' });
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Reset link sent successfully. Check your email.')).toBeVisible();
    await expect(form).toContainText(`If an account exists for ${email}, the e-mail is on its way.`);

    // The same address also got "your password was changed": only the reset e-mail carries the link.
    const mail = await waitForMail(request, `the reset e-mail to ${email}`, (m) => recipients(m).includes(email) && RESET_SUBJECT.test(m.subject));
    await waitForMail(request, `the password-changed notice to ${email}`, (m) => recipients(m).includes(email) && /password was changed/i.test(m.subject));
    resetPath = resetLinkIn(mail);
  });

  await test.step('the link sets a new password: Password reset successfully!, then /login after 1.5 s', async () => {
    await page.goto(resetPath);
    await expect(pageTitle(page)).toHaveText('Reset Password');
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(resetPassword);
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(resetPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password reset successfully!' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  });

  await test.step('the password before the reset no longer works', async () => {
    await login(page, email, changedPassword);
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the link does not work twice: the page says so and offers a new request', async () => {
    await page.goto(resetPath);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Another#Pass29');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Another#Pass29');
    const answered = page.waitForResponse((r) => r.url().endsWith('/auth/reset-password'));
    await page.getByRole('button', { name: 'Submit' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(400);
    const { message } = (await answer.json()) as { message: string };
    const banner = page.getByRole('alert').filter({ hasText: 'This reset link can no longer be used' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(message);
    await expect(banner).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to login' }).click();
  });

  await test.step('the new password logs in', async () => {
    await login(page, email, resetPassword);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(homeUrl(), { timeout: 5_000 });
    await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});
