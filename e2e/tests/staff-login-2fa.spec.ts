import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CHALLENGE_ENDED_MESSAGE, CODE_ALREADY_USED_MESSAGE, loginSecondFactorAnswerSchema, WRONG_CODE_MESSAGE } from '@tca/contracts';
import { dismissToasts, registerAccount, storedSession, type TestAccount } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, siteUrl, test } from '../support/fixtures.js';
import { addStaffRole, enrolThroughApi, shootBothWidths, stepsFromNow, totpCode } from '../support/staff.js';

/**
 * Two-factor sign-in of staff at /login (issue 14): an account given a staff role with the operators'
 * CLI logs in, sets up an authenticator app (the key read from the page, the codes made with otplib as an
 * app makes them), saves its recovery codes and lands in the staff area; later sign-ins ask for a code,
 * refuse a wrong or replayed one, take a recovery code, and send an ended sign-in back to the password.
 */

const staffUrl = () => new RegExp(`^${siteUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/staff/?$`);
const codeField = (page: Page) => page.getByRole('textbox', { name: '6-digit code' });

async function logIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Member login' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Ends the browser's session (as a logout would, without the page) so /login shows its card again. */
async function forgetSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test('a new staff account: password, set up the app (a wrong code refused), save the recovery codes, the staff area', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, { firstName: 'Kavya', lastName: 'Siva' });
  expect(await addStaffRole(account.email, 'editor')).toContain(`${account.email} now has the roles`);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl() });

  await logIn(page, account);
  const title = page.getByRole('heading', { name: 'Set up your authenticator app', level: 2 });
  await expect(title).toBeFocused();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app: it adds this site and your account' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const keyText = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? '';
  const secret = keyText.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('button', { name: 'Copy key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/login, Set up your authenticator app');
  await shootBothWidths(page, '1-enrol');

  // A wrong code: identity's message under the field, focus back in it, still this step.
  const right = await totpCode(secret);
  const wrong = right === '000000' ? '111111' : '000000';
  await codeField(page).fill(wrong);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(WRONG_CODE_MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(codeField(page)).toBeFocused();
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/login, Set up your authenticator app with a wrong code');
  await shootBothWidths(page, '2-enrol-wrong-code');

  // The right code, by keyboard: the ten recovery codes, focus on their heading, no session missing.
  await codeField(page).fill(await totpCode(secret));
  await page.keyboard.press('Enter');
  const codesTitle = page.getByRole('heading', { name: 'Save your recovery codes', level: 2 });
  await expect(codesTitle).toBeFocused();
  const codes = (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  expect((await storedSession(page)).token).toBeTruthy();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (.txt)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('recovery-codes.txt');
  const saved = await readFile((await file.path()) ?? '', 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  expect(saved).toContain(`Account: ${account.email}`);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expectNoA11yViolations(page, '/login, Save your recovery codes');
  await shootBothWidths(page, '3-recovery-codes');
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).focus();
  await page.keyboard.press('Space');
  await expect(continueButton).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(continueButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(staffUrl());
  expect((await storedSession(page)).token).toBeTruthy();
});

test('a staff sign-in: a code, a replayed code refused, a recovery code, and an ended sign-in back at the password', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, { firstName: 'Arun', lastName: 'Kumar' });
  await addStaffRole(account.email, 'support');
  const { secret, recoveryCodes } = await enrolThroughApi(request, account);

  // The next step's code (the enrolment used this step's): signed in, to the staff area.
  await logIn(page, account);
  await expect(page.getByRole('heading', { name: 'Enter your code', level: 2 })).toBeVisible();
  await expect(codeField(page)).toBeFocused();
  await expect(codeField(page)).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField(page)).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoA11yViolations(page, '/login, Enter your code');
  await shootBothWidths(page, '4-code');
  const code = await totpCode(secret, stepsFromNow(1));
  await codeField(page).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Taking you to the staff area…' })).toBeVisible();
  await expect(page).toHaveURL(staffUrl());
  expect((await storedSession(page)).token).toBeTruthy();

  // The same code again: refused as replayed; then a recovery code signs in instead.
  await forgetSession(page);
  await logIn(page, account);
  await codeField(page).fill(code);
  await page.keyboard.press('Enter');
  await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(CODE_ALREADY_USED_MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await dismissToasts(page);
  await shootBothWidths(page, '5-code-replayed');
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recoveryField = page.getByRole('textbox', { name: 'Recovery code' });
  await expect(recoveryField).toBeFocused();
  await expectNoA11yViolations(page, '/login, Enter your code with a recovery code');
  await shootBothWidths(page, '6-recovery-code');
  await recoveryField.fill(recoveryCodes[0] ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(staffUrl());

  // A sign-in completed elsewhere (its challenge used through the API): back to the password with the message.
  await forgetSession(page);
  const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login') && r.request().method() === 'POST');
  await logIn(page, account);
  const { challenge } = loginSecondFactorAnswerSchema.parse(await (await answer).json());
  await expect(codeField(page)).toBeFocused();
  const elsewhere = await request.post(`${siteUrl()}/auth/login/second-factor`, { data: { challenge, code: recoveryCodes[1] } });
  expect(elsewhere.status()).toBe(200);
  await codeField(page).fill(await totpCode(secret, stepsFromNow(1)));
  await page.keyboard.press('Enter');
  const passwordForm = page.getByRole('form', { name: 'Member login' });
  await expect(passwordForm.getByRole('alert')).toHaveText(CHALLENGE_ENDED_MESSAGE);
  // The e-mail is filled in again (WCAG 3.3.7); only the password is asked again.
  await expect(passwordForm.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
  await expect(passwordForm.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await dismissToasts(page);
  await expectNoA11yViolations(page, '/login, back at the password after an ended sign-in');
  await shootBothWidths(page, '7-challenge-ended');
});
