import type { APIRequestContext } from '@playwright/test';
import { loginAccount, registerAccount } from '../support/account.js';
import { expect, header, pageTitle, test } from '../support/fixtures.js';

/** A stored user for the tests that never ask the server about the token (the header reads storage only). */
const user = { id: 7, email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

/** A registered account logged in through the identity service, as the login page would store it. */
async function registerAndLogIn(request: APIRequestContext) {
  const login = await loginAccount(request, await registerAccount(request));
  const { id, email, firstName, lastName, phoneNumber } = login.user;
  return { account: { value: { id, email, firstName, lastName, phone: phoneNumber, phoneCountry: '+61' }, token: login.token } };
}

test.describe('header login state follows the stored session', () => {
  test('no stored user: a Login button, no profile icon', async ({ page }) => {
    await page.goto('/about');
    await expect(pageTitle(page)).toHaveText('The Adelaide Story');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Profile' })).toHaveCount(0);
  });

  test('a stored user within its 24 hours: the profile icon, which opens /profile', async ({ page, request }) => {
    // A real login: the profile asks the identity service, and a token it does not know logs the browser out.
    const { account } = await registerAndLogIn(request);
    await page.goto('/about');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.evaluate(({ value, token }) => {
      localStorage.setItem('user', JSON.stringify({ value, expiry: Date.now() + 60 * 60 * 1000 }));
      localStorage.setItem('token', token);
    }, account);
    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await header(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(pageTitle(page)).toHaveText('My Profile');
    await expect(page.getByRole('region', { name: 'Personal Information' }).locator('dd')).toHaveText(['Meera Raman', account.value.email, '+61 412345678']);
    // The server knows the token: the membership lookup answers and the browser stays on /profile.
    await expect(page.getByRole('region', { name: 'Membership Details' }).getByRole('heading', { name: 'No Active Memberships' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('an expired stored user counts as logged out', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate((value) => {
      localStorage.setItem('user', JSON.stringify({ value, expiry: Date.now() - 1000 }));
      localStorage.setItem('token', 'test-token');
    }, user);
    await page.reload();
    await expect(pageTitle(page)).toHaveText('The Adelaide Story');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a logged-in visitor opening /login is sent home', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate((value) => {
      localStorage.setItem('user', JSON.stringify({ value, expiry: Date.now() + 60 * 60 * 1000 }));
      localStorage.setItem('token', 'test-token');
    }, user);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('logging in elsewhere in the same tab updates the header without a reload', async ({ page }) => {
    await page.goto('/events');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    // Another tab writes the session: the storage event reaches this one.
    const other = await page.context().newPage();
    await other.goto('/events');
    await other.evaluate((value) => {
      localStorage.setItem('user', JSON.stringify({ value, expiry: Date.now() + 60 * 60 * 1000 }));
      localStorage.setItem('token', 'test-token');
    }, user);
    await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});

test('the 60-second check ends an expired session and goes to /login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/about');
  await expect(pageTitle(page)).toHaveText('The Adelaide Story');
  await page.evaluate((value) => {
    localStorage.setItem('user', JSON.stringify({ value, expiry: Date.now() + 30_000 }));
    localStorage.setItem('token', 'test-token');
  }, user);
  await page.reload();
  await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();

  await page.clock.fastForward(61_000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token')])).toEqual([null, null]);
});
