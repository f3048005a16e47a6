import type { Page } from '@playwright/test';
import { dismissToasts, toast } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { paidMembership, pendingRequests } from '../support/membership-requests.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * The members desk's membership requests (issue 14), replacing the retired /admin/ console: two members buy a
 * membership through the normal API flow (POST /create-checkout-session, the Stripe sandbox's payment page,
 * the webhook), which leaves their requests Pending; the run's membership officer approves one (confirmation
 * dialog) and rejects the other with a reason (dialog), both e-mailed; an editor has no card and gets 403 from the
 * API; /admin/ is gone. Axe and screenshots at 1280 and 375 px (E2E_SHOTS_DIR).
 */

const rowOf = (page: Page, requestId: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: requestId }) });

test('a membership officer approves one request and rejects another with a reason; an editor has no card and gets 403', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  // Set up at once (none is what this test is about): the officer, the editor in a browser of their own, two paid requests.
  const editorContext = await browser.newContext({ baseURL: siteUrl() });
  const editorPage = await editorContext.newPage();
  const [officer, editor, ...members] = await Promise.all([
    signedInStaff(page, request, 'membership_officer'),
    signedInStaff(editorPage, request, 'editor'),
    paidMembership(request, 'Anbu'),
    paidMembership(request, 'Kayal'),
  ]);
  const [toApprove, toReject] = await pendingRequests(request, officer.login.token, members.map((m) => m.email));
  if (!toApprove || !toReject) throw new Error('both requests are Pending');

  await page.goto('/staff');
  // The members desk (issue 15) keeps the requests one click away: its "Requests to decide" view.
  await page.getByRole('link', { name: /Members desk/ }).click();
  await expect(pageTitle(page)).toHaveText('Members desk');
  await page.getByRole('link', { name: 'Requests to decide' }).click();
  await expect(page.getByRole('link', { name: 'Requests to decide' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Pending');
  await expect(page.getByRole('heading', { name: 'Pending requests' })).toBeVisible();
  await expect(rowOf(page, toApprove.requestId)).toContainText(toApprove.email);
  await expect(rowOf(page, toApprove.requestId)).toContainText('Silver-Single, annual');
  await expectNoA11yViolations(page, '/staff/members');
  await shootBothWidths(page, 'members-1-pending');

  // Approve: a confirmation first.
  await page.getByRole('button', { name: `Approve ${toApprove.requestId} (${toApprove.name})` }).click();
  const confirm = page.getByRole('dialog', { name: `Approve ${toApprove.requestId}?` });
  await expect(confirm).toContainText(toApprove.email);
  await confirm.getByRole('button', { name: 'Approve request' }).click();
  await expect(toast(page, `${toApprove.requestId}: Approved: the membership is Active and the member has been e-mailed.`)).toBeVisible();
  await expect(rowOf(page, toApprove.requestId)).toHaveCount(0);

  // Reject: the reason is required, then sent.
  await page.getByRole('button', { name: `Reject ${toReject.requestId} (${toReject.name})` }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${toReject.requestId}?` });
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(reject.getByRole('textbox', { name: 'Reason for the member' })).toHaveAttribute('aria-invalid', 'true');
  await expect(reject).toContainText('Give a reason: the member is e-mailed it');
  await expectNoA11yViolations(page, '/staff/members reject dialog with an error');
  await shootBothWidths(page, 'members-2-reject-dialog');
  const reason = 'The passport copy could not be read: please send it again.';
  await reject.getByRole('textbox', { name: 'Reason for the member' }).fill(reason);
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(toast(page, `${toReject.requestId}: Rejected: the member has been e-mailed the reason.`)).toBeVisible();
  await expect(reject).toHaveCount(0);

  // Both decided, with the statuses the members see.
  await dismissToasts(page);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await expect(rowOf(page, toApprove.requestId)).toContainText('Active');
  await expect(rowOf(page, toReject.requestId)).toContainText('Rejected');
  await expect(rowOf(page, toReject.requestId).getByRole('button')).toHaveCount(0);

  // Deciding again (someone else was quicker): 409 with who decided.
  const again = await request.post(`${siteUrl()}/staff-api/memberships/${toApprove.requestId}/reject`, {
    headers: { Authorization: `Bearer ${officer.login.token}` },
    data: { reason: 'Too late.' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toContain(`${officer.account.email} already approved it`);

  // An editor: no card, and 403 from the membership officer's API.
  await editorPage.goto('/staff');
  await expect(pageTitle(editorPage)).toHaveText('Staff area');
  await expect(editorPage.getByRole('link', { name: /Blog posts/ })).toBeVisible();
  await expect(editorPage.getByText('Members desk')).toHaveCount(0);
  const forbidden = await request.get(`${siteUrl()}/staff-api/memberships`, { headers: { Authorization: `Bearer ${editor.login.token}` } });
  expect(forbidden.status()).toBe(403);
  expect(((await forbidden.json()) as { error: string }).error).toBe('forbidden');
  await editorPage.goto('/staff/members');
  await expect(pageTitle(editorPage)).toHaveText('Not one of your areas');
  await editorContext.close();

  // The retired Basic-auth console is gone.
  expect((await request.get(`${siteUrl()}/admin/queues`, { headers: { Accept: 'application/json' } })).status()).toBe(404);
  await page.goto('/admin/');
  await expect(pageTitle(page)).toHaveText(/not found/i);
});
