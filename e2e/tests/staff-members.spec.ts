import type { APIRequestContext, Page } from '@playwright/test';
import { checkoutAnswerSchema, membershipLevel, membershipRequestsAnswerSchema, type MembershipRequest } from '@tca/contracts';
import { dismissToasts, loginAccount, registerAccount, toast } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { CARDS } from '../support/membership.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * The members desk's membership requests (issue 14), replacing the retired /admin/ console: two members buy a
 * membership through the normal API flow (POST /create-checkout-session, the Stripe sandbox's payment page,
 * the webhook), which leaves their requests Pending; the run's membership officer approves one (confirmation
 * dialog) and rejects the other with a reason (dialog), both e-mailed; an editor has no card and gets 403 from the
 * API; /admin/ is gone. Axe and screenshots at 1280 and 375 px (E2E_SHOTS_DIR).
 */

const LEVEL = 'Silver-Single';

/** A member pays for a membership as the site's pages do, through the API and the sandbox's payment form: their e-mail. */
async function paidMembership(request: APIRequestContext, firstName: string): Promise<string> {
  const account = await registerAccount(request, { firstName, lastName: 'Raman' });
  const { token } = await loginAccount(request, account);
  const level = membershipLevel(LEVEL);
  const membership = {
    firstName,
    lastName: 'Raman',
    email: account.email,
    phoneNumber: '61412345678',
    addressLine1: '12 Tamil Street',
    suburb: 'Kilburn',
    stateProvince: 'SA',
    postalCode: '5084',
    profession: 'Engineer',
    dateOfBirth: '1990-05-17',
    gender: 'female',
    maritalStatus: 'single',
  };
  const checkout = await request.post(`${siteUrl()}/create-checkout-session`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { productName: LEVEL, price: level?.amt, customerEmail: account.email, membership },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = checkoutAnswerSchema.parse(await checkout.json());
  const form = await (await request.get(url)).text();
  const formToken = /name="form_token" value="([^"]+)"/.exec(form)?.[1];
  expect(formToken, 'the payment page has its form token').toBeTruthy();
  const paid = await request.post(url, {
    form: { form_token: formToken ?? '', email: account.email, cardnumber: CARDS.pays, cardexpiry: '12 / 34', cardcvc: '123', billingname: `${firstName} Raman` },
    maxRedirects: 0,
  });
  expect(paid.status(), 'the sandbox redirects to the success page once paid').toBe(303);
  return account.email;
}

/** The Pending request of each e-mail, once the webhook has made it (asked as the officer). */
async function pendingRequests(request: APIRequestContext, token: string, emails: readonly string[]): Promise<MembershipRequest[]> {
  let found: MembershipRequest[] = [];
  await expect(async () => {
    const res = await request.get(`${siteUrl()}/staff-api/memberships?status=Pending&limit=100`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const { memberships } = membershipRequestsAnswerSchema.parse(await res.json());
    found = emails.map((email) => memberships.find((m) => m.email === email)).filter((m): m is MembershipRequest => m !== undefined);
    expect(found).toHaveLength(emails.length);
  }).toPass({ timeout: 30_000 });
  return found;
}

const rowOf = (page: Page, requestId: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: requestId }) });

test('a membership officer approves one request and rejects another with a reason; an editor has no card and gets 403', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  // Set up at once (none is what this test is about): the officer, the editor in a browser of their own, two paid requests.
  const editorContext = await browser.newContext({ baseURL: siteUrl() });
  const editorPage = await editorContext.newPage();
  const [officer, editor, ...emails] = await Promise.all([
    signedInStaff(page, request, 'membership_officer'),
    signedInStaff(editorPage, request, 'editor'),
    paidMembership(request, 'Anbu'),
    paidMembership(request, 'Kayal'),
  ]);
  const [toApprove, toReject] = await pendingRequests(request, officer.login.token, emails);
  if (!toApprove || !toReject) throw new Error('both requests are Pending');

  await page.goto('/staff');
  await page.getByRole('link', { name: /Membership requests/ }).click();
  await expect(pageTitle(page)).toHaveText('Membership requests');
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
  await expect(editorPage.getByText('Membership requests')).toHaveCount(0);
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
