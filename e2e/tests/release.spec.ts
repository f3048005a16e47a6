import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { publishRemote } from '@tca/stack';
import { dataDir, expect, pageTitle, rootDir, test } from '../support/fixtures.js';
import { resetRegistry } from '../support/registry.js';

test.afterEach(async () => {
  await resetRegistry();
});

test('a remote rebuilt with a visible change and published as a new version is picked up on reload, with no shell rebuild or restart', async ({ page }) => {
  test.setTimeout(180_000);
  const copy = path.join(rootDir(), 'e2e/.tmp/mf-content-next');
  await rm(copy, { recursive: true, force: true });
  const original = path.join(rootDir(), 'mf-content');
  await cp(original, copy, {
    recursive: true,
    // Skip only the remote's own build output. npm places some of a remote's packages under its own
    // node_modules (their dist/ folders included): keep them.
    filter: (source) => source !== path.join(original, 'dist'),
  });
  // A visible change: the home page's About Us heading, in its English catalog.
  const homeTexts = path.join(copy, 'src/features/home/messages/en.json');
  const marker = `Release check ${Date.now()}`;
  const source = await readFile(homeTexts, 'utf8');
  const changed = source.replace('"about.title": "About Us"', `"about.title": ${JSON.stringify(marker)}`);
  expect(changed).not.toBe(source);
  await writeFile(homeTexts, changed);

  await page.goto('/');
  await expect(pageTitle(page)).toHaveText('Adelaide Tamil Association');
  await expect(page.getByText(marker)).toHaveCount(0);
  const shellScripts = await page.evaluate(() => [...document.scripts].map((script) => script.src).filter(Boolean));

  const release = await publishRemote({
    remote: 'content',
    repoDir: rootDir(),
    projectDir: copy,
    releasesDir: path.join(dataDir(), 'releases'),
    registryFile: path.join(dataDir(), 'remotes.json'),
    version: `e2e-${Date.now()}`,
  });
  expect(release.manifestUrl).toContain('/releases/content/');

  await page.reload();
  await expect(page.getByText(marker)).toBeVisible();
  await expect(pageTitle(page)).toHaveText('Adelaide Tamil Association');
  // The same shell build served the page.
  expect(await page.evaluate(() => [...document.scripts].map((script) => script.src).filter(Boolean))).toEqual(shellScripts);
});
