import { expect, header, pageTitle, test } from '../support/fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('on a small screen the menu is a toggle that closes on every route change', async ({ page }) => {
  await page.goto('/');
  await expect(pageTitle(page)).toHaveText('Adelaide Tamil Association');
  const toggle = header(page).getByRole('button', { name: 'Open menu' });
  const nav = header(page).getByRole('navigation', { name: 'Main' });
  await expect(toggle).toBeVisible();
  await expect(nav).toBeHidden();

  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(nav).toBeHidden();

  await header(page).getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(nav).toBeHidden();
  await expect(pageTitle(page)).toHaveText('Gallery');

  // Browser navigation is a route change too.
  await header(page).getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/events$/);
  await expect(nav).toBeHidden();
});
