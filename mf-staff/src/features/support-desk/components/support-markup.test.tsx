import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import type { ContactInboxAnswer, StaffTicket, TicketListAnswer } from '@tca/contracts';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { TicketsPanel, TicketRows } = await import('./tickets-panel.js');
const { TicketPanel } = await import('./ticket-panel.js');
const { InboxList } = await import('./contact-panel.js');
const { ContactPanel } = await import('./contact-panel.js');
const { messageError } = await import('../support-desk.js');
const { englishWords } = await import('../../../shared/tamil-markup.js');

const now = new Date('2026-11-28T12:00:00.000Z');
const inbox: ContactInboxAnswer = {
  messages: [{ id: 'c1', subject: 'Hall booking', name: 'Kavin', email: 'kavin@example.org', phone: '', message: 'Can we book the hall?', createdAt: '2026-11-27T00:00:00.000Z', handledAt: null, handledBy: null }],
  total: 1,
  page: 1,
  pageSize: 25,
  unhandled: 1,
};

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/support']}>{node}</MemoryRouter>);
const noop = () => undefined;
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

const ticket: StaffTicket = {
  reference: 'TCA-2026-000042',
  issueType: 'billing',
  status: 'waiting_on_member',
  name: 'Meera Raman',
  email: 'meera@example.org',
  countryCode: '+61',
  phone: '0412345678',
  createdAt: '2026-11-25T12:00:00.000Z',
  lastActivityAt: '2026-11-27T12:00:00.000Z',
  closedAt: null,
  assignee: { userId: 'u-sam', email: 'sam@example.org' },
  hasAccount: true,
  language: 'ta',
  messages: [
    { id: 'ticket-1', kind: 'submission', authorEmail: 'meera@example.org', body: 'Charged twice.', createdAt: '2026-11-25T12:00:00.000Z' },
    { id: '1', kind: 'staff_reply', authorEmail: 'sam@example.org', body: 'Refunded.', createdAt: '2026-11-26T12:00:00.000Z' },
    { id: '2', kind: 'note', authorEmail: 'sam@example.org', body: 'Checked Stripe.', createdAt: '2026-11-26T12:05:00.000Z' },
  ],
};

test('the ticket list: title, status tabs as pressed buttons, labelled filters, the list loading', () => {
  const html = render(<TicketsPanel />);
  assert.equal(h1(html), 'Support tickets');
  assert.match(html, /<ul[^>]*aria-label="Status">/);
  assert.match(html, /<button type="button" class="[^"]*" aria-pressed="true">Open<\/button>/);
  assert.match(html, /aria-pressed="false">Waiting on member<\/button>/);
  assert.match(html, /<label for="([^"]+)"[^>]*>Issue type<\/label><select id="\1"/);
  assert.match(html, /<label for="([^"]+)"[^>]*>Order<\/label><select id="\1"/);
  assert.match(html, /<a href="\/staff\/contact"/);
  assert.match(html, /Loading the tickets\.\.\./);
});

test('ticket rows: the reference links to the ticket; issue, age, status and assignee are labelled', () => {
  const answer: TicketListAnswer = { tickets: [ticket], total: 30, page: 1, pageSize: 25, counts: { open: 20, waiting_on_member: 10, closed: 0 } };
  const html = render(<TicketRows answer={answer} onPage={noop} now={new Date('2026-11-28T12:00:00.000Z')} />);
  assert.match(html, /role="status">Tickets 1–1 of 30/);
  assert.match(html, /<a href="\/staff\/support\/TCA-2026-000042"[^>]*>TCA-2026-000042<\/a>/);
  assert.match(html, /Billing Issue, raised 3 days ago/);
  assert.match(html, /Last activity 1 day ago/);
  assert.match(html, />Waiting on member</);
  assert.match(html, /sam@example\.org/);
  assert.match(html, /<nav[^>]*aria-label="Pages of tickets"/);
});

test('a ticket: details, the conversation with the internal note marked, reply and note boxes labelled, assignee select, Close', () => {
  const html = render(<TicketPanel initial={ticket} assignees={[{ userId: 'u-sam', email: 'sam@example.org' }]} />);
  assert.equal(h1(html), 'Ticket TCA-2026-000042');
  assert.match(html, /<dt>Phone<\/dt><dd>\+61 0412345678<\/dd>/);
  // Raised from a Tamil page: the desk's replies reach them in Tamil, and the desk says so.
  assert.match(html, /<dt>Replies e-mailed in<\/dt><dd>Tamil<\/dd>/);
  assert.match(render(<TicketPanel initial={{ ...ticket, language: 'en' }} assignees={[]} />), /<dt>Replies e-mailed in<\/dt><dd>English<\/dd>/);
  assert.match(html, /Meera Raman raised the ticket/);
  assert.match(html, /Reply by sam@example\.org/);
  assert.match(html, /Internal note by sam@example\.org/);
  assert.match(html, /<label for="([^"]+)"[^>]*>Reply to the member[^<]*<.*<textarea[^>]*id="\1"/);
  assert.match(html, /<label for="([^"]+)"[^>]*>Internal note[^<]*<.*<textarea[^>]*id="\1"/);
  assert.match(html, /<option value="u-sam" selected="">sam@example\.org<\/option>/);
  assert.match(html, />Close ticket<\/button>/);
});

