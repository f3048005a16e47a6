import type { Locator, Page } from '@playwright/test';
import { ISSUE_TYPES, TICKET_COUNTRY_CODES, TICKET_REFERENCE_PATTERN } from '@tca/contracts';
import { expectNoA11yViolations } from '../support/axe.js';
import { pauseClock } from '../support/clock.js';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { mailSource, mailText, rawHeader, recipients, waitForMail } from '../support/mail.js';

/** A run-unique marker, so the e-mails of this run are told apart from earlier ones in the inbox. */
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** 'green' or 'red' from a banner's coloured edge (spec §2.3: a green banner, a red banner). */
async function tone(banner: Locator): Promise<'green' | 'red' | 'other'> {
  const color = await banner.evaluate((el) => getComputedStyle(el).borderLeftColor);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  if (g > r && g >= b) return 'green';
  if (r > g && r > b) return 'red';
  return 'other';
}

/** Holds the next POST to `path` until `release()` is called, so an in-flight state can be observed. */
async function holdNextPost(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.fallback();
  }, { times: 1 });
  return release;
}

test.describe('/raiseticket', () => {
  const ticketForm = (page: Page) => page.locator('main').getByRole('form');

  test('the form: labelled fields of the right types, issue types and country codes, +91 first', async ({ page }) => {
    await page.goto('/raiseticket');
    await expect(pageTitle(page)).toHaveText('Raise a Ticket');
    const form = ticketForm(page);
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('required', '');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('type', 'email');
    await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('type', 'tel');
    await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('required', '');
    await expect(form.getByRole('combobox', { name: 'Country code' })).toHaveValue('+91');
    await expect(form.getByRole('combobox', { name: 'Country code' }).locator('option')).toHaveText([...TICKET_COUNTRY_CODES]);
    await expect(form.getByRole('combobox', { name: 'Issue type' })).toHaveAttribute('required', '');
    await expect(form.getByRole('combobox', { name: 'Issue type' }).locator('option')).toHaveText(['Select issue type', ...ISSUE_TYPES.map((t) => t.label)]);
    await expect(form.getByRole('textbox', { name: 'Issue description', exact: true })).toHaveAttribute('rows', '4');
    await expect(form.getByRole('textbox', { name: 'Issue description', exact: true })).toHaveAttribute('required', '');
    await expectNoA11yViolations(page, '/raiseticket');

    // Nothing filled in: no request, every required field says so and the first one has focus.
    let posted = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/supportdesk/add')) posted = true;
    });
    await form.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expect(form.getByRole('combobox', { name: 'Issue type' })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
    await expectNoA11yViolations(page, '/raiseticket with field errors');
  });

  test('submitting: Submitting..., a green banner with the reference, the form reset to +91, and both e-mails sent', async ({ page, request }) => {
    const email = `${unique('ticket')}@example.org`;
    const description = `My renewal payment failed (${unique('desc')}).`;
    await page.goto('/raiseticket');
    const form = ticketForm(page);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Kavya Sundaram');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('combobox', { name: 'Country code' }).selectOption('+44');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('7700900123');
    await form.getByRole('combobox', { name: 'Issue type' }).selectOption({ label: 'Billing Issue' });
    await form.getByRole('textbox', { name: 'Issue description', exact: true }).fill(description);

    const release = await holdNextPost(page, '/supportdesk/add');
    const answer = page.waitForResponse((r) => r.url().endsWith('/supportdesk/add'));
    await form.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect((await answer).status()).toBe(201);

    const banner = form.getByRole('status').filter({ hasText: 'Ticket submitted successfully!' });
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    expect(await tone(banner)).toBe('green');
    const reference = (await banner.textContent())?.match(/TCA-\d{4}-\d{6,}/)?.[0] ?? '';
    expect(reference).toMatch(TICKET_REFERENCE_PATTERN);

    // Spec §4: the form is back to its defaults, +91 included.
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('');
    await expect(form.getByRole('combobox', { name: 'Country code' })).toHaveValue('+91');
    await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('');
    await expect(form.getByRole('combobox', { name: 'Issue type' })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Issue description', exact: true })).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Submit Ticket' })).toBeEnabled();
    await expectNoA11yViolations(page, '/raiseticket after a submitted ticket');

    // The confirmation to the submitter quotes the same reference; the support inbox gets an alert with the details.
    const confirmation = await waitForMail(request, `ticket confirmation to ${email} quoting ${reference}`, (m) => recipients(m).includes(email) && mailText(m).includes(reference));
    expect(confirmation.subject).toContain(reference);
    const alert = await waitForMail(request, `support alert for ${reference}`, (m) => !recipients(m).includes(email) && mailText(m).includes(reference));
    expect(mailText(alert)).toContain(description);
    expect(mailText(alert)).toContain(email);
    // Replying to the alert answers the submitter.
    expect(rawHeader(await mailSource(request, alert), 'Reply-To')).toContain(email);
  });

  test('a server failure shows a red Backend error banner; a lost connection its own message; a new submit clears it', async ({ page }) => {
    await page.goto('/raiseticket');
    const form = ticketForm(page);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Arun Kumar');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`${unique('ticket-error')}@example.org`);
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('0412345678');
    await form.getByRole('combobox', { name: 'Issue type' }).selectOption('technical');
    await form.getByRole('textbox', { name: 'Issue description', exact: true }).fill('The gallery does not load.');

    await page.route('**/supportdesk/add', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }), { times: 1 });
    await form.getByRole('button', { name: 'Submit Ticket' }).click();
    const error = form.getByRole('alert');
    await expect(error).toHaveText('Backend error: 500 Internal Server Error');
    await expect(error).toBeFocused();
    expect(await tone(error)).toBe('red');
    // The visitor's input stays, so they can send it again.
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Arun Kumar');

    await page.route('**/supportdesk/add', (route) => route.abort('internetdisconnected'), { times: 1 });
    await form.getByRole('button', { name: 'Submit Ticket' }).click();
    // Chromium's own message for a failed fetch (spec §8: "the error's own message").
    await expect(error).toHaveText('Failed to fetch');
    await expectNoA11yViolations(page, '/raiseticket with an error banner');

    // Spec §4: both banners clear when a new submit starts.
    const release = await holdNextPost(page, '/supportdesk/add');
    await form.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(error).toHaveCount(0);
    release();
    await expect(form.getByRole('status').filter({ hasText: 'Ticket submitted successfully!' })).toBeVisible();
  });
});

