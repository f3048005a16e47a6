import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loginAnswerSchema } from '@tca/contracts';
import { callApi, isRejectedToken, type FetchLike } from './api.js';

interface Call {
  input: string;
  init: RequestInit;
}

function answering(response: () => Response | Promise<Response>, calls: Call[] = []): FetchLike {
  return async (input, init) => {
    calls.push({ input, init });
    return response();
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const answer = { token: 't0k', user: { id: '1', email: 'a@b.co', firstName: 'A', lastName: 'B', phoneNumber: '61412345678' }, expiresAt: '2026-01-02T00:00:00Z' };

test('a body is POSTed as JSON with the bearer token; the answer is parsed', async () => {
  const calls: Call[] = [];
  const result = await callApi('/auth/login', { body: { email: 'a@b.co' }, token: 'abc', answer: loginAnswerSchema, fetchImpl: answering(() => json(200, answer), calls) });
  assert.equal(result.kind, 'ok');
  assert.deepEqual(result.kind === 'ok' && result.answer, answer);
  const headers = new Headers(calls[0]?.init.headers);
  assert.equal(calls[0]?.init.method, 'POST');
  assert.equal(headers.get('Authorization'), 'Bearer abc');
  assert.equal(headers.get('Content-Type'), 'application/json');
  assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), { email: 'a@b.co' });
});

test('without a body it is a GET with no content type and no token when none is given', async () => {
  const calls: Call[] = [];
  const result = await callApi('/email/mine', { fetchImpl: answering(() => json(200, [1, 2]), calls) });
  assert.deepEqual(result, { kind: 'ok', status: 200, answer: null, body: [1, 2] });
  const headers = new Headers(calls[0]?.init.headers);
  assert.equal(calls[0]?.init.method, 'GET');
  assert.equal(headers.get('Authorization'), null);
  assert.equal(headers.get('Content-Type'), null);
  assert.equal(calls[0]?.init.body, undefined);
});

test('a 2xx that is not the expected shape keeps its body; an empty body reads as null', async () => {
  const odd = await callApi('/auth/login', { body: {}, answer: loginAnswerSchema, fetchImpl: answering(() => json(200, { hello: 1 })) });
  assert.deepEqual(odd, { kind: 'ok', status: 200, answer: null, body: { hello: 1 } });
  const empty = await callApi('/auth/logout', { method: 'POST', fetchImpl: answering(() => new Response(null, { status: 204 })) });
  assert.deepEqual(empty, { kind: 'ok', status: 204, answer: null, body: null });
});

test('an error answer carries the service error and Retry-After', async () => {
  const result = await callApi('/auth/login', {
    body: {},
    fetchImpl: answering(() => json(429, { error: 'rate_limited', message: 'Too many attempts.' }, { 'Retry-After': '30' })),
  });
  assert.deepEqual(result, {
    kind: 'http',
    status: 429,
    statusText: '',
    error: { error: 'rate_limited', message: 'Too many attempts.' },
    retryAfter: '30',
  });
  const html = await callApi('/auth/login', { body: {}, fetchImpl: answering(() => new Response('<h1>Bad gateway</h1>', { status: 502 })) });
  assert.equal(html.kind === 'http' && html.error, null);
});

test('no answer at all is a network result, including a time-out', async () => {
  const refused = await callApi('/auth/login', { body: {}, fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')) });
  assert.deepEqual(refused, { kind: 'network', message: 'Failed to fetch' });
  // A server that never answers. AbortSignal.timeout's timer does not hold Node's event loop open, so this does.
  const hanging: FetchLike = (_input, init) =>
    new Promise((_resolve, reject) => {
      const keepAlive = setInterval(() => undefined, 1000);
      init.signal?.addEventListener('abort', () => {
        clearInterval(keepAlive);
        reject(init.signal?.reason as Error);
      });
    });
  const timedOut = await callApi('/auth/login', { body: {}, fetchImpl: hanging, timeoutMs: 20 });
  assert.equal(timedOut.kind, 'network');
});

test('only a 401 about the session counts as a token the server no longer accepts', () => {
  const http = (status: number, error: string | null) =>
    ({ kind: 'http', status, statusText: '', error: error === null ? null : { error, message: 'x' }, retryAfter: null }) as const;
  assert.equal(isRejectedToken(http(401, 'session_expired')), true);
  assert.equal(isRejectedToken(http(401, 'unauthorized')), true);
  assert.equal(isRejectedToken(http(401, null)), true);
  assert.equal(isRejectedToken(http(401, 'invalid_credentials')), false);
  assert.equal(isRejectedToken(http(403, 'forbidden')), false);
  assert.equal(isRejectedToken(http(500, null)), false);
  assert.equal(isRejectedToken({ kind: 'network', message: '' }), false);
  assert.equal(isRejectedToken({ kind: 'ok', status: 200, answer: null, body: null }), false);
});
