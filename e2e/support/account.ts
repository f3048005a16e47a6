import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { loginAnswerSchema, registerAnswerSchema, SESSION_STORAGE_KEYS, SESSION_TTL_MS, type LoginAnswer, type MembershipRecord } from '@tca/contracts';
import { expect, siteUrl } from './fixtures.js';

/**
 * The account area's browser tests: accounts registered and logged in through the identity service
 * (through the gateway, as the pages call it), the stored browser session, and the toasts.
 */

/** A run-unique e-mail address, so accounts of this run never meet earlier ones (the database lives for the whole run). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** A password that meets the register rule (spec §5). */
export const GOOD_PASSWORD = 'Kolam#2026start';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Stored form (spec §2.3): country code digits and the national number, no plus. */
  phoneNumber: string;
}

/** Registers an account with POST /auth/register and checks the 201. */
export async function registerAccount(request: APIRequestContext, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
  const account: TestAccount = {
    email: uniqueEmail('member'),
    password: GOOD_PASSWORD,
    firstName: 'Meera',
    lastName: 'Raman',
    phoneNumber: '61412345678',
    ...overrides,
  };
  const response = await request.post(`${siteUrl()}/auth/register`, { data: { ...account, termsAccepted: true } });
  expect(response.status(), `POST /auth/register for ${account.email}: ${await response.text()}`).toBe(201);
  registerAnswerSchema.parse(await response.json());
  return account;
}

/** Logs in with POST /auth/login and returns the answer (token, user, expiresAt). */
export async function loginAccount(request: APIRequestContext, account: Pick<TestAccount, 'email' | 'password'>): Promise<LoginAnswer> {
  const response = await request.post(`${siteUrl()}/auth/login`, { data: { email: account.email, password: account.password } });
  expect(response.status(), `POST /auth/login for ${account.email}`).toBe(200);
  return loginAnswerSchema.parse(await response.json());
}

/** The status GET /auth/session answers for a token (200 while it is a live session, 401 once it has ended). */
export async function sessionStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${siteUrl()}/auth/session`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status();
}

/**
 * Puts a real login into the browser's storage before any page script runs, as the login page
 * stores it (spec §3: `user` as `{ value, expiry }` with a 24-hour expiry, `token` apart).
 * Only on the first load of the page: a later logout must not be undone by a reload.
 */
export async function storeLogin(page: Page, login: LoginAnswer, phoneCountry = '+61'): Promise<void> {
  const { user } = login;
  await page.addInitScript(
    ({ keys, value, token, ttl }) => {
      if (sessionStorage.getItem('e2e:login-stored')) return;
      sessionStorage.setItem('e2e:login-stored', '1');
      localStorage.setItem(keys.user, JSON.stringify({ value, expiry: Date.now() + ttl }));
      localStorage.setItem(keys.token, token);
    },
    {
      keys: SESSION_STORAGE_KEYS,
      value: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, phone: user.phoneNumber, phoneCountry },
      token: login.token,
      ttl: SESSION_TTL_MS,
    },
  );
}

/** A registered account, logged in, with its session stored in `page` (first load only). */
export async function loggedInAccount(page: Page, request: APIRequestContext, overrides: Partial<TestAccount> = {}) {
  const account = await registerAccount(request, overrides);
  const login = await loginAccount(request, account);
  await storeLogin(page, login);
  return { account, login };
}

/** What the browser has stored under `user` and `token`. */
export function storedSession(page: Page): Promise<{ user: string | null; token: string | null }> {
  return page.evaluate((keys) => ({ user: localStorage.getItem(keys.user), token: localStorage.getItem(keys.token) }), SESSION_STORAGE_KEYS);
}

/** The toasts on screen (react-toastify's container in the shell; each toast is role="alert"). */
export const toasts = (page: Page) => page.locator('.Toastify').getByRole('alert');
/** The toast showing exactly `text`. */
export const toast = (page: Page, text: string) => toasts(page).filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) });

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A membership record as the identity service answers POST /membership/get (spec §3 fields plus `term`). */
export function membershipRecord(overrides: Partial<MembershipRecord> = {}): MembershipRecord {
  return {
    membershipName: 'Silver-Single',
    status: 'Active',
    requestId: 'REQ-2025-0042',
    createdAt: '2025-03-01T02:00:00.000Z',
    doB: '1990-07-15',
    firstname: 'Meera',
    lastname: 'Raman',
    email: 'meera@example.org',
    phone: '61412345678',
    address: '12 King William Street, Adelaide, SA, 5000',
    profession: 'Engineer',
    term: 'annual',
    ...overrides,
  };
}

/** Answers every POST /membership/get of `page` with `records` (as JSON, status 200). */
export async function answerMemberships(page: Page, records: unknown): Promise<void> {
  await page.route('**/membership/get', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(records) }));
}

/** 'green', 'yellow' or 'red' from an element's background colour (the profile's status badge). */
export async function hue(element: Locator): Promise<'green' | 'yellow' | 'red' | 'other'> {
  const color = await element.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  if (g > r && g > b) return 'green';
  if (r > b + 40 && g > b + 40 && Math.abs(r - g) < 40) return 'yellow';
  if (r > g && r > b) return 'red';
  return 'other';
}

/**
 * Closes every toast on screen with its close button and waits until they have left the page, so the
 * next toast is a new one (the account pages do not show a text again while the same toast is still up).
 * The buttons are clicked in the page: toasts keep moving while they animate in, which a pointer click waits out.
 */
export async function dismissToasts(page: Page): Promise<void> {
  await page.locator('.Toastify').getByRole('button', { name: 'close' }).evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
  await expect(page.locator('.Toastify .Toastify__toast')).toHaveCount(0);
}

