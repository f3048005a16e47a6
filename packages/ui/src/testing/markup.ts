import assert from 'node:assert/strict';

/**
 * Helpers for tests that read server-rendered markup (renderToStaticMarkup) of forms built with
 * `@tca/ui/forms`.
 */

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
