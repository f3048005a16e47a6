import type { Page } from '@playwright/test';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { shootBothWidths } from '../support/staff.js';
import { englishLeft, expectTamilPage, rememberTamil } from '../support/tamil.js';

/**
 * The content remote's forms and static pages in Tamil (issue 17): the contact and ticket pages, the
 * privacy policy and the terms in full Tamil, the Tamil school and the team, with no English interface
 * left (axe too); the contact form's validation and success in Tamil, sent with the page's language.
 */

const PAGES = [
  ['/contact', 'எங்களைத் தொடர்புகொள்ளுங்கள்'],
  ['/raiseticket', 'உதவிக் கோரிக்கை அனுப்புங்கள்'],
  ['/privacy&policy', 'தனியுரிமைக் கொள்கை'],
  ['/terms&conditions', 'விதிமுறைகளும் நிபந்தனைகளும்'],
  ['/tamilschools', 'தமிழ்ப் பள்ளிகள்'],
  ['/team', 'எங்கள் குழு'],
] as const;

/** A run-unique marker, so this run's message is told apart from earlier ones. */
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

const contactForm = (page: Page) => page.locator('main').getByRole('form');

test.describe('content forms and static pages in Tamil', () => {
  test('contact, ticket, privacy, terms, Tamil school and team: Tamil titles, no English interface left, axe', async ({ page }) => {
    test.setTimeout(120_000);
    await rememberTamil(page);
    for (const [path, title] of PAGES) {
      await page.goto(path);
      await expect(pageTitle(page)).toHaveText(title);
      // The legal texts are the Tamil documents, not only their headings.
      if (path === '/terms&conditions') await expect(page.getByRole('heading', { name: '1. அறிமுகம்' })).toBeVisible();
      await expectTamilPage(page, path);
    }
  });

  /** The contact page in Tamil with its form filled in (the e-mail address and message given). */
  async function tamilContactForm(page: Page, email: string, message: string) {
    await rememberTamil(page);
    await page.goto('/contact');
    const form = contactForm(page);
    await form.getByRole('textbox', { name: 'பெயர்', exact: true }).fill('அருண் குமார்');
    await form.getByRole('textbox', { name: 'தொலைபேசி', exact: true }).fill('0412345678');
    await form.getByRole('textbox', { name: 'மின்னஞ்சல்', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'செய்தி', exact: true }).fill(message);
    return form;
  }

  test('the contact form in Tamil: a Tamil validation message, then the Tamil success text; sent with Accept-Language: ta', async ({ page }) => {
    const form = await tamilContactForm(page, 'not-an-address', `தமிழ் வகுப்புகள் பற்றி அறிய விரும்புகிறேன் (${unique('msg')}).`);
    await form.getByRole('button', { name: 'செய்தியை அனுப்புக' }).click();
    const email = form.getByRole('textbox', { name: 'மின்னஞ்சல்', exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('மின்னஞ்சல் முகவரியின் வடிவம் தவறானது');
    expect(await englishLeft(page), 'English left with a field error').toEqual([]);

    await email.fill(`${unique('tamil-contact')}@example.org`);
    const sent = page.waitForRequest((r) => r.url().endsWith('/email/send') && r.method() === 'POST');
    const answer = page.waitForResponse((r) => r.url().endsWith('/email/send'));
    await form.getByRole('button', { name: 'செய்தியை அனுப்புக' }).click();
    expect((await sent).headers()['accept-language']).toBe('ta');
    expect((await answer).status()).toBe(201);
    const notice = form.getByRole('status');
    await expect(notice).toContainText('செய்தி அனுப்பப்பட்டது');
    await expect(notice).toContainText('எங்களைத் தொடர்புகொண்டதற்கு நன்றி.');
    expect(await englishLeft(page), 'English left with the success notice').toEqual([]);
  });

  test('a server failure on the Tamil contact page reads in Tamil', async ({ page }) => {
    const form = await tamilContactForm(page, `${unique('tamil-contact-error')}@example.org`, 'வணக்கம்.');
    await page.route('**/email/send', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' }), { times: 1 });
    await form.getByRole('button', { name: 'செய்தியை அனுப்புக' }).click();
    await expect(form.getByRole('alert')).toContainText('செய்தியை அனுப்ப முடியவில்லை. பின்னர் மீண்டும் முயலுங்கள்.');
    expect(await englishLeft(page), 'English left with the failure').toEqual([]);
  });

  test('screenshots of /contact and /terms in Tamil at both widths', async ({ page }) => {
    await rememberTamil(page);
    await page.goto('/contact');
    await expect(pageTitle(page)).toHaveText('எங்களைத் தொடர்புகொள்ளுங்கள்');
    await shootBothWidths(page, 'tamil-contact');
    await page.goto('/terms&conditions');
    await expect(page.getByRole('heading', { name: '1. அறிமுகம்' })).toBeVisible();
    await shootBothWidths(page, 'tamil-terms');
  });
});
