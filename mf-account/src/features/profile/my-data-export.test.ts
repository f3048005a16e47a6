import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FetchLike } from '@tca/ui/api';
import { assembleMyData, gatherMyData, myDataFileName } from './my-data-export.js';

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
    supportTickets: [ticket],
    contactMessages: [message],
  });
  assert.deepEqual(seen.map((call) => call.path).sort(), ['/auth/my-data', '/email/mine', '/supportdesk/mine']);
  for (const call of seen) {
    assert.equal(call.init.method, 'GET');
    assert.equal(new Headers(call.init.headers).get('Authorization'), 'Bearer tok');
  }
});

test('a part in an unexpected shape is kept as it came', async () => {
  const result = await gatherMyData('tok', server({ ...allParts, '/email/mine': () => json(200, { items: ['odd'] }) }));
  assert.deepEqual(result.kind === 'ok' && result.data.contactMessages, { items: ['odd'] });
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
