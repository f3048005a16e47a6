import type { APIRequestContext } from '@playwright/test';
import { dismissToasts } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * Events in the staff area (issue 14): the run's editor creates an event through /staff/events/new (told
 * first that a name and a date are missing), adds a picture with its alt text; made Active it shows on /events
 * and in /events/calendar.ics at once; cancelled, /events still lists it marked "Cancelled" (no tickets, no
 * calendar link) and the feed carries it as STATUS:CANCELLED; then it is deleted through the dialog. Axe and
 * screenshots at 1280 and 375 px (E2E_SHOTS_DIR) of the list, the editor and the public page.
 */

const STAGE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#0e7490"/><rect x="150" y="300" width="500" height="200" fill="#f2a33a"/></svg>',
);

/** The feed's VEVENT of this event (by its UID), or '' while it is not there. */
async function feedEntry(request: APIRequestContext, key: string): Promise<string> {
  const ics = await (await request.get(`${siteUrl()}/events/calendar.ics`)).text();
  return ics.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${key}@`)) ?? '';
}

test('an editor creates an event -> on /events and in calendar.ics; Cancel -> marked Cancelled and STATUS:CANCELLED; Delete', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signedInStaff(page, request, 'editor');
  await page.goto('/staff');
  await page.getByRole('main').getByRole('link', { name: /^Events/ }).click();
  await expect(pageTitle(page)).toHaveText('Events');
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/events');
  await shootBothWidths(page, 'events-1-list');

  await page.getByRole('link', { name: 'New event' }).click();
  await expect(pageTitle(page)).toHaveText('New event');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Date', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, '/staff/events/new with errors');
  await shootBothWidths(page, 'events-2-new-errors');

  const name = `Pongal evening ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill('2099-01-15');
  await page.getByLabel('Time').fill('18:30');
  await page.getByRole('textbox', { name: 'Location' }).fill('Adelaide Town Hall');
  await page.getByRole('textbox', { name: 'Description' }).fill('Music, kolam and sweet pongal.');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Active');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(pageTitle(page)).toHaveText(`Edit: ${name}`);
  await expect(page).toHaveURL(/\/staff\/events\/[A-Za-z0-9_-]+$/);
  const key = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

  // A picture, uploaded at once with its alt text.
  await page.getByLabel('Add a picture').setInputFiles({ name: 'stage.svg', mimeType: 'image/svg+xml', buffer: STAGE_SVG });
  await page.getByRole('textbox', { name: 'Its alt text' }).fill('The stage lit in saffron');
  await page.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(page.getByRole('img', { name: 'The stage lit in saffron' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Picture 1: alt text' })).toHaveValue('The stage lit in saffron');
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/events/:key');
  await shootBothWidths(page, 'events-3-editor');

  // Public at once: /events and the calendar feed.
  const publicPage = await page.context().newPage();
  await publicPage.goto('/events');
  const upcoming = publicPage.getByRole('region', { name: 'Upcoming Events' });
  await expect(upcoming.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect.poll(async () => feedEntry(request, key)).toContain(`SUMMARY:${name}`);
  expect(await feedEntry(request, key)).toContain('STATUS:CONFIRMED');

  // Cancelled: still listed, marked, and cancelled in calendars.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Cancelled');
  await expect(page.getByText('Stays on /events marked Cancelled')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Key ${key} · Cancelled`)).toBeVisible();
  await publicPage.reload();
  const card = upcoming.getByRole('listitem').filter({ has: publicPage.getByRole('heading', { name: `${name} (cancelled)` }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: /Add to calendar/ })).toHaveCount(0);
  await expectNoA11yViolations(publicPage, '/events with a cancelled event');
  await card.scrollIntoViewIfNeeded();
  await shootBothWidths(publicPage, 'events-4-public-cancelled');
  await expect.poll(async () => feedEntry(request, key)).toContain('STATUS:CANCELLED');
  await publicPage.close();

  // Delete, confirmed in the dialog (which offers Cancelled instead): gone from the staff list and the feed.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete "${name}"?` });
  await expect(confirm).toContainText('set its status to Cancelled instead');
  await expectNoA11yViolations(page, 'the delete dialog');
  await confirm.getByRole('button', { name: 'Delete the event' }).click();
  await expect(pageTitle(page)).toHaveText('Events');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect.poll(async () => feedEntry(request, key)).toBe('');
});
