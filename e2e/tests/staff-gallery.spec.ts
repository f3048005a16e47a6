import { dismissToasts } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * Gallery albums in the staff area (issue 14): the run's editor creates an album at /staff/gallery/new, picks
 * three files at once (two pictures and a PDF): each file has its progress bar, the two pictures are added and
 * the PDF is refused with the server's reason beside it; sets the alt text of both photos, moves the second
 * one up with the keyboard, and sees the album on the public /gallery with the photos in that order and
 * their alt text. Axe and screenshots at 1280 and 375 px of the list and the editor.
 */

const picture = (fill: string, label: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${fill}"/><text x="400" y="320" font-size="120" text-anchor="middle" fill="#fff">${label}</text></svg>`,
  );

test('an editor makes an album: uploads with per-file progress and errors, alt text, keyboard reorder -> on /gallery in that order', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signedInStaff(page, request, 'editor');
  await page.goto('/staff/gallery');
  await expect(pageTitle(page)).toHaveText('Gallery');
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/gallery');

  await page.getByRole('link', { name: 'New album' }).click();
  await expect(pageTitle(page)).toHaveText('New album');
  const name = `Thai Pongal ${Date.now()}`;
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByLabel('Date').fill('2027-01-15');
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(pageTitle(page)).toHaveText(`Album: ${name}`);
  await expect(page).toHaveURL(/\/staff\/gallery\/[A-Za-z0-9_-]+$/);

  // Three files at once: each its own row with a progress bar; the PDF is refused with the server's reason.
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'sun.svg', mimeType: 'image/svg+xml', buffer: picture('#7a1f2b', 'Sun') },
    { name: 'pot.svg', mimeType: 'image/svg+xml', buffer: picture('#1d4ed8', 'Pot') },
    { name: 'programme.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n') },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar')).toHaveCount(3);
  await expect(uploads.getByRole('listitem').filter({ hasText: 'programme.pdf' })).toContainText('Not added: The file is not a picture we can use');
  await expect(uploads.getByRole('listitem').filter({ hasText: 'sun.svg' })).toContainText('Added');
  await expect(uploads.getByRole('listitem').filter({ hasText: 'pot.svg' })).toContainText('Added');
  await expect(page.getByRole('status').filter({ hasText: '2 of 3 photos uploaded; 1 failed.' })).toBeAttached();
  const photos = page.getByRole('list', { name: 'Photos in display order' });
  await expect(photos.getByRole('listitem')).toHaveCount(2);

  // Alt text for both (the uploads may finish in either order: name them by their row).
  const rows = photos.getByRole('listitem');
  const alts = ['A maroon square with the word Sun', 'A blue square with the word Pot'];
  const order: string[] = [];
  for (const index of [0, 1]) {
    const row = rows.nth(index);
    const src = (await row.locator('img').getAttribute('src')) ?? '';
    const alt = src.includes('sun') ? alts[0] : alts[1];
    order.push(alt ?? '');
    await row.getByRole('textbox', { name: 'Alt text' }).fill(alt ?? '');
    await row.getByRole('button', { name: /^Save alt text/ }).click();
    await expect(row.getByRole('button', { name: `Save alt text: ${alt ?? ''}` })).toBeVisible();
  }
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/gallery/:key with photos');
  await shootBothWidths(page, 'gallery-1-album');

  // The second photo moves up, by keyboard: focus stays on the moved photo's button.
  const second = order[1] ?? '';
  await page.getByRole('button', { name: `Move up: ${second}` }).focus();
  await page.keyboard.press('Enter');
  await expect(photos.getByRole('listitem').first()).toContainText('1 of 2');
  await expect(photos.getByRole('listitem').first().getByRole('textbox', { name: 'Alt text' })).toHaveValue(second);
  await expect(page.getByRole('button', { name: `Move down: ${second}` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `${second} moved to position 1 of 2.` })).toBeAttached();
  // Saved: it stays after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Photos in display order' }).getByRole('listitem').first().getByRole('textbox', { name: 'Alt text' })).toHaveValue(second);

  // The list shows the album with its two photos.
  await page.getByRole('link', { name: 'Back to the gallery' }).click();
  await expect(page.getByRole('link', { name: name, exact: true })).toBeVisible();
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/gallery with an album');
  await shootBothWidths(page, 'gallery-2-list');

  // The public gallery: the album, its photos in the new order with their alt text.
  await page.goto('/gallery');
  await page.getByRole('button', { name: `View photos of ${name}` }).click();
  const detail = page.getByRole('region', { name });
  await expect(detail.getByRole('img')).toHaveCount(2);
  await expect(detail.getByRole('img').nth(0)).toHaveAttribute('alt', second);
  await expect(detail.getByRole('img').nth(1)).toHaveAttribute('alt', order[0] ?? '');
});
