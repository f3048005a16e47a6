import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, footer, header, pageTitle, rootDir, test } from '../support/fixtures.js';
import { pointRegistry, resetRegistry } from '../support/registry.js';
import { serveNothing, serveRemote, stoppedServerUrl, type Host } from '../support/remote-hosts.js';

const LOADER = { timeoutMs: 2000, retries: 1, backoffMs: 200 };
/** Two attempts of 2 s each plus backoff, and some slack for the page itself. */
const FALLBACK_WITHIN_MS = 2 * LOADER.timeoutMs + LOADER.backoffMs + 4000;

const hosts: Host[] = [];

test.afterEach(async () => {
  await resetRegistry();
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

const fallback = (page: Page, remote: string) => page.locator(`[data-remote-fallback="${remote}"]`);

test('a remote whose server is stopped shows its fallback; other areas work; Retry recovers once it is back', async ({ page }) => {
  const stopped = await stoppedServerUrl();
  await pointRegistry({ membership: `${stopped.url}/mf-manifest.json` }, LOADER);

  await page.goto('/membership');
  await expect(fallback(page, 'membership')).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  await expect(fallback(page, 'membership').getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(footer(page).getByText('All rights reserved.')).toBeVisible();

  // The header and the other remotes keep working.
  await header(page).getByRole('link', { name: 'Events' }).click();
  await expect(pageTitle(page)).toHaveText('Events');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(pageTitle(page)).toHaveText('Login');

  await header(page).getByRole('link', { name: 'Membership' }).click();
  await expect(fallback(page, 'membership')).toBeVisible({ timeout: FALLBACK_WITHIN_MS });

  // The remote's server comes back on the same address.
  hosts.push(await serveRemote(path.join(rootDir(), 'mf-membership/dist'), stopped.port));
  await fallback(page, 'membership').getByRole('button', { name: 'Retry' }).click();
  await expect(pageTitle(page)).toHaveText('Membership');
  await expect(fallback(page, 'membership')).toHaveCount(0);
});

test('a remote that accepts connections and never answers shows its fallback within the time-out', async ({ page }) => {
  const silent = await serveNothing();
  hosts.push(silent);
  await pointRegistry({ content: `${silent.url}/mf-manifest.json` }, LOADER);

  const started = Date.now();
  await page.goto('/about');
  await expect(fallback(page, 'content')).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  expect(Date.now() - started).toBeLessThan(FALLBACK_WITHIN_MS);
  await expect(header(page).getByRole('link', { name: 'Gallery' })).toBeVisible();

  // Membership and account still render.
  await header(page).getByRole('link', { name: 'Membership' }).click();
  await expect(pageTitle(page)).toHaveText('Membership');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(pageTitle(page)).toHaveText('Login');

  // Back on /about it is still down; then the silent server is replaced by a real one.
  await page.goBack();
  await page.goBack();
  await expect(fallback(page, 'content')).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  await silent.close();
  hosts.splice(hosts.indexOf(silent), 1);
  hosts.push(await serveRemote(path.join(rootDir(), 'mf-content/dist'), silent.port));
  await fallback(page, 'content').getByRole('button', { name: 'Retry' }).click();
  await expect(pageTitle(page)).toHaveText('The Adelaide Story');
});

test('a page chunk that fails to load surfaces as a ChunkLoadError in that area only', async ({ page }) => {
  // Fail every async chunk of mf-content except its entry and shared modules: the page chunk is among them.
  let failed = 0;
  const contentChunks = /\/remotes\/content\/(?!remoteEntry|mf-manifest)[^/]+\.js$/;
  await page.route(contentChunks, async (route) => {
    const url = route.request().url();
    if (url.includes('__federation_expose')) return route.fallback();
    failed += 1;
    return route.abort('failed');
  });
  await page.goto('/about');
  await expect(fallback(page, 'content')).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  await expect(fallback(page, 'content')).toContainText(/Loading chunk \S+ failed/);
  expect(failed).toBeGreaterThan(0);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();

  await page.unroute(contentChunks);
  await fallback(page, 'content').getByRole('button', { name: 'Retry' }).click();
  await expect(pageTitle(page)).toHaveText('The Adelaide Story');
});

test('a remote page that throws while rendering shows the area fallback; the frame and other areas keep working', async ({ page }) => {
  // Serve mf-content's real About chunk with its title, the page's t('page.title') call, replaced by an
  // expression that throws during render. (Its texts sit in the chunk's catalog data; other pages' chunks
  // make the same call and stay as served.)
  const titleCall = /title:[\w$]+\("page\.title"\)/;
  await page.route(/\/remotes\/content\/[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!body.includes('The Adelaide Story') || !titleCall.test(body)) return route.fulfill({ response });
    return route.fulfill({ response, body: body.replace(titleCall, 'title:(()=>{throw new Error("About page failed on purpose")})()') });
  });
  await page.goto('/about');
  await expect(fallback(page, 'content')).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  await expect(fallback(page, 'content')).toContainText('About page failed on purpose');
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await header(page).getByRole('link', { name: 'Membership' }).click();
  await expect(pageTitle(page)).toHaveText('Membership');
  // Another page of the same remote still renders.
  await header(page).getByRole('link', { name: 'Events' }).click();
  await expect(pageTitle(page)).toHaveText('Events');
});
