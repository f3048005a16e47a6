import type { Page } from '@playwright/test';
import { dismissToasts, loggedInAccount, registerAccount, toast, toasts, uniqueEmail } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { pauseClock } from '../support/clock.js';
import { expect, header, pageTitle, test } from '../support/fixtures.js';

/** /login (spec §2.3, §5, §8): the login card, its reset-link request, and their messages. */

const loginForm = (page: Page) => page.getByRole('form', { name: 'Member login' });
const resetForm = (page: Page) => page.getByRole('form', { name: 'Reset your password' });

async function fillLogin(page: Page, email: string, password: string) {
  await loginForm(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await loginForm(page).getByRole('textbox', { name: 'Password', exact: true }).fill(password);
}

const submitLogin = (page: Page) => loginForm(page).getByRole('button', { name: 'Login', exact: true }).click();

test.describe('/login', () => {
  test('the card: email, password with a keyboard show/hide toggle, Forgot password, a link to /register; axe in both modes', async ({ page }) => {
    await page.goto('/login');
    await expect(pageTitle(page)).toHaveText('Login');
    const form = loginForm(page);
    const email = form.getByRole('textbox', { name: 'Email', exact: true });
    const password = form.getByRole('textbox', { name: 'Password', exact: true });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(form.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await expectNoA11yViolations(page, '/login');

    // The toggle by keyboard: it reveals and hides the password, says what it will do next, keeps focus, never submits.
    await password.fill('Secret#123');
    await password.focus();
    await page.keyboard.press('Tab');
    const show = form.getByRole('button', { name: 'Show password' });
    await expect(show).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    const hide = form.getByRole('button', { name: 'Hide password' });
    await expect(hide).toBeFocused();
    await expect(hide).toHaveAttribute('aria-controls', (await password.getAttribute('id')) ?? 'missing id');
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toasts(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);

    // Forgot password turns the same card into the reset request, with focus on its field; Back to login returns.
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(loginForm(page)).toHaveCount(0);
    const reset = resetForm(page);
    await expect(reset.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
    await expect(reset.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    await expectNoA11yViolations(page, '/login, reset-link request');
    await reset.getByRole('button', { name: 'Back to login' }).click();
    await expect(loginForm(page).getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
  });

  test('§5 messages as toasts for 3 seconds, and under their fields; nothing is sent', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/auth/login')) sent += 1;
    });
    await page.goto('/login');
    await submitLogin(page);
    await expect(toast(page, 'Email is required')).toBeVisible();
    await expect(toast(page, 'Password is required')).toBeVisible();
    const email = loginForm(page).getByRole('textbox', { name: 'Email', exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(loginForm(page).getByText('Email is required')).toBeVisible();
    await expect(loginForm(page).getByText('Password is required')).toBeVisible();
    // Spec §5: the toasts go after 3 seconds (a little more for the exit animation); the field messages stay.
    await expect(toasts(page)).toHaveCount(0, { timeout: 6_000 });
    await expect(loginForm(page).getByText('Email is required')).toBeVisible();

    await fillLogin(page, 'not-an-address', 'whatever');
    await submitLogin(page);
    await expect(toast(page, 'Invalid email format')).toBeVisible();
    await expect(toast(page, 'Password is required')).toHaveCount(0);
    expect(sent).toBe(0);
    await expectNoA11yViolations(page, '/login with field errors');
  });

  test('§8: a wrong password (real service), 404, another status and no answer at all', async ({ page, request }) => {
    const account = await registerAccount(request);
    await page.goto('/login');

    await fillLogin(page, account.email, 'Wrong#Password1');
    const refused = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
    await submitLogin(page);
    expect((await refused).status()).toBe(401);
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    // An unknown e-mail gets the same answer.
    await dismissToasts(page);
    await fillLogin(page, uniqueEmail('nobody'), 'Wrong#Password1');
    await submitLogin(page);
    await expect(toast(page, 'Invalid email or password')).toBeVisible();

    const cases = [
      { what: '404', answer: { status: 404, contentType: 'text/html', body: 'Not Found' }, text: 'Server unavailable' },
      { what: '500', answer: { status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' }, text: 'Something went wrong. Please try again later.' },
      { what: '502', answer: { status: 502, contentType: 'text/plain', body: 'Bad gateway' }, text: 'Something went wrong. Please try again later.' },
    ];
    for (const { what, answer, text } of cases) {
      await dismissToasts(page);
      await page.route('**/auth/login', (route) => route.fulfill(answer), { times: 1 });
      await fillLogin(page, account.email, account.password);
      await submitLogin(page);
      await expect(toast(page, text), `toast for a ${what}`).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    }
    await dismissToasts(page);
    await page.route('**/auth/login', (route) => route.abort('connectionrefused'), { times: 1 });
    await submitLogin(page);
    await expect(toast(page, 'Something went wrong. Please try again later.')).toBeVisible();
    // Beyond the spec: too many attempts says so and when to try again.
    await dismissToasts(page);
    await page.route(
      '**/auth/login',
      (route) => route.fulfill({ status: 429, headers: { 'Retry-After': '600' }, contentType: 'application/json', body: '{"error":"rate_limited","message":"Too many login attempts."}' }),
      { times: 1 },
    );
    await submitLogin(page);
    await expect(toast(page, 'Too many login attempts. Please try again in 10 minutes.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('success: Login successful!, the session stored for 24 hours, / exactly 2 seconds later', async ({ page, request }) => {
    const account = await registerAccount(request, { phoneNumber: '14155550123' });
    await page.clock.install();
    await page.goto('/login');
    await fillLogin(page, account.email, account.password);
    await pauseClock(page);
    const answered = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
    await submitLogin(page);
    expect((await answered).status()).toBe(200);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    const stored = await page.evaluate(() => ({ user: JSON.parse(localStorage.getItem('user') ?? 'null') as unknown, token: localStorage.getItem('token'), now: Date.now() }));
    const user = stored.user as { value: Record<string, unknown>; expiry: number };
    expect(user.value).toMatchObject({ email: account.email, firstName: 'Meera', lastName: 'Raman', phone: '14155550123', phoneCountry: '+1' });
    expect(user.value.token).toBeUndefined();
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(user.expiry - stored.now).toBeGreaterThan(24 * 60 * 60 * 1000 - 5_000);
    expect(user.expiry - stored.now).toBeLessThanOrEqual(24 * 60 * 60 * 1000);

    await page.clock.runFor(1_900);
    await expect(page).toHaveURL(/\/login$/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  });

  test('a visitor with a session is sent from /login to /', async ({ page, request }) => {
    await loggedInAccount(page, request);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});

test.describe('/login reset-link request', () => {
  test('§5 messages, then §8 success with the same answer for an unknown address', async ({ page, request }) => {
    const account = await registerAccount(request);
    await page.goto('/login');
    await loginForm(page).getByRole('button', { name: 'Forgot password?' }).click();
    const form = resetForm(page);
    const email = form.getByRole('textbox', { name: 'Email', exact: true });
    const send = form.getByRole('button', { name: 'Send Reset Link' });

    await send.click();
    await expect(toast(page, 'Email is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('meera@');
    await send.click();
    await expect(toast(page, 'Invalid email format')).toBeVisible();

    for (const address of [account.email, uniqueEmail('nobody')]) {
      await dismissToasts(page);
      await email.fill(address);
      const answered = page.waitForResponse((r) => r.url().endsWith('/auth/send-reset-email'));
      await send.click();
      const answer = await answered;
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toMatchObject({ success: true });
      await expect(toast(page, 'Reset link sent successfully. Check your email.')).toBeVisible();
      await expect(form).toContainText(`If an account exists for ${address}, the e-mail is on its way.`);
    }
    await expectNoA11yViolations(page, '/login reset request after sending');
  });

  test('§8 failures: 404, other statuses, no answer, and success false with and without a message', async ({ page }) => {
    await page.goto('/login');
    await loginForm(page).getByRole('button', { name: 'Forgot password?' }).click();
    const form = resetForm(page);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('reset-stub'));
    const cases = [
      { answer: { status: 404, contentType: 'text/plain', body: 'Not Found' }, text: 'Server unavailable' },
      { answer: { status: 503, contentType: 'application/json', body: '{"error":"unavailable","message":"down"}' }, text: 'Something went wrong. Please try again later.' },
      { answer: { status: 200, contentType: 'application/json', body: '{"success":false,"message":"Mail is paused for maintenance."}' }, text: 'Mail is paused for maintenance.' },
      { answer: { status: 200, contentType: 'application/json', body: '{"success":false,"message":""}' }, text: 'Failed to send reset link.' },
    ];
    for (const { answer, text } of cases) {
      await dismissToasts(page);
      await page.route('**/auth/send-reset-email', (route) => route.fulfill(answer), { times: 1 });
      await form.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(toast(page, text)).toBeVisible();
      await expect(form).not.toContainText('the e-mail is on its way');
    }
    await dismissToasts(page);
    await page.route('**/auth/send-reset-email', (route) => route.abort('internetdisconnected'), { times: 1 });
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Something went wrong. Please try again later.')).toBeVisible();
  });
});
