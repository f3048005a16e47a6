import type { Page } from '@playwright/test';
import type { BlogPost } from '@tca/contracts';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiBlogPosts, apiGallery, newestFirst, searchPosts, similarPostsOf } from '../support/content-api.js';
import { expect, pageTitle, test } from '../support/fixtures.js';

test.describe('/gallery', () => {
  const years = (page: Page) => page.getByRole('navigation', { name: 'Gallery years' });
  const yearGroup = (page: Page, year: string) => page.locator('main').getByRole('region', { name: year, exact: true });

  test('events grouped by year, newest first; the year selector; a detail view with Back to Gallery', async ({ page, request }) => {
    const gallery = await apiGallery(request);
    const byYear = new Map<string, typeof gallery>();
    for (const event of [...gallery].sort((a, b) => b.date.localeCompare(a.date))) {
      const year = event.date.slice(0, 4);
      byYear.set(year, [...(byYear.get(year) ?? []), event]);
    }
    const yearList = [...byYear.keys()].sort((a, b) => Number(b) - Number(a));
    await page.goto('/gallery');
    await expect(pageTitle(page)).toHaveText('Gallery');
    if (gallery.length === 0) {
      await expect(page.locator('main')).toContainText('No Gallery found');
      return;
    }

    await expect(years(page).getByRole('button')).toHaveText(['All years', ...yearList]);
    await expect(years(page).getByRole('button', { name: 'All years' })).toHaveAttribute('aria-pressed', 'true');
    for (const year of yearList) {
      const names = (byYear.get(year) ?? []).map((e) => e.name);
      await expect(yearGroup(page, year).getByRole('heading', { level: 3 })).toHaveText(names);
    }
    await expectNoA11yViolations(page, '/gallery');

    // The selector shows one year (by keyboard), then all again.
    const oldest = yearList[yearList.length - 1] ?? '';
    await years(page).getByRole('button', { name: oldest, exact: true }).press('Enter');
    await expect(years(page).getByRole('button', { name: oldest, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('main').getByRole('region', { name: /^\d{4}$/ })).toHaveCount(1);
    await expect(yearGroup(page, oldest)).toBeVisible();
    await years(page).getByRole('button', { name: 'All years' }).press('Enter');
    await expect(page.locator('main').getByRole('region', { name: /^\d{4}$/ })).toHaveCount(yearList.length);

    // The detail view: every photo of the event, focus on its title; Back to Gallery returns to the card.
    const event = [...gallery].sort((a, b) => b.images.length - a.images.length)[0];
    if (!event) return;
    const open = page.getByRole('button', { name: `View photos of ${event.name}` });
    await open.focus();
    await page.keyboard.press('Enter');
    const detail = page.locator('main').getByRole('region', { name: event.name });
    await expect(detail.getByRole('heading', { level: 2, name: event.name })).toBeFocused();
    await expect(detail.getByRole('listitem')).toHaveCount(event.images.length);
    await expect(detail.getByRole('listitem').getByRole('img')).toHaveCount(event.images.length);
    await expect(years(page)).toBeHidden();
    await expectNoA11yViolations(page, '/gallery detail view');
    await detail.getByRole('button', { name: 'Back to Gallery' }).press('Enter');
    await expect(detail).toHaveCount(0);
    await expect(open).toBeFocused();
    await expect(years(page)).toBeVisible();
  });

  test('no gallery events, or a failed load: No Gallery found', async ({ page }) => {
    await page.route('**/gallery/get', (route) => route.fulfill({ json: [] }));
    await page.goto('/gallery');
    await expect(page.locator('main')).toContainText('No Gallery found');
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/gallery/get', (route) => route.fulfill({ status: 503, json: { error: 'unavailable', message: 'down' } }));
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('No Gallery found');
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('/blog', () => {
  const search = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Search blogs' });
  const count = (page: Page) => page.locator('main').getByRole('status');
  const titles = (page: Page) => page.locator('main').getByRole('list').getByRole('heading').getByRole('link');

  test('every post newest first; a case-insensitive search with a count, a clear button and an empty state', async ({ page, request }) => {
    const posts = newestFirst(await apiBlogPosts(request));
    await page.goto('/blog');
    await expect(pageTitle(page)).toHaveText('Blog');
    await expect(titles(page)).toHaveText(posts.map((p) => p.name));
    await expect(count(page)).toHaveText(`${posts.length} ${posts.length === 1 ? 'post' : 'posts'}`);
    await expectNoA11yViolations(page, '/blog');

    // A word of the newest post's title, typed in upper case, finds it (and any other post naming it).
    const word = (posts[0]?.name.split(/\s+/).find((w) => w.length > 3) ?? 'Tamil').replace(/[^\p{L}\p{N}]/gu, '');
    const query = word.toUpperCase();
    const expected = newestFirst(searchPosts(posts, word));
    await search(page).fill(query);
    await expect(titles(page)).toHaveText(expected.map((p) => p.name));
    await expect(count(page)).toContainText(`${expected.length} of ${posts.length}`);
    await expect(count(page)).toContainText(query);

    // A word only in a post's text (not its title) matches too.
    const bodyWord = posts
      .flatMap((p) => p.desc.split(/[^\p{L}]+/u))
      .find((w) => w.length > 6 && !posts.some((p) => p.name.toLowerCase().includes(w.toLowerCase())));
    if (bodyWord) {
      await search(page).fill(bodyWord.toLowerCase());
      await expect(titles(page)).toHaveText(newestFirst(searchPosts(posts, bodyWord)).map((p) => p.name));
    }

    // Nothing matches: the empty state.
    await search(page).fill('qqxz-no-post-says-this');
    await expect(page.locator('main')).toContainText('No blogs found');
    await expect(titles(page)).toHaveCount(0);
    await expect(count(page)).toContainText(`0 of ${posts.length}`);
    await expectNoA11yViolations(page, '/blog with no results');

    // The clear button (by keyboard) empties the box, puts focus back in it and shows every post.
    await page.getByRole('button', { name: 'Clear search' }).press('Enter');
    await expect(search(page)).toHaveValue('');
    await expect(search(page)).toBeFocused();
    await expect(titles(page)).toHaveText(posts.map((p) => p.name));
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
  });

  test('a failed load shows Error loading blogs with Retry', async ({ page }) => {
    await page.route('**/blog/get', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } }));
    await page.goto('/blog');
    await expect(page.getByRole('alert')).toHaveText('Error loading blogs');
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(titles(page).first()).toBeVisible();
  });
});

test.describe('/blog/:id', () => {
  /** The post body's text as a reader sees it, from its sanitised HTML. */
  const bodyStart = (page: Page, post: BlogPost) =>
    page.evaluate((html) => (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50), post.html);

  test('a post from the list, its back link and up to 3 similar posts from this month or the one before', async ({ page, request }) => {
    const posts = newestFirst(await apiBlogPosts(request));
    const post = posts.find((p) => similarPostsOf(posts, p).length > 0) ?? posts[0];
    if (!post) return test.skip(true, 'no blog posts in the seed content');
    const similar = similarPostsOf(posts, post);

    await page.goto('/blog');
    await page.getByRole('link', { name: post.name, exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/blog/${encodeURIComponent(post._id)}$`));
    await expect(pageTitle(page)).toHaveText('Blog Post');
    const article = page.getByRole('article', { name: post.name });
    await expect(article.getByRole('heading', { level: 2 })).toHaveText(post.name);
    const start = await bodyStart(page, post);
    await expect.poll(async () => (await article.innerText()).replace(/\s+/g, ' ')).toContain(start);

    const similarRegion = page.getByRole('region', { name: 'Similar posts' });
    if (similar.length === 0) await expect(similarRegion).toHaveCount(0);
    else await expect(similarRegion.getByRole('heading', { level: 3 })).toHaveText(similar.map((p) => p.name));
    await expectNoA11yViolations(page, '/blog/:id');

    if (similar[0]) {
      await similarRegion.getByRole('link', { name: similar[0].name }).click();
      await expect(page.getByRole('article', { name: similar[0].name })).toBeVisible();
    }
    await page.getByRole('link', { name: '← Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(pageTitle(page)).toHaveText('Blog');
  });

  test('a broken post image becomes a placeholder; an unknown id says Blog post not found; a failed load Error loading blog post', async ({ page, request }) => {
    const post = newestFirst(await apiBlogPosts(request)).find((p) => p.image);
    if (post) {
      await page.route('**/uploads/**', (route) => route.abort('failed'));
      await page.goto(`/blog/${encodeURIComponent(post._id)}`);
      const article = page.getByRole('article', { name: post.name });
      await expect(article.locator('[data-placeholder]')).toBeVisible();
      await expect(article.locator('img')).toHaveCount(0);
      await page.unrouteAll({ behavior: 'wait' });
    }

    await page.goto('/blog/no-such-post');
    await expect(pageTitle(page)).toHaveText('Blog Post');
    await expect(page.getByRole('heading', { level: 2, name: 'Blog post not found' })).toBeVisible();
    await expectNoA11yViolations(page, '/blog/:id not found');

    await page.route('**/blog/get', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } }));
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Error loading blog post');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
