import type { Page, Route } from '@playwright/test';

/**
 * Holds every request matching `url` until the returned `release()` is called, then lets it go on
 * (or answers it with `respond`). Use it to observe an in-flight state, or to let data arrive only
 * once the page's clock is paused.
 */
export async function holdRequests(page: Page, url: string | RegExp, respond?: (route: Route) => Promise<void>): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    if (respond) await respond(route);
    else await route.fallback();
  });
  return release;
}
