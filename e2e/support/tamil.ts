import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.js';
import { expect, pageTitle } from './fixtures.js';

/** Checks for the site in Tamil (issue 17), shared by the Tamil specs of every area. */

export const TAMIL = /[\u0B80-\u0BFF]/;
/** Words that are the same in both languages: brands, the language switch's own "English", and a key's name (Alt+T). */
const SAME_IN_BOTH = new Set(['Facebook', 'Instagram', 'YouTube', 'English', 'Stripe', 'AUD', 'PDF', 'CSV', 'Alt']);

/**
 * The interface's English: visible text and the names assistive technology reads (aria-label, alt,
 * placeholder, title) of elements not inside a lang="en" part (content with no Tamil version, e-mail
 * addresses and the like are marked so), as the texts that hold an English word of three letters or more.
 */
export async function englishLeft(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const texts: string[] = [];
    // The toasts' region and close buttons are labelled by the site; react-toastify's timer bar keeps the library's English label.
    const skip = (el: Element) => el.closest('[lang="en"], script, style, noscript, svg, [hidden], [aria-hidden="true"], .Toastify__progress-bar--wrp') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!el || !text || skip(el)) continue;
      if (el.getClientRects().length === 0 && !el.closest('.tca-visually-hidden')) continue;
      texts.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'alt', 'placeholder', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(`${name}=${value}`);
      }
    }
    return texts;
  });
  return found.filter((text) => {
    const words = text.replace(/^[a-z-]+=/, '').replace(/\S+@\S+|https?:\/\/\S+/g, '').match(/[A-Za-z]{3,}/g) ?? [];
    return words.some((word) => !SAME_IN_BOTH.has(word));
  });
}

export async function expectTamilPage(page: Page, what: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(pageTitle(page).first()).toHaveText(TAMIL);
  // The page's lists and forms have rendered (no loader or spinner left) before its words are read.
  await expect(page.locator('.tca-spinner, main [role="status"]:not(:empty)').filter({ hasText: /…|\.\.\./ })).toHaveCount(0);
  expect(await englishLeft(page), `English left in the interface of ${what}`).toEqual([]);
  await expectNoA11yViolations(page, `${what} in Tamil`);
}

/** Opens pages in Tamil from the start, as a browser that chose Tamil before. */
export async function rememberTamil(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('tca.lang', 'ta'));
}
