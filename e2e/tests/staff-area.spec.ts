import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { INVITATION_ENDED_MESSAGE, STAFF_ROLE_REQUIRED_MESSAGE, type StaffListAnswer, type StaffMeAnswer } from '@tca/contracts';
import { loggedInAccount } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, footer, header, pageTitle, rootDir, test } from '../support/fixtures.js';
import { pointRegistry, resetRegistry } from '../support/registry.js';
import { serveRemote, stoppedServerUrl, type Host } from '../support/remote-hosts.js';

/**
 * The staff area (issue 14, mf-staff): /staff as a visitor, as a member without a staff role (the real
 * identity answers 403), as staff (GET /staff-api/me and /staff-api/staff answered by page.route(): a
 * staff session needs the two-factor sign-in, tested on its own), and with mf-staff down.
 * STAFF_SHOTS_DIR=/some/dir saves a screenshot of each state at 1280 and 375 px wide.
 */

const LOADER = { timeoutMs: 2000, retries: 1, backoffMs: 200 };
const FALLBACK_WITHIN_MS = 2 * LOADER.timeoutMs + LOADER.backoffMs + 4000;
const WIDTHS = [1280, 375] as const;
const hosts: Host[] = [];

test.afterEach(async () => {
  await resetRegistry();
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.STAFF_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

/** At each width: nothing wider than the screen, axe clean, a screenshot. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page, `${name} at ${width} px`);
    await shoot(page, name);
  }
}

const owner: StaffMeAnswer = { user: { id: '1', email: 'owner@example.org', firstName: 'Kavya', lastName: 'Siva' }, roles: ['owner'], twoFactorEnrolled: true };
const staffList: StaffListAnswer = {
  staff: [
    { user: owner.user, roles: ['owner'], twoFactorEnrolled: true, since: '2026-11-20T01:00:00.000Z' },
    { user: { id: '2', email: 'arun.kumar.editor@example.org', firstName: 'Arun', lastName: 'Kumar' }, roles: ['editor', 'support'], twoFactorEnrolled: false, since: '2026-11-26T04:30:00.000Z' },
  ],
  invitations: [
    { id: '5', email: 'new.treasurer@example.org', roles: ['treasurer'], invitedBy: 'owner@example.org', createdAt: '2026-11-27T01:00:00.000Z', expiresAt: '2026-11-30T01:00:00.000Z' },
  ],
};

test('a visitor: "Staff sign-in" with a link to the login page; nothing in the header links the staff area; axe', async ({ page }) => {
  await page.goto('/staff');
  await expect(pageTitle(page)).toHaveText('Staff sign-in');
  await expect(header(page).locator('a[href^="/staff"]')).toHaveCount(0);
  await checkWidths(page, 'staff-visitor');
  await page.getByRole('link', { name: 'Go to the login page' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(pageTitle(page)).toHaveText('Login');
});

test('an invitation link that is not (or no longer) valid: the form, then identity\'s answer that it ended; axe', async ({ page }) => {
  await page.goto('/staff/accept-invitation/no-such-invitation-token');
  await expect(pageTitle(page)).toHaveText('Join the staff');
  await page.getByLabel('First name').fill('Arun');
  await page.getByLabel('Last name').fill('Kumar');
  await page.getByLabel('Phone number').fill('+61 412 345 678');
  await page.getByLabel(/^Password/).fill('Kolam#2026start');
  await page.getByLabel('Confirm password').fill('Kolam#2026start');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/staff-api/invitations/accept');
  await page.getByRole('button', { name: 'Join the staff' }).click();
  expect((await answer).status()).toBeGreaterThanOrEqual(400);
  await expect(page.getByRole('alert')).toContainText(INVITATION_ENDED_MESSAGE);
  await checkWidths(page, 'staff-accept-invitation');
});

test('a member without a staff role: identity answers 403 and the page says the area is for the staff; axe', async ({ page, request }) => {
  await loggedInAccount(page, request);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/staff-api/me');
  await page.goto('/staff');
  expect((await answer).status()).toBe(403);
  await expect(pageTitle(page)).toHaveText("This area is for the association's staff");
  await expect(page.getByText(STAFF_ROLE_REQUIRED_MESSAGE)).toHaveCount(0);
  await checkWidths(page, 'staff-member');
  // The profile shows no Staff area link to a member.
  await page.goto('/profile');
  await expect(pageTitle(page)).toHaveText('My Profile');
  await expect(page.getByRole('link', { name: 'Open the staff area' })).toHaveCount(0);
  await page.goto('/staff/people');
  await expect(pageTitle(page)).toHaveText("This area is for the association's staff");
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(pageTitle(page)).toHaveText('Adelaide Tamil Association');
});

test('an owner (answers routed): home with role and areas, /staff/people with staff, 2FA, invitations, confirm dialog; keyboard; axe at 1280 and 375 px', async ({ page, request }) => {
  await loggedInAccount(page, request);
  await page.route('**/staff-api/me', (route) => route.fulfill({ json: owner }));
  await page.route('**/staff-api/staff', (route) => route.fulfill({ json: staffList }));
  await page.goto('/staff');
  await expect(pageTitle(page)).toHaveText('Staff area');
  await expect(page.getByText('Signed in as Kavya Siva (owner@example.org).')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your role' })).toContainText('Owner: Manages staff');
  await checkWidths(page, 'staff-home-owner');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: /Staff and invitations/ }).click();
  await expect(pageTitle(page)).toHaveText('Staff and invitations');
  const staff = page.getByRole('region', { name: 'Staff (2)' });
  await expect(staff.getByRole('list', { name: 'Roles of Arun Kumar' })).toHaveText(/Editor\s*Support/);
  await expect(staff.getByText('Not set up yet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations (1)' })).toContainText('new.treasurer@example.org');
  await checkWidths(page, 'staff-people');

  // The invite form checks before it sends: no role, a broken address.
  await page.getByLabel('Email').fill('not an address');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Choose at least one role')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  // Remove: a confirmation dialog, keyboard only; Escape cancels and gives focus back.
  const remove = page.getByRole('button', { name: 'Remove Arun Kumar from staff' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove Arun Kumar from staff?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'the remove dialog');
  await shoot(page, 'staff-people-remove-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
});

test('with mf-staff down only the staff area fails: its fallback with Retry, the frame and other pages work; Retry recovers', async ({ page }) => {
  const stopped = await stoppedServerUrl();
  await pointRegistry({ staff: `${stopped.url}/mf-manifest.json` }, LOADER);
  const fallback = page.locator('[data-remote-fallback="staff"]');

  await page.goto('/staff');
  await expect(fallback).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(footer(page).getByText('All rights reserved.')).toBeVisible();
  await expectNoA11yViolations(page, '/staff with mf-staff down');
  await shoot(page, 'staff-down');

  await header(page).getByRole('link', { name: 'Events' }).click();
  await expect(pageTitle(page)).toHaveText('Events');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(pageTitle(page)).toHaveText('Login');

  await page.goBack();
  await page.goBack();
  await expect(fallback).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  hosts.push(await serveRemote(path.join(rootDir(), 'mf-staff/dist'), stopped.port));
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(pageTitle(page)).toHaveText('Staff sign-in');
  await expect(fallback).toHaveCount(0);
});