test('the assignee picker names identity’s support staff by name and e-mail, the current assignee first when no longer among them', () => {
  const html = render(<TicketPanel initial={ticket} assignees={[{ userId: 'u-nila', email: 'nila@example.org', displayName: 'Nila Vannan' }, { userId: 'u-olga', email: 'olga@example.org' }]} />);
  const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => `${m[1]}=${m[2]}`);
  assert.deepEqual(options.filter((o) => o.startsWith('u-') || o.startsWith('=')), ['=Nobody', 'u-sam=sam@example.org', 'u-nila=Nila Vannan (nila@example.org)', 'u-olga=olga@example.org']);
});

test('a closed ticket offers Reopen and no reply box (notes still)', () => {
  const html = render(<TicketPanel initial={{ ...ticket, status: 'closed', closedAt: '2026-11-27T00:00:00.000Z' }} assignees={[]} />);
  assert.match(html, />Reopen ticket<\/button>/);
  assert.match(html, /This ticket is closed\. Reopen it to reply\./);
  assert.doesNotMatch(html, /Reply to the member/);
  assert.match(html, /Internal note/);
});

test('the inbox: unhandled count, each message with Mark handled named by its subject, a handled one says by whom', () => {
  const base = { name: 'Kavin', email: 'kavin@example.org', phone: '', message: 'Can we book the hall?', createdAt: '2026-11-27T00:00:00.000Z' };
  const answer: ContactInboxAnswer = {
    messages: [
      { ...base, id: '1', subject: 'Hall booking', handledAt: null, handledBy: null },
      { ...base, id: '2', subject: 'Sponsorship', handledAt: '2026-11-27T01:00:00.000Z', handledBy: 'sam@example.org' },
    ],
    total: 2,
    page: 1,
    pageSize: 25,
    unhandled: 1,
  };
  const html = render(<InboxList answer={answer} busy={false} onMark={noop} onPage={noop} />);
  assert.match(html, /<h2[^>]*>1 message is not handled yet<\/h2>/);
  assert.match(html, /aria-label="Mark handled: Hall booking">Mark handled<\/button>/);
  assert.match(html, /Handled by sam@example\.org on/);
  assert.match(html, /aria-label="Mark not handled: Sponsorship">Mark not handled<\/button>/);
});

test('the support desk speaks Tamil on a Tamil page: the tickets, a ticket, the contact inbox', async () => {
  await setLang('ta', { remember: false });
  try {
    const list = render(<TicketsPanel />);
    assert.match(list, /<h1[^>]*>உதவிக் கோரிக்கைகள்<\/h1>/);
    assert.match(list, /aria-pressed="true">திறந்துள்ளது<\/button>/);
    assert.deepEqual(englishWords(list), []);

    const rows = render(<TicketRows answer={{ tickets: [ticket], total: 1, page: 1, pageSize: 25, counts: { open: 0, waiting_on_member: 1, closed: 0 } }} onPage={noop} now={now} />);
    assert.match(rows, /கட்டணச் சிக்கல், 3 நாட்களுக்கு முன் எழுப்பப்பட்டது/);
    assert.match(rows, /கடைசிச் செயல்பாடு 1 நாளுக்கு முன்/);
    assert.match(rows, />1 கோரிக்கை<\/h2>/);
    assert.deepEqual(englishWords(rows), []);

    const page = render(<TicketPanel initial={ticket} assignees={[{ userId: 'u-sam', email: 'sam@example.org' }]} />);
    assert.match(page, /<span lang="en">Meera Raman<\/span> கோரிக்கையை எழுப்பினார்/);
    assert.match(page, /sam@example\.org எழுதிய உள் குறிப்பு/);
    assert.match(page, />பதிலை அனுப்பு<\/button>/);
    assert.match(page, /<dt>பதில்கள் மின்னஞ்சலில் அனுப்பப்படும் மொழி<\/dt><dd>தமிழ்<\/dd>/);
    assert.deepEqual(englishWords(page), []);

    const contact = render(<ContactPanel />);
    assert.match(contact, /<h1[^>]*>தொடர்புச் செய்திகள்<\/h1>/);
    assert.deepEqual(englishWords(contact), []);
    const messages = render(<InboxList answer={inbox} busy={false} onMark={noop} onPage={noop} />);
    assert.match(messages, /1 செய்தி இன்னும் கையாளப்படவில்லை/);
    // Named by its own Tamil text and the subject's heading (marked lang="en"), not an aria-label sentence.
    assert.match(messages, /<button[^>]*id="mark-c1" aria-labelledby="mark-c1 message-c1-subject">கையாளப்பட்டது எனக் குறி<\/button>/);
    assert.deepEqual(englishWords(messages), []);

    assert.equal(messageError('  '), 'முதலில் ஒரு செய்தியை எழுதுங்கள்');
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<TicketsPanel />), /<h1[^>]*>Support tickets<\/h1>/);
});
