import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TicketMessage } from '@tca/contracts';
import { ageText, authorText, inboxQueryString, deskRangeText, messageError, tabText, ticketsQueryString, unhandledText } from './support-desk.js';

test('the list asks for the tab, issue type, order and page it shows (defaults left out)', () => {
  assert.equal(ticketsQueryString({ status: 'open', issueType: '', order: 'activity', page: 1 }), '?status=open');
  assert.equal(ticketsQueryString({ status: 'all', issueType: 'billing', order: 'oldest', page: 3 }), '?status=all&issueType=billing&order=oldest&page=3');
  assert.equal(inboxQueryString({ handled: 'no', page: 1 }), '?handled=no');
  assert.equal(inboxQueryString({ handled: 'all', page: 2 }), '?handled=all&page=2');
});

test('tabs carry their counts; ranges and ages read as sentences', () => {
  const counts = { open: 3, waiting_on_member: 1, closed: 7 };
  assert.deepEqual([tabText('open', counts), tabText('waiting_on_member', counts), tabText('all', counts)], ['Open (3)', 'Waiting on member (1)', 'All (11)']);
  assert.equal(deskRangeText({ total: 61, page: 2, pageSize: 25 }, 25, 'tickets'), 'Tickets 26–50 of 61');
  assert.equal(deskRangeText({ total: 0, page: 1, pageSize: 25 }, 0, 'tickets'), 'No tickets on this page.');
  assert.deepEqual([0, 1, 4].map(unhandledText), ['Every message is handled', '1 message is not handled yet', '4 messages are not handled yet']);
  const now = new Date('2026-11-28T12:00:00Z');
  assert.equal(ageText('2026-11-28T11:59:50Z', now), 'just now');
  assert.equal(ageText('2026-11-28T11:15:00Z', now), '45 minutes ago');
  assert.equal(ageText('2026-11-28T09:00:00Z', now), '3 hours ago');
  assert.equal(ageText('2026-11-27T11:00:00Z', now), '1 day ago');
  assert.equal(ageText('2026-11-14T12:00:00Z', now), '14 days ago');
});

test('the conversation names who wrote each entry; the message box uses the server’s rule', () => {
  const entry = (kind: TicketMessage['kind'], authorEmail: string | null): TicketMessage => ({ id: '1', kind, authorEmail, body: 'x', createdAt: '2026-11-28T00:00:00Z' });
  assert.equal(authorText(entry('submission', 'meera@example.org'), 'Meera'), 'Meera raised the ticket');
  assert.equal(authorText(entry('member_reply', 'meera@example.org'), 'Meera'), 'Meera replied');
  assert.equal(authorText(entry('staff_reply', 'sam@example.org'), 'Meera'), 'Reply by sam@example.org');
  assert.equal(authorText(entry('note', 'sam@example.org'), 'Meera'), 'Internal note by sam@example.org');
  assert.equal(messageError('   '), 'Write a message first');
  assert.equal(messageError('x'.repeat(5001)), 'Message must be at most 5000 characters');
  assert.equal(messageError('Thank you'), null);
});
