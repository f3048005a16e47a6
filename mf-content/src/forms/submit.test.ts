import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contactAnswerSchema, ticketAnswerSchema } from '@tca/contracts';
import { postForm, readSessionToken, type FetchLike } from './submit.js';

interface Call {
  input: string;
  init: RequestInit;
}

function answering(response: () => Response, calls: Call[] = []): FetchLike {
  return async (input, init) => {
    calls.push({ input, init });
    return response();
  };
}

const json = (status: number, body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status, ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });

test('a form is posted as JSON to its path on the same origin', async () => {
  const calls: Call[] = [];
  const body = { name: 'Meera', email: 'meera@example.org' };
  const result = await postForm('/supportdesk/add', body, ticketAnswerSchema, answering(() => json(201, { message: 'Ticket submitted successfully!', reference: 'TCA-2026-000123' }), calls));
  assert.deepEqual(result, { kind: 'ok', answer: { message: 'Ticket submitted successfully!', reference: 'TCA-2026-000123' } });
  assert.equal(calls.length, 1);
  assert.equal(calls[0]?.input, '/supportdesk/add');
  assert.equal(calls[0]?.init.method, 'POST');
  assert.equal(new Headers(calls[0]?.init.headers).get('Content-Type'), 'application/json');
  assert.equal(new Headers(calls[0]?.init.headers).get('Authorization'), null, 'no session (no browser storage here), no Authorization');
  assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), body);
});

test('with a login token the form carries Authorization: Bearer', async () => {
  const calls: Call[] = [];
  const ok = () => json(201, { message: 'Message Sent', id: '1' });
  await postForm('/email/send', {}, contactAnswerSchema, answering(ok, calls), 'abc.DEF-123');
  await postForm('/email/send', {}, contactAnswerSchema, answering(ok, calls), null);
  assert.deepEqual(
    calls.map((c) => new Headers(c.init.headers).get('Authorization')),
    ['Bearer abc.DEF-123', null],
  );
});

test('a 2xx whose body is not the expected answer still counts as sent', async () => {
  assert.deepEqual(await postForm('/email/send', {}, contactAnswerSchema, answering(() => new Response(null, { status: 204 }))), { kind: 'ok', answer: null });
  assert.deepEqual(await postForm('/supportdesk/add', {}, ticketAnswerSchema, answering(() => json(201, { message: 'ok', reference: 'nope' }))), {
    kind: 'ok',
    answer: null,
  });
});

test("a rejected post carries the status, status text, the service's error body and Retry-After", async () => {
  const error = { error: 'validation_failed', message: 'Some fields are not valid', fields: { senderEmail: 'Invalid email format' } };
  assert.deepEqual(await postForm('/email/send', {}, contactAnswerSchema, answering(() => json(400, error, { statusText: 'Bad Request' }))), {
    kind: 'http',
    status: 400,
    statusText: 'Bad Request',
    error,
    retryAfter: null,
  });
  const limited = await postForm(
    '/email/send',
    {},
    contactAnswerSchema,
    answering(() => json(429, { error: 'rate_limited', message: 'Too many messages' }, { statusText: 'Too Many Requests', headers: { 'Retry-After': '120' } })),
  );
  assert.equal(limited.kind === 'http' && limited.retryAfter, '120');
});

test('an error page that is not JSON gives a null error body', async () => {
  const result = await postForm('/email/send', {}, contactAnswerSchema, answering(() => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' })));
  assert.deepEqual(result, { kind: 'http', status: 502, statusText: 'Bad Gateway', error: null, retryAfter: null });
});

test('a post that gets no answer is a network failure with the error’s message', async () => {
  const failing: FetchLike = async () => {
    throw new TypeError('Failed to fetch');
  };
  assert.deepEqual(await postForm('/supportdesk/add', {}, ticketAnswerSchema, failing), { kind: 'network', message: 'Failed to fetch' });
  const odd: FetchLike = () => Promise.reject('offline');
  assert.deepEqual(await postForm('/supportdesk/add', {}, ticketAnswerSchema, odd), { kind: 'network', message: '' });
});

const NOW = 1_800_000_000_000;
const user = { id: 7, email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

function storage(items: Record<string, unknown>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key in items ? (typeof items[key] === 'string' ? items[key] : JSON.stringify(items[key])) : null) };
}

test('the session token is sent only while a stored user has not expired', () => {
  assert.equal(readSessionToken(storage({ user: { value: user, expiry: NOW + 1 }, token: 'tok-1' }), NOW), 'tok-1');
  assert.equal(readSessionToken(storage({ user: { value: user, expiry: NOW }, token: 'tok-1' }), NOW), null, 'expired');
  assert.equal(readSessionToken(storage({ token: 'tok-1' }), NOW), null, 'a token without a stored user');
  assert.equal(readSessionToken(storage({ user: '{"value":', token: 'tok-1' }), NOW), null, 'a corrupt user');
  assert.equal(readSessionToken(storage({ user: { value: user, expiry: NOW + 1 } }), NOW), null, 'a user without a token');
  assert.equal(readSessionToken(null, NOW), null);
});

test('a token kept inside the stored user (older logins) or JSON-quoted is read too', () => {
  assert.equal(readSessionToken(storage({ user: { value: { ...user, token: 'inner-tok' }, expiry: NOW + 1 } }), NOW), 'inner-tok');
  assert.equal(readSessionToken(storage({ user: { value: { ...user, token: 'inner-tok' }, expiry: NOW + 1 }, token: 'outer-tok' }), NOW), 'outer-tok');
  assert.equal(readSessionToken(storage({ user: { value: user, expiry: NOW + 1 }, token: '"quoted-tok"' }), NOW), 'quoted-tok');
});

test('a stored token that is not a valid Bearer token is not sent (the form still goes out)', () => {
  for (const bad of ['two words', 'line\nbreak', 'caf\u00e9', '"', 'x'.repeat(2049)]) {
    assert.equal(readSessionToken(storage({ user: { value: user, expiry: NOW + 1 }, token: bad }), NOW), null, bad.slice(0, 20));
  }
});

test('storage that throws gives no token', () => {
  const throwing: Pick<Storage, 'getItem'> = {
    getItem: (key) => {
      if (key === 'token') throw new DOMException('The operation is insecure.', 'SecurityError');
      return JSON.stringify({ value: user, expiry: NOW + 1 });
    },
  };
  assert.equal(readSessionToken(throwing, NOW), null);
});
