import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages, renderedInTamil } from '@tca/ui/testing/markup';

// The contact, ticket, team, Tamil school and legal pages in English (the spec's texts) and in Tamil (issue 17).
prepareBrowserlessPages();
const { ContactPage } = await import('./contact-page.js');
const { RaiseTicketPage } = await import('./raise-ticket-page.js');
const { TamilSchoolsPage } = await import('./tamil-schools-page.js');
const { TeamPage } = await import('./team-page.js');
const { PrivacyPage } = await import('./privacy-page.js');
const { TermsPage } = await import('./terms-page.js');
const { loadTamil, PRIVACY_TEXTS, TERMS_TEXTS } = await import('../../features/legal/legal-documents.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

/** The visible text, markup removed and white space folded. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/**
 * Words of three letters or more in Latin script outside lang="en" parts, parts hidden from people (the
 * honeypot), addresses and brands (as e2e/support/tamil.ts counts them). `allowed`: words a browser shows inside lang="en" but this render
 * cannot mark (useLang reads English while rendering on a server; the e2e test checks the mark).
 */
function englishWords(html: string, allowed: readonly string[] = []): string[] {
  const shown = html.replace(/<([a-z0-9]+)[^>]*(lang="en"|aria-hidden="true")[^>]*>.*?<\/\1>/g, ' ');
  const words = text(shown).replace(/\S+@\S+|https?:\/\/\S+/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
  return words.filter((word) => word !== 'Stripe' && !allowed.includes(word));
}

const inTamil = (node: ReactNode) => renderedInTamil(() => render(node));

const PAGES: Array<[string, () => ReactNode, string[]?]> = [
  ['/contact', () => <ContactPage />, ['Adelaide', 'Tamil', 'Association', 'Incorporated']],
  ['/raise-ticket', () => <RaiseTicketPage />],
  ['/tamilschools', () => <TamilSchoolsPage />],
  ['/team', () => <TeamPage />],
  ['/privacy', () => <PrivacyPage />],
  ['/terms', () => <TermsPage />],
];

test('the contact page in English: the spec’s texts as before', () => {
  const shown = text(render(<ContactPage />));
  assert.match(shown, /^Get in Touch Send us a message and we will get back to you\. Write to us/);
  assert.match(shown, /Send Message Contact details Where we are Adelaide Tamil Association Incorporated Adelaide, South Australia Australia Email/);
  assert.match(shown, /Website or payment problems Raise a support ticket and you will get a reference number to follow up with\./);
  assert.match(shown, /We are a volunteer-run association, so please allow a few days for a reply\. We use your details only to answer your message \(see our Privacy Policy ?\)\.$/);
});

test('the ticket page in English: the spec’s texts and issue types as before', () => {
  const html = render(<RaiseTicketPage />);
  const shown = text(html);
  assert.match(shown, /^Raise a Ticket Tell us about a problem and our support team will follow up\. Support ticket/);
  assert.match(html, /<option value="">Select issue type<\/option><option value="technical">Technical Issue<\/option><option value="billing">Billing Issue<\/option><option value="general">General Inquiry<\/option><option value="feedback">Feedback<\/option>/);
  assert.match(shown, /Submit Ticket For a general question or to say hello, use the contact form instead\. Every ticket gets a reference number, and a copy is sent to the e-mail address you give\.$/);
});

test("the school card in English: the spec's five highlights and the placeholder marks", () => {
  const shown = text(render(<TamilSchoolsPage />));
  assert.match(shown, /Many of us learnt to read and write Tamil in a small village school\./);
  assert.match(shown, /Partner Tamil School Placeholder Items marked Placeholder will be replaced with the school's details once they are published\./);
  assert.match(shown, /Location Town, district and country to be announced Placeholder Phone \+91 00000 00000 Placeholder Email school@example\.org Placeholder/);
  assert.match(shown, /Highlights Science and mathematics A strong focus .* Free midday meal .* Tamil literature and culture .* School upkeep .* Sports ground A sports ground/);
  assert.match(shown, /More Information Ask us about the school, visiting, or how you can help\.$/);
});

test('the legal pages in English: the date, the contents and the numbered sections as before', () => {
  const terms = render(<TermsPage />);
  assert.match(terms, /<p[^>]*>Last updated: <time dateTime="2026-11-25">25 November 2026<\/time><\/p>/);
  assert.match(text(terms), /Contents Introduction User Accounts Privacy Policy Content Termination Limitation of Liability Governing Law Changes to Terms 1\. Introduction This website is run by Adelaide Tamil Association Incorporated/);
  assert.ok(!terms.includes('lang='), 'nothing is marked in English');
  assert.match(text(render(<PrivacyPage />)), /^Privacy Policy How we collect, use and protect your personal information\. Last updated: 25 November 2026 Adelaide Tamil Association Incorporated/);
});

for (const [path, page, allowed] of PAGES) {
  test(`${path} in Tamil: a Tamil title and no English interface left`, async () => {
    // A Tamil legal document is a chunk of its own: loaded before this render, which cannot wait for it.
    await Promise.all([loadTamil(PRIVACY_TEXTS), loadTamil(TERMS_TEXTS)]);
    const html = await inTamil(page());
    assert.match(html, /<h1[^>]*>[^<]*[\u0B80-\u0BFF]/);
    assert.deepEqual(englishWords(html, allowed), []);
  });
}
