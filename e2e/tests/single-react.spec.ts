import { expect, pageTitle, test } from '../support/fixtures.js';

test('the shell and all three remotes run on exactly one React', async ({ page }) => {
  // Every React DOM renderer announces itself to the DevTools hook: count them.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.assign(window, {
      __renderers: renderers,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });
  await page.goto('/');
  await expect(pageTitle(page)).toHaveText('Adelaide Tamil Association');
  // Visit a page of each remote: their hooks would throw on a second React.
  await page.getByRole('link', { name: 'Membership' }).first().click();
  await expect(pageTitle(page)).toHaveText('Membership');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(pageTitle(page)).toHaveText('Login');

  expect(await page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length)).toBe(1);

  // And the federation share scope holds one React version, loaded once.
  const reactCopies = await page.evaluate(() => {
    type Share = Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from?: string }>>>>;
    const share = (window as unknown as { __FEDERATION__?: { __SHARE__?: Share } }).__FEDERATION__?.__SHARE__ ?? {};
    const loaded = new Set<string>();
    for (const scopes of Object.values(share)) {
      for (const [name, versions] of Object.entries(scopes.default ?? {})) {
        if (name !== 'react') continue;
        for (const [version, entry] of Object.entries(versions)) if (entry.loaded) loaded.add(`${version} from ${entry.from}`);
      }
    }
    return [...loaded];
  });
  expect(reactCopies).toHaveLength(1);
});
