import { loggedInAccount } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { CARDS, chooseLevel, expectHostedPage, fillMemberDetails, payNow, payWithCard, termsBox } from '../support/membership.js';
import { expect, pageTitle, test } from '../support/fixtures.js';

/** The checkout's other ways (spec §2.3, §4, §8): cancelling, a declined card, the demo book, a buyer who is not logged in; axe on the pages. */

test.describe('membership checkout', () => {
  test('Cancel on the hosted page leads to /cancel with Go to Home', async ({ page, request }) => {
    await loggedInAccount(page, request);
    await chooseLevel(page, 'Gold-Single');
    await fillMemberDetails(page);
    await termsBox(page).check();
    await payNow(page).click();
    await expectHostedPage(page, 'Gold-Single', 'A$100.00');

    await page.getByRole('link', { name: /^Cancel and return to / }).click();
    await expect(page).toHaveURL(/\/cancel(\?|$)/);
    await expect(pageTitle(page)).toHaveText('Payment Cancelled!');
    await expectNoA11yViolations(page, '/cancel');
    await page.getByRole('link', { name: 'Go to Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a declined card: "Your card was declined." on the hosted page', async ({ page, request }) => {
    await loggedInAccount(page, request);
    await chooseLevel(page, 'Silver-Single');
    await fillMemberDetails(page);
    await termsBox(page).check();
    await payNow(page).click();
    await expectHostedPage(page, 'Silver-Single', 'A$10.00');

    await payWithCard(page, CARDS.declined, 'A$10.00');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/c\/pay\//);
  });

  test('the demo book: Checkout → Processing... → the hosted page for Stubborn Attachments, A$20.00', async ({ page }) => {
    await page.goto('/payment');
    await expect(page.getByRole('heading', { name: 'Stubborn Attachments' })).toBeVisible();
    await expectNoA11yViolations(page, '/payment');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Processing...', exact: true })).toBeDisabled();
    await expectHostedPage(page, 'Stubborn Attachments', 'A$20.00');
  });

  test('a buyer who is not logged in is asked to log in and taken to /login 2 s later', async ({ page }) => {
    await page.goto('/membership');
    await page.getByRole('button', { name: 'Buy now Silver-Single', exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Please log in to proceed with the purchase.' });
    await expect(notice).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(Date.now() - shownAt, 'the notice stays about 2 s before /login').toBeGreaterThanOrEqual(1_500);
  });

  test('/success with a session that cannot be looked up says so, and passes axe', async ({ page }) => {
    await page.goto('/success?session_id=cs_test_unknown');
    await expect(page.getByText('An error occurred. Please try again.').first()).toBeVisible({ timeout: 15_000 });
    await expectNoA11yViolations(page, '/success after a failed lookup');
  });

  test('axe: /membership with its confirm dialog, /forms and the hosted page', async ({ page, request }) => {
    await loggedInAccount(page, request);
    await page.goto('/membership');
    await expect(page.getByRole('button', { name: 'Buy now Silver-Single', exact: true })).toBeVisible();
    await expectNoA11yViolations(page, '/membership');
    await page.getByRole('button', { name: 'Buy now Silver-Single', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Silver-Single' })).toBeVisible();
    await expectNoA11yViolations(page, '/membership with the confirm dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page).toHaveURL(/\/forms(\?|$)/);
    await expect(payNow(page)).toBeVisible();
    await expectNoA11yViolations(page, '/forms');
    await fillMemberDetails(page);
    await termsBox(page).check();
    await payNow(page).click();
    await expectHostedPage(page, 'Silver-Single', 'A$10.00');
    await expectNoA11yViolations(page, 'the sandbox hosted page');
  });
});
