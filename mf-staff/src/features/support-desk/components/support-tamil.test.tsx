import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ContactInboxAnswer, StaffTicket } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { TicketsPanel, TicketRows } = await import('./tickets-panel.js');
const { TicketPanel } = await import('./ticket-panel.js');
const { ContactPanel, InboxList } = await import('./contact-panel.js');
const { messageError } = await import('../support-desk.js');
const { englishWords } = await import('../../members/components/tamil-markup.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/support']}>{node}</MemoryRouter>);
const noop = () => undefined;
const now = new Date('2026-11-28T12:00:00.000Z');

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
  messages: [
    { id: 'ticket-1', kind: 'submission', authorEmail: 'meera@example.org', body: 'Charged twice.', createdAt: '2026-11-25T12:00:00.000Z' },
    { id: '1', kind: 'staff_reply', authorEmail: 'sam@example.org', body: 'Refunded.', createdAt: '2026-11-26T12:00:00.000Z' },
    { id: '2', kind: 'note', authorEmail: null, body: 'Checked Stripe.', createdAt: '2026-11-26T12:05:00.000Z' },
  ],
};

const inbox: ContactInboxAnswer = {
  messages: [{ id: 'c1', subject: 'Hall booking', name: 'Kavin', email: 'kavin@example.org', phone: '', message: 'Can we book the hall?', createdAt: '2026-11-27T00:00:00.000Z', handledAt: null, handledBy: null }],
  total: 1,
  page: 1,
  pageSize: 25,
  unhandled: 1,
};

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
    assert.match(page, /நிர்வாகி எழுதிய உள் குறிப்பு/);
    assert.match(page, />பதிலை அனுப்பு<\/button>/);
    assert.deepEqual(englishWords(page), []);

    const contact = render(<ContactPanel />);
    assert.match(contact, /<h1[^>]*>தொடர்புச் செய்திகள்<\/h1>/);
    assert.deepEqual(englishWords(contact), []);
    const messages = render(<InboxList answer={inbox} busy={false} onMark={noop} onPage={noop} />);
    assert.match(messages, /1 செய்தி இன்னும் கையாளப்படவில்லை/);
    assert.match(messages, /aria-label="கையாளப்பட்டது எனக் குறி: Hall booking"/);
    assert.deepEqual(englishWords(messages.replace(/aria-label="[^"]*"/g, '')), []);

    assert.equal(messageError('  '), 'முதலில் ஒரு செய்தியை எழுதுங்கள்');
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<TicketsPanel />), /<h1[^>]*>Support tickets<\/h1>/);
});
