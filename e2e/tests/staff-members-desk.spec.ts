import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { MEMBERS_EXPORT_COLUMNS } from '@tca/contracts';
import { dismissToasts, toast } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { paidMembership, pendingRequests } from '../support/membership-requests.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * The members desk (issue 15) on the composed site, as its membership officer uses it: a member with a Tamil
 * name pays for a membership (Pending) and uploads a document; the officer finds them by part of their name,
 * opens their page (account, the membership's period and history) and their document (a download through
 * the staff session), approves the request from "Requests to decide", sees it Active on the member's page,
 * and exports the roll of Active members, which parses back as CSV (BOM, CRLF, the Tamil name intact). An
 * editor gets 403 from the members API. Axe on the desk and the member's page; screenshots at 1280 and 375 px.
 */

/** A strict RFC 4180 reader: every record ends in CRLF; a field is quoted (quotes doubled) or has no quote, comma or line break. */
function csvRecords(text: string): string[][] {
  const field = /("(?:[^"]|"")*"|[^",\r\n]*)(,|\r\n)/y;
  const records: string[][] = [];
  let record: string[] = [];
  while (field.lastIndex < text.length) {
    const at = field.lastIndex;
    const match = field.exec(text);
    if (!match) throw new Error(`not CSV at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
    const raw = match[1] ?? '';
    record.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (match[2] === '\r\n') {
      records.push(record);
      record = [];
    }
  }
  if (record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

test('a membership officer finds a member by part of the name, opens their page and document, approves them and exports the roll; an editor gets 403', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const family = `Desk${randomBytes(3).toString('hex')}`;
  const firstName = 'மீனாட்சி';
  const editorContext = await browser.newContext({ baseURL: siteUrl() });
  const [officer, editor, member] = await Promise.all([
    signedInStaff(page, request, 'membership_officer'),
    signedInStaff(await editorContext.newPage(), request, 'editor'),
    paidMembership(request, firstName, family),
  ]);
  const [pending] = await pendingRequests(request, officer.login.token, [member.email]);
  if (!pending) throw new Error('the request is Pending');
  const uploaded = await request.post(`${siteUrl()}/membership/documents`, {
    headers: { Authorization: `Bearer ${member.token}` },
    multipart: { file: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBeLessThan(300);

  // An editor: 403 from the members API.
  const forbidden = await request.get(`${siteUrl()}/staff-api/members`, { headers: { Authorization: `Bearer ${editor.login.token}` } });
  expect(forbidden.status()).toBe(403);
  expect(((await forbidden.json()) as { error: string }).error).toBe('forbidden');
  await editorContext.close();

  // Find the member by part of the family name, typed in lower case.
  await page.goto('/staff');
  await page.getByRole('link', { name: /Members desk/ }).click();
  await expect(pageTitle(page)).toHaveText('Members desk');
  await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill(family.slice(1).toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Memberships 1–1 of 1' })).toBeVisible();
  const name = `${firstName} ${family}`;
  await expect(page.getByRole('row').filter({ hasText: pending.requestId })).toContainText('Pending');
  await expectNoA11yViolations(page, '/staff/members search');
  // The Tamil web font (font-display: swap) arrives after the text: shoot once it is in.
  await page.evaluate(async () => {
    await document.fonts.load('400 16px "Noto Sans Tamil"', 'மீ');
    await document.fonts.ready;
  });
  await shootBothWidths(page, 'members-desk-1-search');

  // The member's page: the account, the membership's period and history, the document.
  await page.getByRole('link', { name }).click();
  await expect(pageTitle(page)).toHaveText(name);
  await expect(page.getByRole('heading', { name: `${pending.membershipName}: ${pending.requestId}` })).toBeVisible();
  await expect(page.getByText('Requested (Pending)')).toBeVisible();
  const documentButton = page.getByRole('button', { name: 'Open passport.pdf' });
  await expect(documentButton).toBeVisible();
  await expectNoA11yViolations(page, '/staff/members/:userId');
  await page.evaluate(() => document.fonts.ready);
  await shootBothWidths(page, 'members-desk-2-member');
  const [documentDownload] = await Promise.all([page.waitForEvent('download'), documentButton.click()]);
  expect(documentDownload.suggestedFilename()).toBe('passport.pdf');
  expect(await readFile(await documentDownload.path(), 'utf8')).toBe(PDF);
  await expect(page.getByRole('status').filter({ hasText: 'passport.pdf was downloaded.' })).toBeVisible();

  // Approve the request from "Requests to decide"; the member's page shows it Active.
  await page.getByRole('link', { name: 'Back to the members desk' }).click();
  await page.getByRole('link', { name: 'Requests to decide' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Pending');
  await page.getByRole('button', { name: `Approve ${pending.requestId} (${pending.name})` }).click();
  await page.getByRole('dialog', { name: `Approve ${pending.requestId}?` }).getByRole('button', { name: 'Approve request' }).click();
  await expect(toast(page, `${pending.requestId}: Approved: the membership is Active and the member has been e-mailed.`)).toBeVisible();
  await dismissToasts(page);
  await page.goto(`/staff/members/${member.userId}`);
  await expect(page.getByText(/Pending → Active \(approved by /)).toBeVisible();

  // Export the roll and parse it back.
  await page.goto('/staff/members');
  const [rollDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV of Active members' }).click()]);
  expect(rollDownload.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await rollDownload.path());
  expect(bytes.subarray(0, 3).toString('hex'), 'UTF-8 byte order mark').toBe('efbbbf');
  const [header, ...rows] = csvRecords(bytes.toString('utf8').slice(1));
  expect(header).toEqual([...MEMBERS_EXPORT_COLUMNS]);
  const row = rows.find((r) => r[1] === member.email);
  expect(row?.slice(0, 4)).toEqual([name, member.email, '61412345678', pending.membershipName]);
  await expect(page.getByRole('status').filter({ hasText: /The roll was downloaded as members-/ })).toBeVisible();
});
