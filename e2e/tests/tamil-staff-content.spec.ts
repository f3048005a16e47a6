import { paths } from '@tca/contracts';
import { dismissToasts } from '../support/account.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';
import { expectTamilPage, rememberTamil } from '../support/tamil.js';

/**
 * Content in English and Tamil from the staff area (issue 17): an editor writes a post with a Tamil title and
 * body beside the English ones (the Tamil body has its own server preview) and publishes it; the public /blog
 * shows the Tamil title in Tamil and the English one in English. Then the editor's pages in Tamil: the posts
 * and events lists and editors have their Tamil titles, no English left outside lang="en" content, and pass
 * axe; the post is deleted through the Tamil dialog. Screenshots of the post editor in Tamil at 1280 and 375 px.
 */

test('an editor writes a post in English and Tamil; /blog shows each language’s title; the editors in Tamil', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  await signedInStaff(page, request, 'editor');
  const stamp = Date.now();
  const title = `Kolam evening ${stamp}`;
  const tamilTitle = `கோலம் மாலை ${stamp}`;

  await page.goto(paths.staffPostNew);
  await expect(pageTitle(page)).toHaveText('New post');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'தலைப்பு (Tamil)' }).fill(tamilTitle);
  await expect(page.getByRole('textbox', { name: 'தலைப்பு (Tamil)' })).toHaveAttribute('lang', 'ta');
  await page.getByLabel('Date').fill('2099-02-01');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await page.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Draw **kolams** with us.');
  await page.getByRole('textbox', { name: 'உரை (Tamil)' }).fill('எங்களுடன் **கோலம்** வரையுங்கள்.');
  // Each text has the server's preview; the Tamil one is marked Tamil.
  await expect(page.locator('[aria-labelledby="preview-title"] strong')).toHaveText('kolams');
  await expect(page.locator('[aria-labelledby="preview-ta-title"] [lang="ta"] strong')).toHaveText('கோலம்');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(pageTitle(page)).toHaveText(`Edit: ${title}`);
  await expect(page.getByRole('textbox', { name: 'தலைப்பு (Tamil)' })).toHaveValue(tamilTitle);
  const editorUrl = page.url();

  // The public blog: the English title in English, the Tamil one in Tamil (and not the English).
  // Visitors in browsers of their own (each remembers its own language).
  const englishContext = await browser.newContext({ baseURL: siteUrl() });
  const english = await englishContext.newPage();
  await english.goto('/blog');
  await expect(english.getByRole('link', { name: title }).first()).toBeVisible();
  await expect(english.getByRole('link', { name: tamilTitle })).toHaveCount(0);
  await englishContext.close();
  const tamilContext = await browser.newContext({ baseURL: siteUrl() });
  const tamil = await tamilContext.newPage();
  await rememberTamil(tamil);
  await tamil.goto('/blog');
  await expect(tamil.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(tamil.getByRole('link', { name: tamilTitle }).first()).toBeVisible();
  await expect(tamil.getByRole('link', { name: title })).toHaveCount(0);
  await tamilContext.close();

  // The editor's own pages in Tamil.
  await rememberTamil(page);
  await page.goto(paths.staffPosts);
  await expect(pageTitle(page)).toHaveText('வலைப்பதிவு இடுகைகள்');
  await expect(page.getByRole('link', { name: tamilTitle, exact: true })).toBeVisible();
  await expectTamilPage(page, '/staff/posts');

  await page.goto(editorUrl);
  await expect(pageTitle(page)).toHaveText(`திருத்தம்: ${tamilTitle}`);
  await expect(page.getByRole('textbox', { name: 'தலைப்பு (தமிழில்)' })).toHaveValue(tamilTitle);
  await expect(page.locator('[aria-labelledby="preview-ta-title"] strong')).toHaveText('கோலம்');
  await dismissToasts(page);
  await expectTamilPage(page, '/staff/posts/:key');
  await shootBothWidths(page, 'tamil-post-editor');

  await page.goto(paths.staffPostNew);
  await expect(pageTitle(page)).toHaveText('புதிய இடுகை');
  // Saving nothing: the field's message in Tamil.
  await page.getByRole('button', { name: 'சேமி' }).click();
  await expect(page.getByText('தலைப்பு கட்டாயம் தேவை')).toBeVisible();
  await expectTamilPage(page, '/staff/posts/new with a message');

  await page.goto(paths.staffEvents);
  await expect(pageTitle(page)).toHaveText('நிகழ்வுகள்');
  await expectTamilPage(page, '/staff/events');
  await page.goto(paths.staffEventNew);
  await expect(pageTitle(page)).toHaveText('புதிய நிகழ்வு');
  await expect(page.getByRole('textbox', { name: 'பெயர் (தமிழில்)' })).toHaveAttribute('lang', 'ta');
  await expectTamilPage(page, '/staff/events/new');

  // Delete, confirmed in the Tamil dialog.
  await page.goto(editorUrl);
  await page.getByRole('button', { name: 'நீக்கு' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'இடுகையை நீக்கு' }).click();
  await expect(page).toHaveURL(/\/staff\/posts$/);
  await expect(page.getByRole('link', { name: tamilTitle, exact: true })).toHaveCount(0);
});
