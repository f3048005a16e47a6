import type { Locator, Page } from '@playwright/test';
import { loggedInAccount } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, test } from '../support/fixtures.js';

/**
 * Issue 12, spec §5 (member details: "The user must be logged in ('Please log in before proceeding')"):
 * a visitor who opens /forms is told to log in, with real links to /login and /register, whether or not
 * a level was chosen; a logged-in member with no level still sees "Choose a membership first".
 */

const notice = (page: Page) => page.locator('main').getByRole('status').filter({ hasText: 'Please log in before proceeding' });
const loginLink = (scope: Locator) => scope.getByRole('link', { name: 'Log in', exact: true });
const registerLink = (scope: Locator) => scope.getByRole('link', { name: 'create an account', exact: true });

/** The focus ring drawn around the focused element: its outline style and width in CSS pixels. */
function focusRing(link: Locator): Promise<{ style: string; width: number }> {
  return link.evaluate((element) => {
    const css = getComputedStyle(element);
    return { style: css.outlineStyle, width: Number.parseFloat(css.outlineWidth) || 0 };
  });
}

/** Tabs from the top of the page until `link` has the keyboard focus (at most `presses` times). */
async function tabTo(page: Page, link: Locator, presses = 40): Promise<void> {
  const handle = await link.elementHandle();
  if (!handle) throw new Error('tabTo: the link is not on the page');
  try {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press('Tab');
      if (await handle.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error(`the link was not reached with ${presses} presses of Tab`);
  } finally {
    await handle.dispose();
  }
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`/forms login notice at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a visitor with no level chosen is asked to log in, with links to /login and /register', async ({ page }) => {
      await page.goto('/forms');
      await expect(pageTitle(page)).toHaveText('Member Details');
      const banner = notice(page);
      await expect(banner).toBeVisible();
      await expect(page.getByText('Choose a membership first')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'PAY NOW' })).toHaveCount(0);

      await expect(loginLink(banner)).toHaveAttribute('href', '/login');
      await expect(registerLink(banner)).toHaveAttribute('href', '/register');
      for (const link of [loginLink(banner), registerLink(banner)]) {
        await expect(link).toBeInViewport();
        // Nothing of the notice reaches past the edge of a phone screen.
        const box = await link.boundingBox();
        expect(box, 'the link has a box').not.toBeNull();
        if (box) expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(viewport.width);

      // Keyboard: both links are reached with Tab and show where the focus is.
      for (const link of [loginLink(banner), registerLink(banner)]) {
        await tabTo(page, link);
        await expect(link).toBeFocused();
        const ring = await focusRing(link);
        expect(ring.style, 'a focus outline is drawn').not.toBe('none');
        expect(ring.width, 'the focus outline is visible').toBeGreaterThanOrEqual(1);
      }

      await expectNoA11yViolations(page, `/forms for a visitor at ${viewport.width} px`);

      // They are real links: following one opens that page.
      await registerLink(banner).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(pageTitle(page)).toHaveText('Create an Account');
      await page.goBack();
      await expect(notice(page)).toBeVisible();
      await loginLink(notice(page)).press('Enter');
      await expect(page).toHaveURL(/\/login$/);
      await expect(pageTitle(page)).toHaveText('Login');
    });

    test('a visitor with a level chosen is asked to log in too, and the level is kept', async ({ page }) => {
      await page.goto('/forms?level=Gold-Family');
      await expect(pageTitle(page)).toHaveText('Member Details');
      const banner = notice(page);
      await expect(banner).toBeVisible();
      await expect(loginLink(banner)).toHaveAttribute('href', '/login');
      await expect(registerLink(banner)).toHaveAttribute('href', '/register');
      await expect(banner.getByRole('link', { name: 'this page' })).toHaveAttribute('href', '/forms?level=Gold-Family');
      await expect(page.getByRole('button', { name: 'PAY NOW' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page, `/forms?level= for a visitor at ${viewport.width} px`);
    });
  });
}

test('a logged-in member with no level chosen still sees "Choose a membership first"', async ({ page, request }) => {
  await loggedInAccount(page, request);
  await page.goto('/forms');
  await expect(pageTitle(page)).toHaveText('Member Details');
  await expect(page.getByText('Choose a membership first')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the membership levels' })).toHaveAttribute('href', '/membership');
  await expect(page.getByText('Please log in before proceeding')).toHaveCount(0);
});