test.describe('/contact', () => {
  const contactForm = (page: Page) => page.locator('main').getByRole('form');

  test('prefilled from the stored user (phone without its first 2 characters); Message Sent for 5 s; cleared; both e-mails', async ({ page, request }) => {
    const email = `${unique('contact')}@example.org`;
    const text = `Could the association run a Tamil spelling bee? (${unique('msg')})`;
    await page.addInitScript((user) => {
      localStorage.setItem('user', JSON.stringify({ value: user, expiry: Date.now() + 60 * 60 * 1000 }));
      localStorage.setItem('token', 'test-token');
    }, { id: 11, email, firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' });
    await page.clock.install();
    await page.goto('/contact');
    await expect(pageTitle(page)).toHaveText('Get in Touch');
    const form = contactForm(page);
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Meera Raman');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('412345678');
    await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('type', 'tel');
    await expectNoA11yViolations(page, '/contact');

    await form.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
    await pauseClock(page);
    const answer = page.waitForResponse((r) => r.url().endsWith('/email/send'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(201);
    const notice = form.getByRole('status');
    await expect(notice).toContainText('Message Sent');
    expect(await tone(notice.getByText('Message Sent').locator('..'))).toBe('green');
    for (const field of ['Name', 'Phone', 'Email', 'Message']) await expect(form.getByRole('textbox', { name: field, exact: true })).toHaveValue('');
    await page.clock.runFor(4_500);
    await expect(notice).toContainText('Message Sent');
    await page.clock.runFor(1_000);
    await expect(notice).not.toContainText('Message Sent');

    // The sender gets an acknowledgement; the association's inbox gets the message, replying to the sender.
    await waitForMail(request, `contact acknowledgement to ${email}`, (m) => recipients(m).includes(email));
    const inbox = await waitForMail(request, `contact message from ${email} to the association`, (m) => !recipients(m).includes(email) && mailText(m).includes(text));
    expect(rawHeader(await mailSource(request, inbox), 'Reply-To')).toContain(email);
  });

  test('a server failure is shown and the message is kept; every field is required', async ({ page }) => {
    await page.goto('/contact');
    const form = contactForm(page);
    for (const field of ['Name', 'Phone', 'Email', 'Message']) await expect(form.getByRole('textbox', { name: field, exact: true })).toHaveValue('');

    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const field of ['Name', 'Phone', 'Email', 'Message']) await expect(form.getByRole('textbox', { name: field, exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Arun Kumar');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('0412345678');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`${unique('contact-error')}@example.org`);
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello from a test.');
    await page.route('**/email/send', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' }), { times: 1 });
    await form.getByRole('button', { name: 'Send Message' }).click();
    const error = form.getByRole('alert');
    await expect(error).toContainText('Failed to send message. Please try again later.');
    expect(await tone(error)).toBe('red');
    await expect(form.getByRole('status')).not.toContainText('Message Sent');
    await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Hello from a test.');
    await expectNoA11yViolations(page, '/contact with an error');
  });
});

