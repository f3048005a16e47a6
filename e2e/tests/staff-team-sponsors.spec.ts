import type { Locator, Page } from '@playwright/test';
import { dismissToasts } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * Team members and sponsors in the staff area (issue 14): the run's editor adds a team member with a photo
 * (told first that the name and then the photo's alt text are missing), moves them to the top with the
 * keyboard alone (focus stays on the Move up button) and /team shows them first; adds a sponsor with a logo
 * and a link, drags it to the top with the pointer and the home page's sponsor strip shows it, linked; then
 * removes both through the confirmation dialog (the seeded lists are as before for the other specs).
 * Axe and screenshots at 1280 and 375 px of the lists, the form with errors and the dialog.
 */

const PHOTO_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#f2c14e"/><circle cx="150" cy="120" r="60" fill="#7a1f2b"/></svg>');
const LOGO_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#0f766e"/><path d="M200 40 L260 160 L140 160 Z" fill="#fff"/></svg>');

const rowOf = (page: Page, name: string): Locator => page.getByRole('list', { name: /in display order/ }).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const orderSaved = (page: Page, path: 'team' | 'sponsors') => page.waitForResponse((res) => res.url().endsWith(`/staff-api/content/${path}/order`) && res.request().method() === 'PUT', { timeout: 15_000 });

async function removeThroughDialog(page: Page, name: string, confirm: string, shot?: string): Promise<void> {
  await rowOf(page, name).getByRole('button', { name: `Remove ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Remove ${name}?`);
  if (shot) await expectNoA11yViolations(page, shot);
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(rowOf(page, name)).toHaveCount(0);
}

test('an editor adds a team member and moves them first by keyboard (/team); adds a sponsor with a logo and link and drags it first (home page); removes both', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signedInStaff(page, request, 'editor');
  await page.goto('/staff');
  await page.getByRole('link', { name: /^Team\b/ }).click();
  await expect(pageTitle(page)).toHaveText('Team members');
  await expect(page.getByRole('list', { name: 'Team members in display order' })).toBeVisible();
  await expectNoA11yViolations(page, '/staff/team');
  await shootBothWidths(page, 'team-1-list');

  // Add: the name, then the photo's alt text are required; the photo is uploaded after the fields are saved.
  const name = `Meena Raman ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Add a team member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a team member' });
  await dialog.getByRole('button', { name: 'Save team member' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Role' }).fill('Youth Coordinator');
  await dialog.getByRole('textbox', { name: 'About' }).fill('Meena runs the youth group and the Saturday kolam classes.');
  await dialog.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'meena.svg', mimeType: 'image/svg+xml', buffer: PHOTO_SVG });
  await dialog.getByRole('button', { name: 'Save team member' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Photo alt text' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, 'add team member with errors');
  await shootBothWidths(page, 'team-2-form-errors');
  await dialog.getByRole('textbox', { name: 'Photo alt text' }).fill('Meena smiling, in a yellow sari');
  await dialog.getByRole('button', { name: 'Save team member' }).click();
  await expect(dialog).toHaveCount(0);
  const row = rowOf(page, name);
  await expect(row.getByRole('img', { name: 'Meena smiling, in a yellow sari' })).toBeVisible();
  await dismissToasts(page);

  // Keyboard only: Enter on "Move up" until the member is first; focus stays on the button as the row moves.
  const moveUp = page.getByRole('button', { name: `Move up: ${name}` });
  await moveUp.focus();
  for (let guard = 0; guard < 40 && !(await moveUp.isDisabled()); guard += 1) {
    await Promise.all([orderSaved(page, 'team'), page.keyboard.press('Enter')]);
    await expect(moveUp).not.toHaveAttribute('aria-disabled', 'true');
  }
  await expect(row.getByText(/^1 of \d+$/)).toBeVisible();
  // At the top Move up is disabled, so focus went to Move down of the same row.
  await expect(page.getByRole('button', { name: `Move down: ${name}` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `${name} moved to position 1 of` })).toBeAttached();
  await shootBothWidths(page, 'team-3-moved-first');

  const site = await page.context().newPage();
  await site.goto('/team');
  await expect(site.getByRole('heading', { level: 2 }).first()).toHaveText(name);
  await expect(site.getByRole('img', { name: 'Meena smiling, in a yellow sari' })).toBeVisible();

  // Sponsors: add one with a logo and a link, then drag it to the top with the pointer.
  await page.goto('/staff/sponsors');
  await expect(pageTitle(page)).toHaveText('Sponsors');
  const sponsor = `Lotus Dental ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Add a sponsor' }).click();
  const sponsorDialog = page.getByRole('dialog', { name: 'Add a sponsor' });
  await sponsorDialog.getByRole('textbox', { name: 'Name' }).fill(sponsor);
  await sponsorDialog.getByRole('textbox', { name: 'Link' }).fill('example.com/lotus');
  await sponsorDialog.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'lotus.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
  await sponsorDialog.getByRole('textbox', { name: 'Logo alt text' }).fill(`${sponsor} logo: a white triangle on teal`);
  await sponsorDialog.getByRole('button', { name: 'Save sponsor' }).click();
  // The importer's link rule, from the contracts: a web address needs http:// or https://.
  await expect(sponsorDialog.getByRole('textbox', { name: 'Link' })).toHaveAttribute('aria-invalid', 'true');
  await sponsorDialog.getByRole('textbox', { name: 'Link' }).fill('https://example.com/lotus');
  await sponsorDialog.getByRole('button', { name: 'Save sponsor' }).click();
  await expect(sponsorDialog).toHaveCount(0);
  const sponsorRow = rowOf(page, sponsor);
  await expect(sponsorRow.getByRole('img', { name: `${sponsor} logo: a white triangle on teal` })).toBeVisible();
  await dismissToasts(page);

  // Tall enough that the whole list is on screen: the mouse moves in the viewport.
  await page.setViewportSize({ width: 1280, height: 1800 });
  const handle = sponsorRow.locator(`[title="Drag to move ${sponsor}"]`);
  const first = page.getByRole('list', { name: 'Sponsors in display order' }).getByRole('listitem').first();
  const from = await handle.boundingBox();
  const to = await first.boundingBox();
  if (!from || !to) throw new Error('the handle and the first row are on the page');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 12 });
  await Promise.all([orderSaved(page, 'sponsors'), page.mouse.up()]);
  await expect(sponsorRow.getByText(/^1 of \d+$/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoA11yViolations(page, '/staff/sponsors with the new sponsor first');
  await shootBothWidths(page, 'sponsors-1-dragged-first');

  await site.goto('/');
  const strip = site.getByRole('region', { name: 'Our Sponsors' });
  const link = strip.getByRole('link', { name: new RegExp(sponsor) });
  await expect(link).toHaveAttribute('href', 'https://example.com/lotus');
  await expect(link.getByRole('img', { name: `${sponsor} logo: a white triangle on teal` })).toBeVisible();
  await site.close();

  // Remove both (confirmed in the dialog): the public lists are back as they were.
  await removeThroughDialog(page, sponsor, 'Remove the sponsor', 'remove sponsor dialog');
  await page.goto('/staff/team');
  await removeThroughDialog(page, name, 'Remove the team member');
});
