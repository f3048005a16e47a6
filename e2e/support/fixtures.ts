import { test as base, expect, type Page } from '@playwright/test';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts (its global setup starts the site)`);
  return value;
}

export const siteUrl = () => requiredEnv('E2E_SITE_URL');
export const dataDir = () => requiredEnv('E2E_DATA_DIR');
export const rootDir = () => requiredEnv('E2E_ROOT_DIR');

// The site's URL is only known once the global setup has started it.
export const test = base.extend({
  baseURL: async ({ baseURL: _configured }, use) => {
    await use(siteUrl());
  },
});

export { expect };

/** The page's own heading (the page frame's h1), once the loader is gone. */
export function pageTitle(page: Page) {
  return page.locator('main h1');
}

export const header = (page: Page) => page.locator('header').first();
export const footer = (page: Page) => page.locator('footer').first();
