import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answering, jsonResponse as json, type FetchCall } from '@tca/ui/testing/api-doubles';
import { sendContactMessage } from './send-contact-message.js';

const message = { name: 'Meera Raman', phoneNumber: '412345678', senderEmail: 'meera@example.org', subject: 'Message from the website', message: 'Hello', website: '' };

test('the contact message is POSTed as JSON to /email/send and its answer is read', async () => {
  const calls: FetchCall[] = [];
  const result = await sendContactMessage(message, { fetchImpl: answering(() => json(201, { message: 'Message Sent', id: '1' }), calls) });
  assert.equal(result.kind, 'ok');
  assert.deepEqual(result.kind === 'ok' && result.answer, { message: 'Message Sent', id: '1' });
  assert.equal(calls[0]?.input, '/email/send');
  assert.equal(calls[0]?.init.method, 'POST');
  assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), message);
  assert.equal(new Headers(calls[0]?.init.headers).get('Authorization'), null, 'no session (no browser storage here), no Authorization');
});

test('with a login token the message carries Authorization: Bearer', async () => {
  const calls: FetchCall[] = [];
  const ok = () => json(201, { message: 'Message Sent', id: '1' });
  await sendContactMessage(message, { token: 'abc.DEF-123', fetchImpl: answering(ok, calls) });
  await sendContactMessage(message, { token: null, fetchImpl: answering(ok, calls) });
  assert.deepEqual(
    calls.map((c) => new Headers(c.init.headers).get('Authorization')),
    ['Bearer abc.DEF-123', null],
  );
});
