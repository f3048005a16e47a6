import { paths, TICKET_REFERENCE_PATTERN, ticketAnswerSchema } from '@tca/contracts';
import type { Browser, Page } from '@playwright/test';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { paidMembership } from '../support/membership-requests.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';
import { expectTamilPage, rememberTamil } from '../support/tamil.js';

/**
 * The staff desks that handle members and money, in Tamil (issue 17): a membership officer who chose Tamil
 * opens the members desk (find and requests) and a member's page; a treasurer the orders and the revenue
 * report; a support person the tickets, a ticket's page and the contact messages. Each page has its Tamil
 * title, no English left outside lang="en" parts (names, e-mail addresses, references, level and product
 * names, people's words) and passes axe. Screenshots of the members desk and the treasurer's orders at 1280
 * and 375 px (E2E_SHOTS_DIR). The member and the ticket carry Tamil names (a page's title is the member's name).
 */

/** A browser of its own for another role, Tamil remembered. */
async function tamilPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: siteUrl() })).newPage();
  await rememberTamil(page);
  return page;
}

test('the members desk, the treasurer and the support desk in Tamil', async ({ page: officerPage, request, browser }) => {
  test.setTimeout(300_000);
  let page = officerPage;
  const [, member] = await Promise.all([signedInStaff(page, request, 'membership_officer'), paidMembership(request, 'மீனா', 'ராமன்')]);
  const raised = await request.post(`${siteUrl()}/supportdesk/add`, {
    data: { name: 'கயல் விழி', email: member.email, phone: '412345678', issueType: 'billing', issueDescription: 'என் ரசீதில் பெயர் தவறாக உள்ளது.' },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const { reference } = ticketAnswerSchema.parse(await raised.json());
  expect(reference).toMatch(TICKET_REFERENCE_PATTERN);
  await rememberTamil(page);

  // The membership officer: the desk's two views and the member's page.
  await page.goto(paths.staffMembers);
  await expect(pageTitle(page)).toHaveText('உறுப்பினர் பணிமேடை');
  await expect(page.getByRole('status').filter({ hasText: /உறுப்புரிமைகள் \d+–\d+ \/ \d+/ })).toBeVisible();
  await expectTamilPage(page, paths.staffMembers);
  await shootBothWidths(page, 'tamil-members-desk');
  await page.getByRole('link', { name: 'முடிவெடுக்க வேண்டிய கோரிக்கைகள்' }).click();
  await expect(page.getByRole('heading', { name: 'கோரிக்கைகள், நிலுவையில் உள்ளவை முதலில்' })).toBeVisible();
  await expectTamilPage(page, `${paths.staffMembers}?view=requests`);
  await page.goto(paths.staffMember.replace(':userId', member.userId));
  await expect(pageTitle(page)).toHaveText('மீனா ராமன்');
  await expect(page.getByRole('heading', { name: 'நிலை வரலாறு' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ஆர்டர்கள்' })).toBeVisible();
  await expectTamilPage(page, "a member's page");

  // The treasurer: the orders (the member's among them) and the revenue report.
  page = await tamilPage(browser);
  await signedInStaff(page, request, 'treasurer');
  await page.goto(paths.staffOrders);
  await expect(pageTitle(page)).toHaveText('ஆர்டர்கள்');
  await expect(page.getByRole('status').filter({ hasText: /ஆர்டர்கள் \d+–\d+ \/ \d+/ })).toBeVisible();
  await expectTamilPage(page, paths.staffOrders);
  await shootBothWidths(page, 'tamil-treasurer-orders');
  await page.goto(paths.staffRevenue);
  await expect(pageTitle(page)).toHaveText('வருவாய்');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectTamilPage(page, paths.staffRevenue);

  // Support: the tickets, the ticket raised above, the contact messages.
  page = await tamilPage(browser);
  await signedInStaff(page, request, 'support');
  await page.goto(paths.staffSupport);
  await expect(pageTitle(page)).toHaveText('உதவிக் கோரிக்கைகள்');
  await expect(page.getByRole('link', { name: reference })).toBeVisible();
  await expectTamilPage(page, paths.staffSupport);
  await page.getByRole('link', { name: reference }).click();
  await expect(pageTitle(page)).toHaveText(`உதவிக் கோரிக்கை ${reference}`);
  await expect(page.getByText('கயல் விழி கோரிக்கையை எழுப்பினார்')).toBeVisible();
  await expectTamilPage(page, "a ticket's page");
  await page.goto(paths.staffContact);
  await expect(pageTitle(page)).toHaveText('தொடர்புச் செய்திகள்');
  await expectTamilPage(page, paths.staffContact);
});
