import type { Locator, Page } from '@playwright/test';
import { hue, loggedInAccount, toast } from '../support/account.js';
import { waitForMail, mailText, recipients } from '../support/mail.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { approveMembership, CARDS, chooseLevel, expectHostedPage, field, fillMemberDetails, payNow, payWithCard, termsBox } from '../support/membership.js';
import { expect, test } from '../support/fixtures.js';

/** The membership purchase end to end (spec §2.3, §4): the pages, payments, the Stripe sandbox, identity, the mail sink. */

const membershipRegion = (page: Page) => page.getByRole('region', { name: 'Membership Details' });
const currentCard = (page: Page) => page.getByRole('article', { name: 'Current Membership' });
const detail = (card: Locator, term: string) => card.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('membership purchase', () => {
  test('Silver-Single: details, sandbox payment, receipt, Pending until approved, then Active and no longer offered', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { account } = await loggedInAccount(page, request);

    await chooseLevel(page, 'Silver-Single');
    const email = field(page, 'Email');
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(field(page, 'First Name')).toHaveValue(account.firstName);

    await expect(payNow(page)).toBeDisabled();
    await fillMemberDetails(page);
    await expect(payNow(page)).toBeDisabled();
    await termsBox(page).check();
    await expect(payNow(page)).toBeEnabled();
    await payNow(page).click();

    await expectHostedPage(page, 'Silver-Single', 'A$10.00');
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await payWithCard(page, CARDS.pays, 'A$10.00');

    await expect(toast(page, 'Payment successful!')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/$/);

    const receipt = await waitForMail(request, `the Silver-Single receipt to ${account.email}`, (mail) =>
      recipients(mail).includes(account.email.toLowerCase()) && /Silver-Single membership receipt/.test(mail.subject),
    );
    expect(mailText(receipt)).toContain('10.00');

    // The webhook and the worker record the membership: Pending (yellow) with the Under Review notice.
    await expect(async () => {
      await page.goto('/profile');
      await expect(detail(currentCard(page), 'Status')).toHaveText('Pending', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    expect(await hue(detail(currentCard(page), 'Status').locator('span'))).toBe('yellow');
    await expect(membershipRegion(page).getByRole('heading', { name: 'Under Review' })).toBeVisible();

    // A Pending request is not offered again either.
    await page.goto('/membership');
    await expect(page.getByRole('button', { name: 'Buy now Silver-Family', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy now Silver-Single', exact: true })).toHaveCount(0);

    const output = await approveMembership(account.email);
    expect(output).toMatch(/Active|approved/i);

    await page.goto('/profile');
    await expect(detail(currentCard(page), 'Status')).toHaveText('Active');
    expect(await hue(detail(currentCard(page), 'Status').locator('span'))).toBe('green');
    await expect(membershipRegion(page).getByRole('heading', { name: 'Under Review' })).toHaveCount(0);

    await page.goto('/membership');
    await expect(page.getByRole('button', { name: 'Buy now Silver-Family', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy now Silver-Single', exact: true })).toHaveCount(0);
  });

  test('Silver-Family: after paying, the family details, the Thank You overlay and / 3 s later', async ({ page, request }) => {
    test.setTimeout(120_000);
    await loggedInAccount(page, request);

    await chooseLevel(page, 'Silver-Family');
    await fillMemberDetails(page);
    await termsBox(page).check();
    await payNow(page).click();

    await expectHostedPage(page, 'Silver-Family', 'A$20.00');
    await payWithCard(page, CARDS.pays, 'A$20.00');

    await expect(page).toHaveURL(/\/confirmation$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Family Details', level: 1 })).toBeVisible();
    await expect(toast(page, 'Payment successful!')).toBeVisible();
    await expectNoA11yViolations(page, '/confirmation');

    await field(page, 'Spouse name').fill('Arun Raman');
    await field(page, 'Spouse age').fill('38');
    await field(page, 'Child 1 name').fill('Kavya Raman');
    await field(page, 'Child 1 age').fill('9');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    const thanks = page.getByRole('dialog', { name: 'Thank You!' });
    await expect(thanks).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    expect(Date.now() - shownAt, 'the overlay stays about 3 s before /').toBeGreaterThanOrEqual(2_500);
    await expect(thanks).toHaveCount(0);
  });
});
