import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { apiTeam } from '../support/content-api.js';
import { expectFocusTrapped } from '../support/focus.js';
import { expect, pageTitle, test } from '../support/fixtures.js';

/** Spec §2.3: the years of The Adelaide Story, in order. */
const YEARS = ['1990', '1995', '2000', '2004', '2008', '2015', '2018', '2020'];

const yearTab = (page: Page, year: string) => page.getByRole('tablist', { name: 'Years of the Adelaide Story' }).getByRole('tab', { name: year, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

async function expectYearShown(page: Page, year: string) {
  await expect(yearTab(page, year)).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page)).toHaveAccessibleName(year);
  await expect(panel(page).getByRole('heading', { level: 3 })).toContainText(`${year}:`);
}

test.describe('/about', () => {
  test('The Adelaide Story: a year per entry, each with an image, a title and text', async ({ page }) => {
    await page.goto('/about');
    await expect(pageTitle(page)).toHaveText('The Adelaide Story');
    const tabs = page.getByRole('tablist', { name: 'Years of the Adelaide Story' }).getByRole('tab');
    await expect(tabs).toHaveText(YEARS);
    await expectYearShown(page, '1990');
    await expectNoA11yViolations(page, '/about');

    const seen = new Set<string>();
    for (const year of YEARS) {
      await yearTab(page, year).click();
      await expectYearShown(page, year);
      const image = panel(page).getByRole('img');
      await expect(image).toHaveAttribute('alt', /\S/);
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      const title = (await panel(page).getByRole('heading', { level: 3 }).textContent()) ?? '';
      expect(title.replace(`${year}:`, '').trim()).not.toBe('');
      await expect(panel(page).getByRole('paragraph').filter({ hasNotText: new RegExp(`^${year}$`) }).first()).not.toBeEmpty();
      seen.add(`${title}|${await image.getAttribute('src')}`);
    }
    expect(seen.size).toBe(YEARS.length);
  });

  test('the timeline by keyboard: one tab stop, arrows / Home / End move and show, Tab goes on into the story', async ({ page }) => {
    await page.goto('/about');
    await expect(pageTitle(page)).toHaveText('The Adelaide Story');
    // Only the selected year is in the tab order.
    await expect(yearTab(page, '1990')).toHaveAttribute('tabindex', '0');
    await expect(yearTab(page, '1995')).toHaveAttribute('tabindex', '-1');

    await page.getByText('Choose a year to read about it.').click();
    await page.keyboard.press('Tab');
    await expect(yearTab(page, '1990')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(yearTab(page, '1995')).toBeFocused();
    await expectYearShown(page, '1995');
    await page.keyboard.press('End');
    await expect(yearTab(page, '2020')).toBeFocused();
    await expectYearShown(page, '2020');
    await page.keyboard.press('ArrowRight');
    await expectYearShown(page, '1990');
    await page.keyboard.press('ArrowLeft');
    await expectYearShown(page, '2020');
    await page.keyboard.press('Home');
    await expectYearShown(page, '1990');
    await page.keyboard.press('ArrowDown');
    await expectYearShown(page, '1995');
    await page.keyboard.press('ArrowUp');
    await expectYearShown(page, '1990');

    // Tab leaves the year list for the story, whose next-year button steps on.
    await page.keyboard.press('Tab');
    const nextYear = panel(page).getByRole('button', { name: 'Next year: 1995' });
    await expect(nextYear).toBeFocused();
    await page.keyboard.press('Enter');
    await expectYearShown(page, '1995');
    await panel(page).getByRole('button', { name: 'Previous year: 1990' }).press('Enter');
    await expectYearShown(page, '1990');
  });
});

test.describe('/team', () => {
  const cards = (page: Page) => page.locator('main').getByRole('listitem');

  test('a card per member as the API lists them; Read More opens a modal that keeps and returns focus', async ({ page, request }) => {
    const team = await apiTeam(request);
    await page.goto('/team');
    await expect(pageTitle(page)).toHaveText('Our Team');
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(team.map((m) => m.name));
    for (const [i, member] of team.entries()) await expect(cards(page).nth(i)).toContainText(member.designation);
    await expectNoA11yViolations(page, '/team');

    const member = team[0];
    if (!member) return;
    const readMore = cards(page).first().getByRole('button', { name: `Read More about ${member.name}` });
    await readMore.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: member.name });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(member.designation);
    await expect(dialog).toContainText(member.description.replace(/\s+/g, ' ').slice(0, 60));
    await expectNoA11yViolations(page, '/team with the Read More modal open');
    await expectFocusTrapped(page, dialog, 4);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(readMore).toBeFocused();

    // The Close button, and a click on the backdrop, close it too.
    await readMore.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(readMore).toBeFocused();
    await readMore.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
  });

  test('a failed load shows Failed to fetch team members, and Retry loads the team', async ({ page, request }) => {
    const team = await apiTeam(request);
    await page.route('**/teammanagement/get', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } }));
    await page.goto('/team');
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch team members');
    await expectNoA11yViolations(page, '/team with a load error');
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('button', { name: 'Retry' }).press('Enter');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(team.map((m) => m.name));

    // A lost connection is a failure too.
    await page.route('**/teammanagement/get', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch team members');
  });

  test('an empty team shows No team members found', async ({ page }) => {
    await page.route('**/teammanagement/get', (route) => route.fulfill({ json: [] }));
    await page.goto('/team');
    await expect(page.locator('main')).toContainText('No team members found');
    await expect(cards(page)).toHaveCount(0);
  });
});
