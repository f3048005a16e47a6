import type { APIRequestContext } from '@playwright/test';
import { checkoutAnswerSchema, membershipLevel, membershipRequestsAnswerSchema, type MembershipRequest } from '@tca/contracts';
import { loginAccount, registerAccount } from './account.js';
import { expect, siteUrl } from './fixtures.js';
import { CARDS } from './membership.js';

/** The level the staff specs' members buy. */
export const PAID_LEVEL = 'Silver-Single';

export interface PaidMember {
  email: string;
  password: string;
  /** A member session (for their own calls, e.g. uploading a document). */
  token: string;
  userId: string;
}

/**
 * A member pays for a membership as the site's pages do, through the API and the sandbox's payment form
 * (POST /create-checkout-session, the payment page, the webhook), which leaves a Pending request.
 */
export async function paidMembership(request: APIRequestContext, firstName: string, lastName = 'Raman'): Promise<PaidMember> {
  const account = await registerAccount(request, { firstName, lastName });
  const login = await loginAccount(request, account);
  const level = membershipLevel(PAID_LEVEL);
  const membership = {
    firstName,
    lastName,
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
    headers: { Authorization: `Bearer ${login.token}` },
    data: { productName: PAID_LEVEL, price: level?.amt, customerEmail: account.email, membership },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = checkoutAnswerSchema.parse(await checkout.json());
  const form = await (await request.get(url)).text();
  const formToken = /name="form_token" value="([^"]+)"/.exec(form)?.[1];
  expect(formToken, 'the payment page has its form token').toBeTruthy();
  const paid = await request.post(url, {
    form: { form_token: formToken ?? '', email: account.email, cardnumber: CARDS.pays, cardexpiry: '12 / 34', cardcvc: '123', billingname: `${firstName} ${lastName}` },
    maxRedirects: 0,
  });
  expect(paid.status(), 'the sandbox redirects to the success page once paid').toBe(303);
  return { email: account.email, password: account.password, token: login.token, userId: login.user.id };
}

/** The Pending request of each e-mail, once the webhook has made it (asked as the officer). */
export async function pendingRequests(request: APIRequestContext, token: string, emails: readonly string[]): Promise<MembershipRequest[]> {
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
