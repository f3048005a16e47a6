import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MyTicket } from '@tca/contracts';
import { labels, prepareUiRendering } from '@tca/ui/testing/markup';

// Built on @tca/ui with CSS Modules, which only Rspack understands.
prepareUiRendering();

const { MyTicketsView } = await import('./my-tickets.js');
const { canReopen } = await import('../my-tickets.js');

const ignore = () => undefined;
const now = new Date('2026-11-28T00:00:00.000Z');
const open: MyTicket = {
  reference: 'TCA-2026-000042',
  issueType: 'billing',
  status: 'waiting_on_member',
  createdAt: '2026-11-25T00:00:00.000Z',
  closedAt: null,
  reopenUntil: null,
  messages: [
    { id: 'ticket-1', kind: 'submission', authorEmail: 'meera@example.org', body: 'Charged twice.', createdAt: '2026-11-25T00:00:00.000Z' },
    { id: '1', kind: 'staff_reply', authorEmail: null, body: 'Refunded.', createdAt: '2026-11-26T00:00:00.000Z' },
  ],
};

test('My tickets: each ticket headed by its reference, the conversation (You / Support team), a labelled reply box while open', () => {
  const html = renderToStaticMarkup(<MyTicketsView load={{ kind: 'ready', tickets: [open] }} onChanged={ignore} now={now} />);
  assert.match(html, /<h2 id="my-tickets-title"[^>]*>My tickets<\/h2>/);
  assert.match(html, /<h3 id="ticket-TCA-2026-000042-title"[^>]*>TCA-2026-000042: Billing Issue<\/h3>/);
  assert.match(html, />Waiting on member</);
  assert.match(html, /You, 25 Nov 2026/);
  assert.match(html, /Support team, 26 Nov 2026/);
  assert.ok(labels(html).has('Your reply *'), 'the reply box is labelled');
  assert.match(html, /aria-label="Send reply on TCA-2026-000042">Send reply<\/button>/);
  assert.doesNotMatch(html, /Reopen ticket/);
});

test('a closed ticket: Reopen within 14 days of closing (with the last day), a new ticket after; no reply box', () => {
  const closedAt = '2026-11-20T00:00:00.000Z';
  const recent: MyTicket = { ...open, status: 'closed', closedAt, reopenUntil: '2026-12-04T00:00:00.000Z' };
  const html = renderToStaticMarkup(<MyTicketsView load={{ kind: 'ready', tickets: [recent] }} onChanged={ignore} now={now} />);
  assert.match(html, /You can reopen it until 4 December 2026\./);
  assert.match(html, /aria-label="Reopen ticket TCA-2026-000042">Reopen ticket<\/button>/);
  assert.doesNotMatch(html, /Your reply/);
  const old: MyTicket = { ...recent, reopenUntil: '2026-11-27T23:59:59.000Z' };
  assert.equal(canReopen(old, now), false);
  assert.equal(canReopen(recent, new Date('2026-12-04T00:00:00.000Z')), true, 'the last instant still counts');
  const late = renderToStaticMarkup(<MyTicketsView load={{ kind: 'ready', tickets: [old] }} onChanged={ignore} now={now} />);
  assert.match(late, /please raise a new ticket/);
  assert.doesNotMatch(late, /Reopen ticket/);
});

test('loading, none and failed', () => {
  assert.match(renderToStaticMarkup(<MyTicketsView load={{ kind: 'loading' }} onChanged={ignore} />), /role="status"[^>]*>Loading your tickets…/);
  assert.match(renderToStaticMarkup(<MyTicketsView load={{ kind: 'ready', tickets: [] }} onChanged={ignore} />), /You have not raised a support ticket while logged in\./);
  assert.match(renderToStaticMarkup(<MyTicketsView load={{ kind: 'failed', detail: 'No response from the server.' }} onChanged={ignore} />), /role="alert"[\s\S]*Your tickets could not be loaded\./);
});

test('My tickets in Tamil: headings, the issue type, status, authors, dates and the reply box in Tamil', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    const html = renderToStaticMarkup(<MyTicketsView load={{ kind: 'ready', tickets: [open] }} onChanged={ignore} now={now} />);
    assert.match(html, /<h2 id="my-tickets-title"[^>]*>என் உதவிக் கோரிக்கைகள்<\/h2>/);
    assert.match(html, />TCA-2026-000042: கட்டணச் சிக்கல்<\/h3>/);
    assert.match(html, />உறுப்பினரின் பதிலுக்காகக் காத்திருக்கிறது</);
    assert.match(html, /நீங்கள், 25 நவ\.?,? 2026/);
    assert.ok(labels(html).has('உங்கள் பதில் *'));
    for (const english of ['My tickets', 'Billing Issue', 'Waiting on member', 'You,', 'Support team', 'Your reply', 'Send reply', 'Raised', 'Nov']) assert.ok(!html.includes(english), english);
  } finally {
    await setLang('en', { remember: false });
  }
});
