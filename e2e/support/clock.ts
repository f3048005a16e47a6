import type { Page } from '@playwright/test';

/**
 * Stops the page's fake clock (installed with `page.clock.install()` before `goto`) just ahead of where
 * it is now, so that from here on only `page.clock.runFor()` moves time: a timer-driven change can then
 * be checked just before and just after it is due. Timers armed while the clock stands (e.g. once held
 * data arrives, see hold.ts) start from the paused time, whatever real time passes.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      // A little ahead: the running clock moves on while this call travels.
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('to the past')) throw error;
    }
  }
}
