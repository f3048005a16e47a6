import type { APIRequestContext } from '@playwright/test';
import { membershipRequestsAnswerSchema, sendAnnouncementAnswerSchema, announcementDetailSchema } from '@tca/contracts';
import { loginAccount, storeLogin } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { listMail, mailSource, rawHeader, recipients, waitForMail, type SentMail } from '../support/mail.js';
import { PAID_LEVEL, paidMembership, pendingRequests, type PaidMember } from '../support/membership-requests.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * Issue 15's announcements on the composed site: two members of a level (bought through the sandbox,
 * approved by the run's membership officer); the officer composes an announcement to that level on
 * /staff/announcements (preview, recipient count, the confirmation dialog) and each member receives it once
 * in MailDev, with the RFC 8058 headers; one opens the unsubscribe link and presses Unsubscribe; their profile
 * shows Unsubscribed; the next announcement reaches only the other; the announcement's page shows the counts.
 * An editor gets 403. Axe and screenshots at 1280 and 375 px.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function approve(request: APIRequestContext, token: string, member: PaidMember): Promise<void> {
  const [pending] = await pendingRequests(request, token, [member.email]);
  if (!pending) throw new Error(`${member.email} has a Pending request`);
  const res = await request.post(`${siteUrl()}/staff-api/memberships/${pending.requestId}/approve`, { headers: auth(token), data: {} });
  expect(res.status(), await res.text()).toBe(200);
}

const mailsTo = (mails: SentMail[], email: string, subject: string) => mails.filter((m) => m.subject === subject && recipients(m).includes(email.toLowerCase()));

test('an officer sends an announcement to a level: each member once; one unsubscribes in one click; the next skips them', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const editorContext = await browser.newContext({ baseURL: siteUrl() });
  const [officer, editor, a, b] = await Promise.all([
    signedInStaff(page, request, 'membership_officer'),
    // The editor's session only (no page of theirs is opened).
    signedInStaff(await editorContext.newPage(), request, 'editor'),
    paidMembership(request, 'Ilakkiya'),
    paidMembership(request, 'Tamilselvan'),
  ]);
  await approve(request, officer.login.token, a);
  await approve(request, officer.login.token, b);
  const active = await request.get(`${siteUrl()}/staff-api/memberships?status=Active&limit=100`, { headers: auth(officer.login.token) });
  expect(membershipRequestsAnswerSchema.parse(await active.json()).memberships.map((m) => m.email)).toEqual(expect.arrayContaining([a.email, b.email]));

  await page.goto('/staff');
  await page.getByRole('link', { name: /Announcements/ }).click();
  await expect(pageTitle(page)).toHaveText('Announcements');

  // Compose: the form's own messages first.
  await page.getByRole('button', { name: 'Review and send' }).click();
  await expect(page.getByRole('textbox', { name: /^Subject/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Message is required')).toBeVisible();
  const subject = `Pongal festival ${Date.now()}`;
  await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await page.getByRole('textbox', { name: /^Message/ }).fill('## Pongal at the hall\n\nJoin us on **14 January**. <b>Bring</b> a friend.');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Pongal at the hall' })).toBeVisible();
  await expect(preview).toContainText('<b>Bring</b> a friend.');
  await page.getByRole('radio', { name: 'Active members of one level' }).check();
  await page.getByRole('combobox', { name: 'Level' }).selectOption(PAID_LEVEL);
  await expect(page.getByRole('status').filter({ hasText: /members? will receive it/ })).toBeVisible();
  await expectNoA11yViolations(page, '/staff/announcements compose');
  await shootBothWidths(page, 'announcements-1-compose');

  await page.getByRole('button', { name: 'Review and send' }).click();
  const dialog = page.getByRole('dialog', { name: `Send "${subject}"?` });
  await expect(dialog).toContainText(`Active ${PAID_LEVEL} members:`);
  await expectNoA11yViolations(page, '/staff/announcements confirmation');
  await shootBothWidths(page, 'announcements-2-confirm');
  await dialog.getByRole('button', { name: 'Send the announcement' }).click();
  await expect(pageTitle(page)).toHaveText(subject);
  const id = /\/staff\/announcements\/(\d+)$/.exec(page.url())?.[1];
  expect(id, page.url()).toBeTruthy();

  // Each member of the level receives it once, with the one-click unsubscribe headers and link.
  const mailA = await waitForMail(request, `the announcement to ${a.email}`, (m) => m.subject === subject && recipients(m).includes(a.email.toLowerCase()), 60_000);
  await waitForMail(request, `the announcement to ${b.email}`, (m) => m.subject === subject && recipients(m).includes(b.email.toLowerCase()), 60_000);
  const source = await mailSource(request, mailA);
  expect(rawHeader(source, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const link = /^<(https?:\/\/[^>]+)>$/.exec(rawHeader(source, 'List-Unsubscribe'))?.[1] ?? '';
  expect(link).toContain('/membership/announcements/unsubscribe?token=');
  expect(mailA.text ?? '').toContain(link);

  // Delivered counts come back from the mailer.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('dt', { hasText: /^Queued$/ }).locator('xpath=following-sibling::dd')).toHaveText('0');
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText('No e-mail failed.')).toBeVisible();
  await expectNoA11yViolations(page, '/staff/announcements/:id');
  await shootBothWidths(page, 'announcements-3-delivered');

  // Member A opens the link from the e-mail (served by identity, through the site) and presses Unsubscribe.
  const unsubscribe = new URL(link);
  await page.goto(`${siteUrl()}${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from announcements');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');

  // Their profile says so (and could undo it).
  const memberContext = await browser.newContext({ baseURL: siteUrl() });
  const memberPage = await memberContext.newPage();
  await storeLogin(memberPage, await loginAccount(request, { email: a.email, password: a.password }));
  await memberPage.goto('/profile');
  await expect(memberPage.getByRole('status').filter({ hasText: 'Association announcements: Unsubscribed' })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Subscribe again' })).toBeVisible();
  await expectNoA11yViolations(memberPage, '/profile e-mail preferences');
  await memberContext.close();

  // The next announcement to the level reaches B and not A.
  const next = `Annual general meeting ${Date.now()}`;
  const created = await request.post(`${siteUrl()}/staff-api/announcements`, { headers: auth(officer.login.token), data: { subject: next, body: 'Come to the AGM.', segment: { kind: 'level', level: PAID_LEVEL } } });
  expect(created.status(), await created.text()).toBe(201);
  const nextId = announcementDetailSchema.parse(await created.json()).id;
  const sent = await request.post(`${siteUrl()}/staff-api/announcements/${nextId}/send`, { headers: auth(officer.login.token), data: {} });
  expect(sendAnnouncementAnswerSchema.parse(await sent.json()).announcement.state).not.toBe('draft');
  const again = await request.post(`${siteUrl()}/staff-api/announcements/${nextId}/send`, { headers: auth(officer.login.token), data: {} });
  expect(again.status()).toBe(409);
  await waitForMail(request, `the second announcement to ${b.email}`, (m) => m.subject === next && recipients(m).includes(b.email.toLowerCase()), 60_000);
  await expect(async () => {
    const detail = announcementDetailSchema.parse(await (await request.get(`${siteUrl()}/staff-api/announcements/${nextId}`, { headers: auth(officer.login.token) })).json());
    expect(detail.queued).toBe(0);
  }).toPass({ timeout: 60_000 });
  const mails = await listMail(request);
  expect(mailsTo(mails, a.email, next)).toHaveLength(0);
  expect(mailsTo(mails, a.email, subject)).toHaveLength(1);
  expect(mailsTo(mails, b.email, subject)).toHaveLength(1);
  expect(mailsTo(mails, b.email, next)).toHaveLength(1);

  // An editor may not.
  const forbidden = await request.get(`${siteUrl()}/staff-api/announcements`, { headers: auth(editor.login.token) });
  expect(forbidden.status()).toBe(403);
  expect(((await forbidden.json()) as { error: string }).error).toBe('forbidden');
  await editorContext.close();
});
