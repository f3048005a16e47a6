import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Presses Tab (then Shift+Tab) `presses` times each and checks that keyboard focus never lands on
 * anything outside `container` (a modal dialog): it either stays inside or, with a native modal
 * dialog, passes through the browser's own UI (document.body here) and comes straight back.
 */
export async function expectFocusTrapped(page: Page, container: Locator, presses = 12): Promise<void> {
  const handle = await container.elementHandle();
  if (!handle) throw new Error('expectFocusTrapped: the container is not on the page');
  try {
    let insideCount = 0;
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < presses; i += 1) {
        await page.keyboard.press(key);
        const where = await handle.evaluate((root) => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'none';
          return root.contains(active) ? 'inside' : `outside: ${active.outerHTML.slice(0, 120)}`;
        });
        expect(where === 'inside' || where === 'none', `focus after ${key} #${i + 1} is ${where}`).toBe(true);
        if (where === 'inside') insideCount += 1;
      }
    }
    expect(insideCount, 'focus came back into the dialog while tabbing').toBeGreaterThanOrEqual(presses);
  } finally {
    await handle.dispose();
  }
}
