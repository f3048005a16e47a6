import type { Page } from '@playwright/test';
import { pauseClock } from '../support/clock.js';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { holdRequests } from '../support/hold.js';

/**
 * Issue 11: the home page hero costs little main-thread time. Its landscapes are WebP files the build
 * draws from the SVGs, in the size the screen needs; at most two are painted (the one fading in and
 * the one under it); still nothing until all five have loaded (spec §2.3).
 */

const hero = (page: Page) => page.getByRole('region', { name: 'Welcome' });
const heroDot = (page: Page, name: string) => hero(page).getByRole('button', { name: `Show ${name} landscape` });
const backgrounds = (page: Page) => hero(page).locator('[style*="background-image"]');
/** How many landscapes are painted now (visible); the others are hidden. */
const painted = (page: Page) => backgrounds(page).evaluateAll((slides) => slides.filter((slide) => getComputedStyle(slide).visibility === 'visible').length);

/** The hero pictures the page asks for. */
function heroRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(kurinji|mullai|marutham|neythal|paalai)[^/]*$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

async function openHome(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await expect(pageTitle(page)).toHaveText('Adelaide Tamil Association');
  // Pointer and focus out of the hero: both hold its rotation.
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the 3:4 WebP crops, nothing until all five are in, then never more than two painted', async ({ page }) => {
    const requested = heroRequests(page);
    const release = await holdRequests(page, /paalai-[^/]*\.webp/);
    await openHome(page);
    await pauseClock(page);
    await page.clock.runFor(6_000);
    await expect(backgrounds(page)).toHaveCount(0);

    release();
    await expect(backgrounds(page)).toHaveCount(5);
    expect(requested).toHaveLength(5);
    for (const url of requested) expect(url).toMatch(/-600x800\.[0-9a-f]{10}\.webp$/);
    await expect.poll(() => painted(page)).toBe(1);

    // The rotation: the next landscape fades in over the current one, which is hidden once the fade ends.
    await page.clock.runFor(5_100);
    await expect(heroDot(page, 'Mullai')).toHaveAttribute('aria-pressed', 'true');
    expect(await painted(page)).toBeLessThanOrEqual(2);
    await expect.poll(() => painted(page)).toBe(1);

    // Dots pressed in quick succession, each in the middle of a fade: still two at most.
    for (const name of ['Neythal', 'Kurinji', 'Paalai']) {
      await heroDot(page, name).click();
      await expect(heroDot(page, name)).toHaveAttribute('aria-pressed', 'true');
      expect(await painted(page)).toBeLessThanOrEqual(2);
    }
    await expect.poll(() => painted(page)).toBe(1);

    // Back to the landscape still under a fade: it is already opaque, so it alone is painted at once.
    await heroDot(page, 'Marutham').click();
    await heroDot(page, 'Paalai').click();
    await expect(heroDot(page, 'Paalai')).toHaveAttribute('aria-pressed', 'true');
    expect(await painted(page)).toBe(1);
    expect(requested).toHaveLength(5);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the 1280 px WebP pictures, and none of the SVGs', async ({ page }) => {
    const requested = heroRequests(page);
    await openHome(page);
    await expect(backgrounds(page)).toHaveCount(5);
    expect(requested).toHaveLength(5);
    for (const url of requested) expect(url).toMatch(/-1280x720\.[0-9a-f]{10}\.webp$/);
  });
});

test.describe('with reduced motion', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('a dot changes the landscape at once: one painted', async ({ page }) => {
    await openHome(page);
    await expect(backgrounds(page)).toHaveCount(5);
    await heroDot(page, 'Marutham').click();
    await expect(heroDot(page, 'Marutham')).toHaveAttribute('aria-pressed', 'true');
    expect(await painted(page)).toBe(1);
  });
});
