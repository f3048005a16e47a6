import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { enrolAnswerSchema, enrolConfirmAnswerSchema, loginSecondFactorAnswerSchema, type LoginAnswer, type StaffRole } from '@tca/contracts';
import { generate } from 'otplib';
import { registerAccount, storeLogin, type TestAccount } from './account.js';
import { expect, rootDir, siteUrl } from './fixtures.js';

/** Staff accounts of the browser tests (issue 14): roles given with the operators' CLI, TOTP codes made as an authenticator app makes them. */

const run = promisify(execFile);
const TOTP_STEP_S = 30;

/** `npm run admin -- staff add <email> --role <role>` against the site's database. */
export async function addStaffRole(email: string, role: StaffRole): Promise<string> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: the global setup exports the stack's database URL");
  const { stdout } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'services/identity/src/cli.ts', 'staff', 'add', email, '--role', role], {
    cwd: rootDir(),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
  return stdout;
}

/** The code an authenticator app shows for `secret` at `at` (now unless said): RFC 6238, 30-second steps, 6 digits. */
export function totpCode(secret: string, at: Date = new Date()): Promise<string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return generate({ period: TOTP_STEP_S, secret, epoch: seconds });
}

/** A moment `steps` TOTP steps from now. */
export const stepsFromNow = (steps: number) => new Date(Date.now() + steps * TOTP_STEP_S * 1000);

/** Sets up an authenticator app for a staff account through the API (password, enrol, first code): its key, recovery codes and the two-factor session. */
export async function enrolThroughApi(request: APIRequestContext, account: Pick<TestAccount, 'email' | 'password'>) {
  const signIn = await request.post(`${siteUrl()}/auth/login`, { data: { email: account.email, password: account.password } });
  expect(signIn.status()).toBe(200);
  const { challenge, secondFactor } = loginSecondFactorAnswerSchema.parse(await signIn.json());
  expect(secondFactor).toBe('enrol');
  const enrol = await request.post(`${siteUrl()}/auth/login/enrol`, { data: { challenge } });
  const { secret } = enrolAnswerSchema.parse(await enrol.json());
  const code = await totpCode(secret);
  const confirm = await request.post(`${siteUrl()}/auth/login/enrol/confirm`, { data: { challenge, code } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const { recoveryCodes, ...login } = enrolConfirmAnswerSchema.parse(await confirm.json());
  return { secret, recoveryCodes, login: login satisfies LoginAnswer };
}

/** A staff account with its authenticator key and a signed-in (two-factor) session. */
export interface SignedInStaff {
  account: TestAccount;
  secret: string;
  login: LoginAnswer;
}

// One account per role for the whole run (Playwright runs the specs in one worker): setting one up costs a
// registration, the operators' CLI and an enrolment, so the staff specs that test content editing, not
// signing in, share it. Specs that test signing in itself make their own accounts.
const staffByRole = new Map<StaffRole, Promise<SignedInStaff>>();

async function setUpStaff(request: APIRequestContext, role: StaffRole): Promise<SignedInStaff> {
  const account = await registerAccount(request, { firstName: 'Staff', lastName: role.replace('_', ' ') });
  await addStaffRole(account.email, role);
  const { secret, login } = await enrolThroughApi(request, account);
  return { account, secret, login };
}

/**
 * The run's staff account with `role` (set up on first use), its session stored in `page` before the
 * first load, as the login page stores it. The session is the enrolment's own two-factor session.
 */
export async function signedInStaff(page: Page, request: APIRequestContext, role: StaffRole): Promise<SignedInStaff> {
  let staff = staffByRole.get(role);
  if (!staff) {
    staff = setUpStaff(request, role);
    staffByRole.set(role, staff);
    // A failed set-up is not cached: the next spec tries again.
    staff.catch(() => staffByRole.delete(role));
  }
  const ready = await staff;
  await storeLogin(page, ready.login);
  return ready;
}

/** Where the step screenshots go (the lead looks at them). */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-login2fa';

/** Screenshots of the whole page at 1280 and at 375 px wide; at 375 px nothing may be wider than the screen. */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // From the top: a full-page shot of a scrolled page draws the sticky header where the scroll left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Fonts load when text first needs them (the Tamil face for Tamil text): shoot once they have.
    await page.evaluate(async () => {
      if (document.documentElement.lang === 'ta') await Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Tamil"`, 'தமிழ்')));
      await document.fonts.ready;
    });
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px: no sideways scrolling`).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}
