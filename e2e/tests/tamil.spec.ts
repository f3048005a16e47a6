import { loginAccount, registerAccount, storeLogin, toasts } from '../support/account.js';
import { expect, header, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { recipients, waitForMail } from '../support/mail.js';
import { shootBothWidths } from '../support/staff.js';
import { englishLeft, expectTamilPage, rememberTamil, TAMIL } from '../support/tamil.js';

/**
 * English and Tamil (issue 17): the header's switch, remembered per browser and on a member's account;
 * every area's interface in Tamil with no English left outside content that has no Tamil version (which
 * is marked lang="en"); axe on the Tamil pages; a member who chose Tamil gets the reset e-mail in Tamil.
 */

/**
 * The account area's visitor pages. Every other area has its own Tamil spec: tamil-content-reading,
 * tamil-content-forms, tamil-membership and tamil-staff-{content,desks,money}.
 */
const TAMIL_PAGES = ['/login', '/register', '/reset-password/not-a-real-token'];

test.describe('English and Tamil', () => {
  test('the header switch shows the site in Tamil at once, marks the document, and a reload keeps it', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const switcher = header(page).getByRole('group', { name: 'Language' });
    await expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await switcher.getByRole('button', { name: 'தமிழ்' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(header(page).getByRole('link', { name: 'முகப்பு', exact: true })).toBeVisible();
    await expect(header(page).getByRole('group', { name: 'மொழி' }).getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(header(page).getByRole('link', { name: 'முகப்பு', exact: true })).toBeVisible();
    await shootBothWidths(page, 'tamil-home');
    // Back to English: the spec's texts, exactly.
    await header(page).getByRole('button', { name: 'English' }).click();
    await expect(header(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('?lang=ta opens a page in Tamil; a first visit from a Tamil browser is in Tamil', async ({ browser, page }) => {
    await page.goto('/events?lang=ta');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(header(page).getByRole('link', { name: 'நிகழ்வுகள்', exact: true })).toBeVisible();
    const context = await browser.newContext({ locale: 'ta-IN' });
    try {
      const fresh = await context.newPage();
      await fresh.goto(siteUrl());
      await expect(fresh.locator('html')).toHaveAttribute('lang', 'ta');
      await expect(header(fresh).getByRole('link', { name: 'முகப்பு', exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the account pages in Tamil: Tamil headings, navigation and buttons, no English interface left, axe', async ({ page }) => {
    test.setTimeout(180_000);
    await rememberTamil(page);
    for (const path of TAMIL_PAGES) {
      await page.goto(path);
      await expectTamilPage(page, path);
    }
  });

  test('form messages in Tamil: a failed login', async ({ page }) => {
    await rememberTamil(page);
    await page.goto('/login');
    await page.getByRole('textbox').first().fill('nobody-here@example.org');
    await page.locator('input[type="password"]').fill('Wrong#password1');
    const refused = page.waitForResponse((response) => response.url().endsWith('/auth/login'));
    await page.locator('main form').getByRole('button', { name: 'உள்நுழைக', exact: true }).click();
    expect((await refused).status()).toBe(401);
    // "Invalid email or password", in Tamil.
    await expect(toasts(page).first()).toHaveText(TAMIL);
    // The toasts' region and close button are named in Tamil too.
    await expect(page.getByRole('region', { name: 'அறிவிப்புகள் Alt+T' })).toBeAttached();
    await expect(page.locator('.Toastify').getByRole('button', { name: 'மூடு' }).first()).toBeVisible();
    expect(await englishLeft(page), 'English left on /login after a failed login').toEqual([]);
  });

  test("a member's profile in Tamil, and the choice is kept on the account: the reset e-mail comes in Tamil", async ({ page, request }) => {
    // Names in Tamil script: a member's own data, which the English check would otherwise count.
    const account = await registerAccount(request, { firstName: 'மீரா', lastName: 'ராமன்' });
    await storeLogin(page, await loginAccount(request, account));
    await page.goto('/profile');
    await expect(pageTitle(page).first()).toBeVisible();
    const saved = page.waitForResponse((response) => /language/.test(response.url()) && response.request().method() !== 'GET');
    await header(page).getByRole('button', { name: 'தமிழ்' }).click();
    expect((await saved).ok(), 'the account keeps the language').toBe(true);
    await expectTamilPage(page, '/profile');
    await shootBothWidths(page, 'tamil-profile');

    // Asked for from anywhere (here without any language), the e-mail follows the account's language.
    const response = await request.post(`${siteUrl()}/auth/send-reset-email`, { data: { email: account.email } });
    expect(response.status()).toBe(200);
    const mail = await waitForMail(request, `the reset e-mail to ${account.email} in Tamil`, (m) => recipients(m).includes(account.email.toLowerCase()) && TAMIL.test(m.subject));
    expect(mail.html ?? '').toMatch(/<html[^>]*lang="ta"/);
    expect(mail.text ?? '').toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
  });
});
