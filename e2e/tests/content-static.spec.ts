import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, test } from '../support/fixtures.js';

/** Spec §2.3 /terms&conditions: eight numbered static sections, in this order. */
const TERMS_SECTIONS = [
  'Introduction',
  'User Accounts',
  'Privacy Policy',
  'Content',
  'Termination',
  'Limitation of Liability',
  'Governing Law',
  'Changes to Terms',
];

test('/tamilschools: the school card with location, phone, e-mail, the highlights and a more-information action', async ({ page }) => {
  await page.goto('/tamilschools');
  await expect(pageTitle(page)).toHaveText('Tamil Schools');
  const card = page.locator('main').getByRole('article');
  // Spec §2.3: name, location, contact phone and e-mail (placeholders until the school's are published).
  await expect(card.getByRole('heading', { level: 2 })).not.toBeEmpty();
  for (const term of ['Location', 'Phone', 'Email']) await expect(card.getByRole('term').filter({ hasText: term })).toBeVisible();
  await expect(card.getByRole('definition')).toHaveCount(3);
  await expect(card.getByRole('definition').nth(1)).toContainText(/\+?\d[\d ]{5,}/);
  await expect(card.getByRole('definition').nth(2)).toContainText(/@/);

  await expect(card.getByRole('heading', { name: 'Highlights' })).toBeVisible();
  // Science and maths, a free midday meal scheme, Tamil literature classes and cultural events, school upkeep and a sports ground.
  const highlights = card.getByRole('listitem');
  await expect(highlights).toHaveText([/science.*math/is, /free midday meal/is, /Tamil literature.*cultural events/is, /upkeep/is, /sports ground/is]);

  // Spec: "a more-information button with no action". Here it leads to the contact form (reported as a difference).
  const more = card.getByRole('link', { name: 'More Information' });
  await expectNoA11yViolations(page, '/tamilschools');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact$/);
  await expect(pageTitle(page)).toHaveText('Get in Touch');
});

test('/terms&conditions: eight numbered sections in the spec\'s order', async ({ page }) => {
  await page.goto('/terms&conditions');
  await expect(pageTitle(page)).toHaveText('Terms and Conditions');
  const main = page.locator('main');
  const sections = main.getByRole('heading', { level: 2 }).filter({ hasText: /^\d/ });
  await expect(sections).toHaveText(TERMS_SECTIONS.map((name, i) => `${i + 1}. ${name}`));
  // Each section has text under it, and the contents list links to every one (by keyboard too).
  for (const name of TERMS_SECTIONS) await expect(main.getByRole('region', { name: new RegExp(`^\\d\\. ${name}$`) }).getByRole('paragraph').first()).not.toBeEmpty();
  const contents = main.getByRole('navigation', { name: 'Contents' }).getByRole('link');
  await expect(contents).toHaveText(TERMS_SECTIONS);
  await expectNoA11yViolations(page, '/terms&conditions');
  await contents.last().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#terms-changes-to-terms$/);
  await expect(sections.last()).toBeInViewport();
});

test('/privacy&policy: the privacy policy with its sections', async ({ page }) => {
  await page.goto('/privacy&policy');
  await expect(pageTitle(page)).toHaveText('Privacy Policy');
  const main = page.locator('main');
  const contents = main.getByRole('navigation', { name: 'Contents' }).getByRole('link');
  const titles = await contents.allTextContents();
  expect(titles.length).toBeGreaterThan(1);
  // Every contents entry has its section, with text under it.
  for (const title of titles) {
    const section = main.getByRole('region', { name: new RegExp(`^(\\d+\\. )?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
    await expect(section.locator('p, li').first()).not.toBeEmpty();
  }
  await expect(main.getByText(/^Last updated:/)).toBeVisible();
  await expectNoA11yViolations(page, '/privacy&policy');
});
