import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answering, httpFailure, jsonResponse, type FetchCall } from './api-doubles.js';

test('the recording fetch keeps every request and answers each with a new response', async () => {
  const calls: FetchCall[] = [];
  let made = 0;
  const fetchImpl = answering(() => new Response(`answer ${++made}`), calls);
  const first = await fetchImpl('/a', { method: 'POST', body: '1' });
  const second = await fetchImpl('/b', { method: 'GET' });
  assert.deepEqual(calls, [
    { input: '/a', init: { method: 'POST', body: '1' } },
    { input: '/b', init: { method: 'GET' } },
  ]);
  assert.equal(await first.text(), 'answer 1');
  assert.equal(await second.text(), 'answer 2');
});

test('a JSON answer carries its status, the JSON content type, further headers and the body', async () => {
  const response = jsonResponse(429, { error: 'rate_limited' }, { 'Retry-After': '30' });
  assert.equal(response.status, 429);
  assert.equal(response.headers.get('Content-Type'), 'application/json');
  assert.equal(response.headers.get('Retry-After'), '30');
  assert.deepEqual(await response.json(), { error: 'rate_limited' });
});

test("an HTTP failure reads as callApi's, with no Retry-After unless given", () => {
  assert.deepEqual(httpFailure(502, 'Bad Gateway', null), { kind: 'http', status: 502, statusText: 'Bad Gateway', error: null, retryAfter: null });
  assert.equal(httpFailure(429, 'Too Many Requests', null, '600').retryAfter, '600');
});
