import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answering, jsonResponse as json, type FetchCall } from '@tca/ui/testing/api-doubles';
import { submitSupportTicket } from './submit-support-ticket.js';

const ticket = {
  name: 'Meera Raman',
  email: 'meera@example.org',
  countryCode: '+61',
  phone: '412345678',
  issueType: 'technical',
  issueDescription: 'The gallery does not open.',
  website: '',
} as const;

test('the ticket is POSTed as JSON to /supportdesk/add and its reference is read', async () => {
  const calls: FetchCall[] = [];
  const result = await submitSupportTicket(ticket, { fetchImpl: answering(() => json(201, { message: 'Ticket submitted successfully!', reference: 'TCA-2026-000123' }), calls) });
  assert.deepEqual(result.kind === 'ok' && result.answer, { message: 'Ticket submitted successfully!', reference: 'TCA-2026-000123' });
  assert.equal(calls[0]?.input, '/supportdesk/add');
  assert.equal(calls[0]?.init.method, 'POST');
  assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), ticket);
  assert.equal(new Headers(calls[0]?.init.headers).get('Authorization'), null, 'no session (no browser storage here), no Authorization');
});

test('with a login token the ticket carries Authorization: Bearer', async () => {
  const calls: FetchCall[] = [];
  await submitSupportTicket(ticket, { token: 'tok-1', fetchImpl: answering(() => json(201, { message: 'ok', reference: 'TCA-2026-000124' }), calls) });
  assert.equal(new Headers(calls[0]?.init.headers).get('Authorization'), 'Bearer tok-1');
});
