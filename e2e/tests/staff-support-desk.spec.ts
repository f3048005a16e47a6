import { TICKET_REFERENCE_PATTERN } from '@tca/contracts';
import { dismissToasts, loggedInAccount, toast } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { mailText, recipients, waitForMail } from '../support/mail.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * The support desk (issue 15) on the composed site: a logged-in member raises a ticket on /raiseticket; the run's
 * support staff member finds it on /staff/support, opens it and replies; the member gets the reply by e-mail
 * (MailDev) with the ticket reference in the subject, answers from "My tickets" on the profile; the desk sees the
 * answer and the ticket Open again; a contact message is marked handled by the desk. An internal note never reaches the member. An editor gets 403 from the support
 * API. Axe on every new page, screenshots at 1280 and 375 px (E2E_SHOTS_DIR).
 */

test('a member’s ticket: the desk replies, the e-mail carries the reference, the member answers from My tickets, the desk sees it; an editor gets 403', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const deskContext = await browser.newContext({ baseURL: siteUrl() });
  const desk = await deskContext.newPage();
  const [{ account, login }, support, editor] = await Promise.all([
    loggedInAccount(page, request, { firstName: 'Kayal', lastName: 'Vizhi' }),
    signedInStaff(desk, request, 'support'),
    signedInStaff(await (await browser.newContext({ baseURL: siteUrl() })).newPage(), request, 'editor'),
  ]);

  // The member raises a ticket while logged in.
  const description = `My receipt shows the wrong name (${Date.now()}).`;
  await page.goto('/raiseticket');
  await expect(pageTitle(page)).toHaveText('Raise a Ticket');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit Ticket' }) });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Kayal Vizhi');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('412345678');
  await form.getByRole('combobox', { name: 'Issue type' }).selectOption({ label: 'Billing Issue' });
  await form.getByRole('textbox', { name: 'Issue description', exact: true }).fill(description);
  await form.getByRole('button', { name: 'Submit Ticket' }).click();
  const banner = form.getByRole('status').filter({ hasText: 'Ticket submitted successfully!' });
  await expect(banner).toBeVisible();
  const reference = (await banner.textContent())?.match(/TCA-\d{4}-\d{6,}/)?.[0] ?? '';
  expect(reference).toMatch(TICKET_REFERENCE_PATTERN);

  // The desk: the Support tickets card, the Open tab, the ticket's row.
  await desk.goto('/staff');
  await desk.getByRole('link', { name: /Support tickets/ }).click();
  await expect(pageTitle(desk)).toHaveText('Support tickets');
  await expect(desk.getByRole('button', { name: /^Open \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
  const row = desk.getByRole('listitem').filter({ has: desk.getByRole('link', { name: reference }) });
  await expect(row).toContainText('Billing Issue, raised');
  await expect(row).toContainText('Open');
  await expectNoA11yViolations(desk, '/staff/support');
  await shootBothWidths(desk, 'support-1-tickets');

  await row.getByRole('link', { name: reference }).click();
  await expect(pageTitle(desk)).toHaveText(`Ticket ${reference}`);
  await expect(desk.getByRole('listitem').filter({ hasText: description })).toContainText('Kayal Vizhi raised the ticket');
  await expect(desk.getByText('Raised while logged in')).toBeVisible();

  // An empty reply is refused in the page with the server's message; a note stays on the desk.
  await desk.getByRole('button', { name: 'Send reply' }).click();
  await expect(desk.getByRole('textbox', { name: 'Reply to the member' })).toHaveAttribute('aria-invalid', 'true');
  await expect(desk.getByText('Write a message first')).toBeVisible();
  await expectNoA11yViolations(desk, '/staff/support/:reference with an error');
  const note = 'Internal: checked the receipt, the name came from the card.';
  await desk.getByRole('textbox', { name: 'Internal note' }).fill(note);
  await desk.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(desk, 'Note added (staff only).')).toBeVisible();
  await expect(desk.getByRole('listitem').filter({ hasText: note })).toContainText(`Internal note by ${support.account.email}`);

  const reply = 'Thank you. Which name should the receipt show?';
  await desk.getByRole('textbox', { name: 'Reply to the member' }).fill(reply);
  await desk.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(desk, 'Reply sent. The member is e-mailed.')).toBeVisible();
  await expect(desk.getByRole('definition').filter({ hasText: 'Waiting on member' })).toBeVisible();
  await dismissToasts(desk);
  await expectNoA11yViolations(desk, '/staff/support/:reference');
  await shootBothWidths(desk, 'support-2-ticket');

  // The member's e-mail: the reference in the subject, the reply in the body, never the note.
  const mail = await waitForMail(request, `the desk's reply to ${account.email} on ${reference}`, (m) => recipients(m).includes(account.email.toLowerCase()) && m.subject.includes(reference) && mailText(m).includes(reply));
  expect(mail.subject).toContain(`Re: your support ticket ${reference}`);
  expect(mailText(mail)).not.toContain(note);

  // The member answers from My tickets.
  await page.goto('/profile');
  const mine = page.getByRole('article', { name: new RegExp(`^${reference}`) });
  await expect(mine).toContainText('Waiting on member');
  await expect(mine.getByRole('listitem').filter({ hasText: reply })).toContainText('Support team');
  await expect(mine).not.toContainText(note);
  await expectNoA11yViolations(page, '/profile with My tickets');
  const answer = 'Please use Kayal Vizhi, as on my membership.';
  await mine.getByRole('textbox', { name: 'Your reply' }).fill(answer);
  await mine.getByRole('button', { name: `Send reply on ${reference}` }).click();
  await expect(toast(page, 'Your reply is sent.')).toBeVisible();
  await expect(mine.getByRole('listitem').filter({ hasText: answer })).toContainText('You');
  await expect(mine).toContainText('Open');
  await dismissToasts(page);
  await mine.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'support-3-my-tickets');

  // The desk sees the answer, and the ticket Open again.
  await desk.reload();
  await expect(desk.getByRole('listitem').filter({ hasText: answer })).toContainText('Kayal Vizhi replied');
  await expect(desk.getByRole('definition').filter({ hasText: /^Open/ })).toBeVisible();

  // The contact inbox: a message sent through the contact form, marked handled by the desk.
  const subject = `Hall booking for Pongal (${Date.now()})`;
  const sent = await request.post(`${siteUrl()}/email/send`, {
    data: { name: 'Arun Kumar', senderEmail: 'arun@example.org', phoneNumber: '0412345678', subject, message: 'Can we book the hall on 14 January?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await desk.goto('/staff');
  await desk.getByRole('link', { name: /Contact messages/ }).click();
  await expect(pageTitle(desk)).toHaveText('Contact messages');
  const message = desk.getByRole('article', { name: subject });
  await expect(message).toContainText('Can we book the hall on 14 January?');
  await expectNoA11yViolations(desk, '/staff/contact');
  await shootBothWidths(desk, 'support-4-contact');
  await message.getByRole('button', { name: `Mark handled: ${subject}` }).click();
  await expect(toast(desk, `"${subject}" is marked handled.`)).toBeVisible();
  await expect(message).toHaveCount(0);
  await desk.getByRole('combobox', { name: 'Messages' }).selectOption('yes');
  await expect(message).toContainText(`Handled by ${support.account.email}`);

  // An editor is not the support desk; the member's token is no staff session.
  for (const [who, token, error] of [
    ['editor', editor.login.token, 'forbidden'],
    ['member', login.token, 'not_staff'],
  ] as const) {
    const res = await request.get(`${siteUrl()}/staff-api/content/support/tickets`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), who).toBe(403);
    expect(((await res.json()) as { error: string }).error, who).toBe(error);
  }
  await deskContext.close();
});
