import { loggedInAccount, toasts } from '../support/account.js';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { mailText, recipients, waitForMail } from '../support/mail.js';
import { field, sandboxUrl } from '../support/membership.js';
import { shootBothWidths } from '../support/staff.js';
import { englishLeft, expectTamilPage, rememberTamil, TAMIL } from '../support/tamil.js';

/**
 * The membership area in Tamil (issue 17): /membership and the member details page with no English
 * interface left (axe too), the sandbox's hosted checkout in Tamil (the session's locale 'ta'), and the
 * receipt e-mail in the language of the checkout.
 */

test.describe('membership in Tamil', () => {
  test('/membership and /forms in Tamil; a Silver-Single bought on the Tamil hosted page; the receipt in Tamil', async ({ page, request }) => {
    test.setTimeout(180_000);
    await rememberTamil(page);
    // Names in Tamil script: a member's own data, which the English check would otherwise count.
    const { account } = await loggedInAccount(page, request, { firstName: 'மீரா', lastName: 'ராமன்' });

    await page.goto('/membership');
    await expect(pageTitle(page)).toHaveText('உறுப்புரிமை');
    await expect(page.getByRole('button', { name: 'இப்போது வாங்குக வெள்ளி-தனிநபர்', exact: true })).toBeVisible();
    await expectTamilPage(page, '/membership');
    await shootBothWidths(page, 'tamil-membership');

    await page.getByRole('button', { name: 'இப்போது வாங்குக வெள்ளி-தனிநபர்', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'வெள்ளி-தனிநபர் – உறுதிப்படுத்துக' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('நிகழ்வு நுழைவுச்சீட்டுகளில் 25% தள்ளுபடி');
    expect(await englishLeft(page), 'English left in the confirm dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'உறுதிப்படுத்து', exact: true }).click();

    await expect(page).toHaveURL(/\/forms(\?|$)/);
    await expect(pageTitle(page)).toHaveText('உறுப்பினர் விவரங்கள்');
    await expectTamilPage(page, '/forms');
    await shootBothWidths(page, 'tamil-forms');

    // PAY NOW with a gap: the §5 list of missing fields, in Tamil.
    await page.getByRole('checkbox', { name: /விதிமுறைகளையும் நிபந்தனைகளையும்/ }).check();
    await page.getByRole('button', { name: 'இப்போது செலுத்துக', exact: true }).click();
    await expect(page.getByText(/^தேவையான எல்லாப் புலங்களையும் நிரப்புங்கள்: .*பிறந்த தேதி/)).toBeVisible();
    expect(await englishLeft(page), 'English left on /forms with the missing fields').toEqual([]);

    await field(page, 'பிறந்த தேதி').fill('1990-07-15');
    await field(page, 'பாலினம்').selectOption('female');
    await field(page, 'திருமண நிலை').selectOption('married');
    await field(page, 'தொழில்').fill('பொறியாளர்');
    await field(page, 'முகவரி வரி 1').fill('12 King William Street');
    await field(page, 'புறநகர்').fill('Adelaide');
    await field(page, 'மாநிலம்').selectOption('SA');
    await field(page, 'அஞ்சல் குறியீடு').fill('5000');
    await page.getByRole('button', { name: 'இப்போது செலுத்துக', exact: true }).click();

    // The sandbox's hosted page, in Tamil: the payments service asked for locale 'ta'.
    await expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/c/pay/`), { timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('A$10.00');
    await expect(page.getByRole('list', { name: 'ஆர்டர்' })).toContainText('வெள்ளி-தனிநபர் உறுப்புரிமை');
    expect(await englishLeft(page), 'English left on the hosted page').toEqual([]);
    await shootBothWidths(page, 'tamil-hosted-page');
    await page.getByLabel('அட்டை எண்').fill('4242 4242 4242 4242');
    await page.getByLabel('காலாவதித் தேதி (மாதம் / ஆண்டு)').fill('12 / 34');
    await page.getByLabel('பாதுகாப்புக் குறியீடு').fill('123');
    await page.getByLabel('அட்டையில் உள்ள பெயர்').fill('மீரா ராமன்');
    await page.getByRole('button', { name: 'A$10.00 செலுத்துக', exact: true }).click();

    await expect(toasts(page).filter({ hasText: 'கட்டணம் வெற்றிகரமாகச் செலுத்தப்பட்டது!' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/$/);

    const receipt = await waitForMail(request, `the Tamil Silver-Single receipt to ${account.email}`, (mail) =>
      recipients(mail).includes(account.email.toLowerCase()) && /வெள்ளி-தனிநபர் உறுப்புரிமைக்கான ரசீது/.test(mail.subject),
      // The worker delivers it; a loaded machine may take longer than the default 30 s.
      60_000,
    );
    expect(mailText(receipt)).toContain('A$10.00');
    expect(receipt.text ?? '').toMatch(TAMIL);
    expect(receipt.text ?? '').toContain('செலுத்திய தொகை');
    expect(receipt.html ?? '').toContain('<html lang="ta">');
  });
});
