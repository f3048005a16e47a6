import assert from 'node:assert/strict';
import { register } from 'node:module';
import React from 'react';
import { MemoryStorage } from './memory-storage.js';

/**
 * Helpers for tests that read server-rendered markup (renderToStaticMarkup) of forms built with
 * `@tca/ui/forms`.
 */

/**
 * Lets a node test render code built on @tca/ui: tsx compiles @tca/ui's source (outside the testing
 * package's tsconfig) with the classic JSX transform, which needs a global React (Rspack builds it with
 * the automatic one); and CSS and images, which only Rspack understands, load through the
 * css-module-stub loader hook. Call it before the code under test is imported (`await import(...)`).
 */
export function prepareUiRendering(): void {
  Object.assign(globalThis, { React });
  register('./css-module-stub.mjs', import.meta.url);
}

/** What `@tca/ui/i18n` reads of a browser's `window` to choose the language: nothing asked, English. */
export const BROWSER_LANGUAGE = { location: { search: '' }, navigator: { languages: ['en-AU'] } } as const;

/**
 * prepareUiRendering, and a `window` whose localStorage and sessionStorage are in memory: the session
 * store reads window.localStorage when it loads (node has EventTarget but no window); `location` and
 * `navigator` are there for `@tca/ui/i18n`, which reads the language from them (English here). Call it
 * before the pages are imported; answers the localStorage, for a test that stores a login.
 */
export function prepareBrowserlessPages(): MemoryStorage {
  prepareUiRendering();
  const localStorage = new MemoryStorage();
  Object.assign(globalThis, { window: Object.assign(new EventTarget(), { localStorage, sessionStorage: new MemoryStorage(), ...BROWSER_LANGUAGE }) });
  return localStorage;
}

/** Label text (markup removed, white space folded) → the id it names; fails when a label names no element. */
export function labels(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(/<label for="([^"]+)"[^>]*>(.*?)<\/label>/g)) {
    const [, id = '', inner = ''] = match;
    assert.ok(html.includes(`id="${id}"`), `a control with id ${id}`);
    found.set(inner.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim(), id);
  }
  return found;
}

/** The opening tag of the input, select or textarea with this id; fails when there is none. */
export function controlTag(html: string, id: string): string {
  const match = new RegExp(`<(input|select|textarea)[^>]*id="${id}"[^>]*>`).exec(html);
  assert.ok(match, `control ${id}`);
  return match[0];
}

/**
 * Fails unless the form's honeypot (`Honeypot` of `@tca/ui/forms`) is there, named website, and
 * hidden from people, keyboards and autofill: aria-hidden, out of the tab order, autocomplete off.
 */
export function assertHiddenHoneypot(html: string): void {
  const honeypot = /<div class="honeypot" aria-hidden="true">.*?<input[^>]*>/.exec(html)?.[0] ?? '';
  assert.match(honeypot, /name="website"/);
  assert.match(honeypot, /tabindex="-1"/i);
  assert.match(honeypot, /autocomplete="off"/i);
}

/** What `make` renders with the site shown in Tamil (issue 17); English is shown again afterwards. */
export async function renderedInTamil<T>(make: () => T): Promise<T> {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    return make();
  } finally {
    await setLang('en', { remember: false });
  }
}
