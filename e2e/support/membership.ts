import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, rootDir } from './fixtures.js';

/** The membership area's browser tests: choosing a level, the member details form, the Stripe sandbox's hosted page. */

const run = promisify(execFile);

/** Stripe's test cards, as the sandbox knows them. */
export const CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export function sandboxUrl(): string {
  const url = process.env.E2E_STRIPE_SANDBOX_URL;
  if (!url) throw new Error('E2E_STRIPE_SANDBOX_URL is not set: the global setup exports the Stripe sandbox the stack started');
  return url;
}

/** /membership → Buy now on `level` → Confirm in the dialog → /forms. */
export async function chooseLevel(page: Page, level: string): Promise<void> {
  await page.goto('/membership');
  await page.getByRole('button', { name: `Buy now ${level}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Confirm ${level}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/forms(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Member Details', level: 1 })).toBeVisible();
}

/** A form field by its visible label (the required marker " *" is hidden from the accessible name, but not from every matcher). */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** Fills the member details the login does not prefill (names, e-mail and phone come from the account). */
export async function fillMemberDetails(page: Page): Promise<void> {
  await field(page, 'Date of Birth').fill('1990-07-15');
  await field(page, 'Gender').selectOption('female');
  await field(page, 'Marital Status').selectOption('married');
  await field(page, 'Profession').fill('Engineer');
  await field(page, 'Address Line 1').fill('12 King William Street');
  await field(page, 'Suburb').fill('Adelaide');
  await field(page, 'State').selectOption('SA');
  await field(page, 'Postal Code').fill('5000');
}

export const termsBox = (page: Page) => page.getByRole('checkbox', { name: /I have read and agree to the terms and conditions/ });
export const payNow = (page: Page) => page.getByRole('button', { name: 'PAY NOW', exact: true });

/** Waits for the sandbox's hosted checkout page (<sandbox>/c/pay/<id>). */
export async function expectHostedPage(page: Page, item: string, amount: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/c/pay/[^/?#]+`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(amount);
  await expect(page.getByRole('list', { name: 'Order' })).toContainText(item);
  await expect(page.getByRole('button', { name: `Pay ${amount}`, exact: true })).toBeVisible();
}

/** Pays on the hosted page with `card`. */
export async function payWithCard(page: Page, card: string, amount: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Meera Raman');
  await page.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
}

/** The operators' CLI (`npm run admin -- memberships approve <email>`) against the site's database. */
export async function approveMembership(email: string): Promise<string> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set: the global setup exports the stack\'s database URL');
  const { stdout } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'services/identity/src/cli.ts', 'memberships', 'approve', email, '--by', 'e2e'], {
    cwd: rootDir(),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
  return stdout;
}
