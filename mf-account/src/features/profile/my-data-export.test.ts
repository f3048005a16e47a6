import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FetchLike } from '@tca/ui/api';
import { assembleMyData, gatherMyData, myDataFileName, ticketsWithConversations } from './my-data-export.js';

const membership = {
  membershipName: 'Silver-Single',
  status: 'Active',
  requestId: 'R1',
  createdAt: '2026-01-05T00:00:00.000Z',
  doB: null,
  firstname: 'Meera',
  lastname: 'Raman',
  email: 'meera@example.org',
  phone: '61412345678',
  address: '1 King William St, Adelaide, SA, 5000',
  profession: 'Engineer',
  term: 'annual' as const,
};
const account = {
  user: { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phoneNumber: '61412345678' },
  createdAt: '2026-01-01T00:00:00.000Z',
  termsAcceptedAt: '2026-01-01T00:00:00.000Z',
  sessions: [{ createdAt: '2026-02-01T00:00:00.000Z', expiresAt: '2026-02-02T00:00:00.000Z', current: true }],
  memberships: [membership],
};
const { memberships: _memberships, ...accountOnly } = account;
const ticket = { reference: 'TCA-2026-000001', issueType: 'general', issueDescription: 'Hi', name: 'Meera', email: 'meera@example.org', countryCode: '+61', phone: '412345678', createdAt: '2026-02-01T00:00:00.000Z' };
const conversation = [
  { id: '1', kind: 'submission' as const, authorEmail: null, body: 'Hi', createdAt: '2026-02-01T00:00:00.000Z' },
  { id: '2', kind: 'staff_reply' as const, authorEmail: null, body: 'Which receipt?', createdAt: '2026-02-02T00:00:00.000Z' },
  { id: '3', kind: 'member_reply' as const, authorEmail: null, body: 'The March one.', createdAt: '2026-02-03T00:00:00.000Z' },
];
const deskTicket = { reference: ticket.reference, issueType: 'general', status: 'open' as const, createdAt: ticket.createdAt, closedAt: null, reopenUntil: null, messages: conversation };
const exportedTicket = { ...ticket, status: 'open', closedAt: null, conversation };
const message = { id: 'm1', subject: 'Hello', message: 'Hi', name: 'Meera', email: 'meera@example.org', phone: '412345678', createdAt: '2026-02-01T00:00:00.000Z' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function server(routes: Record<string, () => Response>, seen: Array<{ path: string; init: RequestInit }> = []): FetchLike {
  return async (path, init) => {
    seen.push({ path, init });
    const route = routes[path];
    return route ? route() : json(404, { error: 'not_found', message: 'Not found' });
  };
}

const allParts = {
  '/auth/my-data': () => json(200, account),
  '/supportdesk/mine': () => json(200, [ticket]),
  '/supportdesk/mine/tickets': () => json(200, { tickets: [deskTicket] }),
  '/email/mine': () => json(200, [message]),
};

test('every part is fetched with the token and put into one export', async () => {
  const seen: Array<{ path: string; init: RequestInit }> = [];
  const now = new Date('2026-03-04T05:06:07.000Z');
  const result = await gatherMyData('tok', server(allParts, seen), () => now);
  assert.equal(result.kind, 'ok');
  assert.deepEqual(result.kind === 'ok' && { ...result.data, description: '' }, {
    description: '',
    exportedAt: '2026-03-04T05:06:07.000Z',
    account: accountOnly,
    memberships: [membership],
    supportTickets: [exportedTicket],
    contactMessages: [message],
  });
  assert.deepEqual(seen.map((call) => call.path).sort(), ['/auth/my-data', '/email/mine', '/supportdesk/mine', '/supportdesk/mine/tickets']);
  for (const call of seen) {
    assert.equal(call.init.method, 'GET');
    assert.equal(new Headers(call.init.headers).get('Authorization'), 'Bearer tok');
  }
});

test('a part in an unexpected shape is kept as it came', async () => {
  const result = await gatherMyData('tok', server({ ...allParts, '/email/mine': () => json(200, { items: ['odd'] }) }));
  assert.deepEqual(result.kind === 'ok' && result.data.contactMessages, { items: ['odd'] });
});

test('each support ticket carries its conversation from the support desk, matched by reference', () => {
  const closed = { ...ticket, reference: 'TCA-2026-000002', createdAt: '2026-01-01T00:00:00.000Z' };
  const deskOnly = { ...deskTicket, reference: 'TCA-2026-000003', status: 'closed' as const, closedAt: '2026-02-05T00:00:00.000Z', messages: conversation.slice(0, 1) };
  const bodies = { submitted: null, desk: null };
  assert.deepEqual(ticketsWithConversations([ticket, closed], { tickets: [deskOnly, deskTicket] }, bodies), [
    exportedTicket,
    { ...closed, status: null, closedAt: null, conversation: [] },
    { reference: 'TCA-2026-000003', issueType: 'general', createdAt: ticket.createdAt, status: 'closed', closedAt: '2026-02-05T00:00:00.000Z', conversation: conversation.slice(0, 1) },
  ]);
  assert.deepEqual(ticketsWithConversations([], { tickets: [] }, bodies), []);
});

test('tickets or conversations in an unexpected shape are both kept as they came', async () => {
  const result = await gatherMyData('tok', server({ ...allParts, '/supportdesk/mine/tickets': () => json(200, [{ odd: true }]) }));
  assert.deepEqual(result.kind === 'ok' && result.data.supportTickets, { submitted: [ticket], conversations: [{ odd: true }] });
});

test('conversations that cannot be read fail the export and say so', async () => {
  const result = await gatherMyData('tok', server({ ...allParts, '/supportdesk/mine/tickets': () => json(503, { error: 'unavailable', message: 'x' }) }));
  assert.deepEqual(result, { kind: 'failed', message: 'Could not download your data: your support tickets’ conversations could not be read. Please try again later.' });
});

test('a token the server no longer accepts is reported as such', async () => {
  const result = await gatherMyData('tok', server({ ...allParts, '/supportdesk/mine': () => json(401, { error: 'session_expired', message: 'Expired' }) }));
  assert.deepEqual(result, { kind: 'rejected' });
});

test('a missing part fails the export and names it', async () => {
  const result = await gatherMyData('tok', server({ ...allParts, '/email/mine': () => json(500, { error: 'internal', message: 'x' }), '/auth/my-data': () => json(200, { nope: true }) }));
  assert.deepEqual(result, { kind: 'failed', message: 'Could not download your data: your account and memberships, your contact messages could not be read. Please try again later.' });
});

test('the memberships come out of the account answer; missing lists become empty', () => {
  const data = assembleMyData({ account, supportTickets: null, contactMessages: undefined }, new Date(0));
  assert.deepEqual(data.memberships, [membership]);
  assert.deepEqual(data.account, accountOnly);
  assert.deepEqual(data.supportTickets, []);
  assert.deepEqual(data.contactMessages, []);
  assert.match(data.description, /Adelaide Tamil Association/);
});

test('the file is named after the day of the export', () => {
  assert.equal(myDataFileName(new Date('2026-03-04T23:59:00.000Z')), 'tca-my-data-2026-03-04.json');
});
