import { staffPostAnswerSchema } from '@tca/contracts';
import { dismissToasts, storedSession } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * Blog posts in the staff area (issue 14): a real editor (role from the operators' CLI, authenticator enrolled
 * with otplib codes; the run's editor session, shared by the staff specs) writes a post with a cover image through /staff/posts/new; it shows on /blog and on
 * the home page; Unpublish takes it off both; a change saved by someone else meanwhile makes Save answer 409 (the notice, Reload); Delete (confirmed in the dialog) takes it out of the list.
 * Axe and screenshots at 1280 and 375 px of each staff page (E2E_SHOTS_DIR, default /tmp/shots-login2fa).
 */

const COVER_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><rect width="800" height="450" fill="#7a1f2b"/><circle cx="400" cy="225" r="150" fill="#f2c14e"/></svg>',
);

test('an editor writes a post with a cover -> on /blog and the home page; Unpublish -> gone; Delete', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signedInStaff(page, request, 'editor');
  await page.goto('/staff');

  // The home's Blog posts card is a link now.
  await page.getByRole('link', { name: /Blog posts/ }).click();
  await expect(pageTitle(page)).toHaveText('Blog posts');
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/posts');
  await shootBothWidths(page, 'posts-1-list');

  await page.getByRole('link', { name: 'New post' }).click();
  await expect(pageTitle(page)).toHaveText('New post');
  const title = `Kolam workshop ${Date.now()}`;
  // Saving without a title: the field's message under it.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByLabel('Date').fill('2099-01-01');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await page.getByLabel('Cover image').setInputFiles({ name: 'kolam.svg', mimeType: 'image/svg+xml', buffer: COVER_SVG });
  await page.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Come and draw **kolams** with us.\n\n- rice flour\n- colours');
  // The server's preview of the body.
  await expect(page.locator('[aria-labelledby="preview-title"] strong')).toHaveText('kolams');
  // A cover needs its alt text.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Cover alt text' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, '/staff/posts/new with errors');
  await shootBothWidths(page, 'posts-2-new-errors');
  await page.getByRole('textbox', { name: 'Cover alt text' }).fill('A yellow sun on maroon');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(pageTitle(page)).toHaveText(`Edit: ${title}`);
  await expect(page).toHaveURL(/\/staff\/posts\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('img', { name: 'A yellow sun on maroon' })).toBeVisible();
  const key = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/posts/:key');
  await shootBothWidths(page, 'posts-3-editor');

  // On the public blog and the home page.
  const publicPage = await page.context().newPage();
  await publicPage.goto('/blog');
  await expect(publicPage.getByRole('link', { name: title }).first()).toBeVisible();
  await publicPage.goto('/');
  await expect(publicPage.getByRole('region', { name: 'Latest from our Blog' }).getByRole('link', { name: title })).toBeVisible();

  // Unpublish: a draft, gone from both.
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Key ' + key + ' · Draft')).toBeVisible();
  await publicPage.goto('/blog');
  await expect(pageTitle(publicPage)).toHaveText('Blog');
  await expect(publicPage.getByRole('link', { name: title })).toHaveCount(0);
  await publicPage.goto('/');
  await expect(publicPage.getByRole('region', { name: 'Latest from our Blog' })).toBeVisible();
  await expect(publicPage.getByRole('link', { name: title })).toHaveCount(0);
  await publicPage.close();

  // The list shows it as a draft; then Delete, confirmed in the dialog.
  await page.getByRole('link', { name: 'Back to the posts' }).click();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await shootBothWidths(page, 'posts-4-list-with-draft');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(pageTitle(page)).toHaveText(`Edit: ${title}`);

  // Someone else saves the post meanwhile: Save here answers 409, shown with what they changed and Reload.
  const { token } = await storedSession(page);
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  const postUrl = `${siteUrl()}/staff-api/content/posts/${encodeURIComponent(key)}`;
  const { post } = staffPostAnswerSchema.parse(await (await request.get(postUrl, { headers })).json());
  const theirs = await request.put(postUrl, {
    headers,
    data: { title: `${title} (edited)`, date: post.date, body: post.body, coverAlt: post.coverAlt, status: post.status, publishAt: null, version: post.version },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await page.getByRole('button', { name: 'Save' }).click();
  const notice = page.locator('main').getByRole('alert').filter({ hasText: 'Someone changed this post since you opened it' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('They changed the title.');
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/staff/posts/:key, stale');
  await shootBothWidths(page, 'posts-5-stale');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(pageTitle(page)).toHaveText(`Edit: ${title} (edited)`);
  await expect(notice).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'delete dialog');
  await dialog.getByRole('button', { name: 'Delete the post' }).click();
  await expect(pageTitle(page)).toHaveText('Blog posts');
  await expect(page.getByRole('link', { name: `${title} (edited)`, exact: true })).toHaveCount(0);
});
