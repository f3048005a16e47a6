import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * The treasurer's revenue report (issue 15) on the composed site: orders paid and refunded in 2024 (written
 * straight into payments' table, so the numbers are known) appear on /staff/revenue once 2024 is picked — the
 * chart with its text alternative, the month and level tables — and Download CSV saves revenue-2024.csv with
 * the same numbers, all by keyboard. An editor gets 403. Axe; screenshots at 1280 and 375 px (E2E_SHOTS_DIR).
 */

const run = promisify(execFile);

/** Paid orders of 2024 (Adelaide times in the comments), one refunded in April. */
async function insertOrders2024(): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: the global setup exports the stack's database URL");
  const rows = [
    // 10 March, 12 March, 5 July; the Family one refunded on 2 April.
    ['Silver-Single', 1000, '2024-03-10T02:00:00Z', null],
    ['Silver-Family', 2500, '2024-03-12T02:00:00Z', '2024-04-02T02:00:00Z'],
    ['Gold-Student', 5000, '2024-07-05T02:00:00Z', null],
  ] as const;
  const values = rows
    .map(([level, cents, paidAt, refundedAt]) => {
      const reference = `ord_e2erevenue${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      return `('${reference}', 'membership', '1', 'revenue@example.org', '${level}', '${level}', ${cents}, 'checkout-${randomUUID()}', '{}', '${refundedAt ? 'refunded' : 'paid'}', '${paidAt}', ${refundedAt ? `'${refundedAt}'` : 'NULL'})`;
    })
    .join(', ');
  await run('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', `INSERT INTO payments.checkout_orders (reference, kind, user_id, email, product_name, level, amount_cents, idempotency_key, member_details, status, paid_at, refunded_at) VALUES ${values}`], { timeout: 30_000 });
}

test('a treasurer reads 2024 on /staff/revenue (chart, month and level tables) and downloads the same numbers as CSV by keyboard; an editor gets 403', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await insertOrders2024();
  const editorContext = await browser.newContext({ baseURL: siteUrl() });
  const [, editor] = await Promise.all([signedInStaff(page, request, 'treasurer'), signedInStaff(await editorContext.newPage(), request, 'editor')]);
  await editorContext.close();
  const forbidden = await request.get(`${siteUrl()}/staff-api/payments/revenue?year=2024`, { headers: { Authorization: `Bearer ${editor.login.token}` } });
  expect(forbidden.status()).toBe(403);

  await page.goto('/staff');
  await page.getByRole('link', { name: /Revenue/ }).click();
  await expect(pageTitle(page)).toHaveText('Revenue');
  const year = page.getByRole('combobox', { name: 'Year' });
  await year.focus();
  await year.selectOption('2024');
  const chart = page.getByRole('img', { name: 'Net revenue per month, 2024' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/A\$60\.00 in all\. The highest month is July \(A\$50\.00\)/);
  const months = page.getByRole('table', { name: 'Per month, 2024' });
  await expect(months.getByRole('row', { name: /^March/ })).toContainText('A$35.00');
  await expect(months.getByRole('row', { name: /^April/ })).toContainText('-A$25.00');
  const levels = page.getByRole('table', { name: 'Per level, 2024' });
  await expect(levels.getByRole('row', { name: /^Silver-Family/ })).toContainText('A$25.00');
  await expect(levels.getByRole('row', { name: /^Total/ })).toContainText('A$60.00');
  await expectNoA11yViolations(page, '/staff/revenue');
  await shootBothWidths(page, 'revenue-2024');

  // Download CSV by keyboard: Tab from the year picker reaches the button.
  await year.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('revenue-2024.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFMonth,Level,Paid orders,Paid (AUD),Refunds,Refunded (AUD),Net (AUD)\r\n')).toBe(true);
  expect(csv).toContain('2024-04,Silver-Family,0,0,1,25,-25\r\n');
  expect(csv).toContain('2024,All levels,3,85,1,25,60\r\n');
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded revenue-2024.csv.' })).toBeVisible();
});
