import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkoutAnswerSchema } from '@tca/contracts';
import { callApi, isRejectedToken, retryAfterText, tooManyText, type FetchLike } from './api.js';
import { answering, jsonResponse as json, type FetchCall } from './testing/api-doubles.js';

test('a JSON body is POSTed with the bearer token and the answer is parsed', async () => {
  const calls: FetchCall[] = [];
  const result = await callApi('/create-checkout-session', {
    body: { productName: 'Gold-Single' },
    token: 'abc',
    answer: checkoutAnswerSchema,
    fetchImpl: answering(() => json(200, { url: 'https://pay.example/c/1' }), calls),
  });
  assert.deepEqual(result, { kind: 'ok', status: 200, answer: { url: 'https://pay.example/c/1' }, body: { url: 'https://pay.example/c/1' } });
  const headers = new Headers(calls[0]?.init.headers);
  assert.equal(calls[0]?.init.method, 'POST');
  assert.equal(headers.get('Authorization'), 'Bearer abc');
  assert.equal(headers.get('Content-Type'), 'application/json');
  assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), { productName: 'Gold-Single' });
});

test('FormData goes out as it is, with no JSON content type (the browser sets the multipart boundary)', async () => {
  const calls: FetchCall[] = [];
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'passport.pdf');
  await callApi('/membership/documents', { body: form, token: 't', fetchImpl: answering(() => json(201, {}), calls) });
  assert.equal(calls[0]?.init.body, form);
  assert.equal(new Headers(calls[0]?.init.headers).get('Content-Type'), null);
  assert.equal(calls[0]?.init.method, 'POST');
});

test('an unexpected 2xx body keeps answer null; an error body and Retry-After are kept', async () => {
  const odd = await callApi('/checkout-session/x', { answer: checkoutAnswerSchema, fetchImpl: answering(() => json(200, { nope: 1 })) });
  assert.deepEqual(odd, { kind: 'ok', status: 200, answer: null, body: { nope: 1 } });
  const limited = await callApi('/x', { body: {}, fetchImpl: answering(() => json(429, { error: 'rate_limited', message: 'Slow down.' }, { 'Retry-After': '30' })) });
  assert.equal(limited.kind, 'http');
  assert.deepEqual(limited.kind === 'http' && limited.error, { error: 'rate_limited', message: 'Slow down.' });
  assert.equal(limited.kind === 'http' && limited.retryAfter, '30');
  const html = await callApi('/x', { fetchImpl: answering(() => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' })) });
  assert.deepEqual(html, { kind: 'http', status: 502, statusText: 'Bad Gateway', error: null, retryAfter: null });
});

test('a failed fetch, a time-out and a cancel end as network results', async (t) => {
  // AbortSignal.timeout's timer does not keep Node's event loop alive; this interval does, until the test ends.
  const keepAlive = setInterval(() => undefined, 1000);
  t.after(() => clearInterval(keepAlive));
  const refused = await callApi('/x', { fetchImpl: async () => Promise.reject(new TypeError('Failed to fetch')) });
  assert.deepEqual(refused, { kind: 'network', message: 'Failed to fetch' });
  const hanging: FetchLike = (_input, init) =>
    new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
  const timedOut = await callApi('/x', { fetchImpl: hanging, timeoutMs: 20 });
  assert.equal(timedOut.kind, 'network');
  const controller = new AbortController();
  const pending = callApi('/x', { fetchImpl: hanging, signal: controller.signal });
  controller.abort();
  assert.equal((await pending).kind, 'network');
});

test('only a 401 with a session code or no body counts as a rejected token', () => {
  const http = (status: number, error: string | null) =>
    ({ kind: 'http', status, statusText: '', error: error ? { error, message: '' } : null, retryAfter: null }) as const;
  assert.equal(isRejectedToken(http(401, 'session_expired')), true);
  assert.equal(isRejectedToken(http(401, 'unauthorized')), true);
  assert.equal(isRejectedToken(http(401, null)), true);
  assert.equal(isRejectedToken(http(401, 'wrong_current_password')), false);
  assert.equal(isRejectedToken(http(403, 'unauthorized')), false);
  assert.equal(isRejectedToken({ kind: 'network', message: '' }), false);
});

test('a 429 reads as the service message and when to try again', () => {
  const limited = (message: string | null, retryAfter: string | null) =>
    ({ kind: 'http', status: 429, statusText: '', error: message === null ? null : { error: 'rate_limited', message }, retryAfter }) as const;
  assert.equal(tooManyText(limited('Too many checkouts.', '45')), 'Too many checkouts. Please try again in 45 seconds.');
  assert.equal(tooManyText(limited(null, null)), 'Too many attempts.');
});

test('Retry-After in seconds or as a date becomes a sentence; nonsense is ignored', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  assert.equal(retryAfterText('0', now), 'Please try again in a moment.');
  assert.equal(retryAfterText('1', now), 'Please try again in a moment.');
  assert.equal(retryAfterText(' 45 ', now), 'Please try again in 45 seconds.');
  assert.equal(retryAfterText('60', now), 'Please try again in 1 minute.');
  assert.equal(retryAfterText('61', now), 'Please try again in 2 minutes.');
  assert.equal(retryAfterText('3540', now), 'Please try again in 59 minutes.');
  assert.equal(retryAfterText('3600', now), 'Please try again in 1 hour.');
  assert.equal(retryAfterText('7200', now), 'Please try again in 2 hours.');
  assert.equal(retryAfterText('Wed, 25 Nov 2026 10:05:00 GMT', now), 'Please try again in 5 minutes.');
  assert.equal(retryAfterText(new Date(90_000).toUTCString(), 0), 'Please try again in 2 minutes.');
  // A date already past: try again now.
  assert.equal(retryAfterText('Wed, 25 Nov 2026 09:00:00 GMT', now), 'Please try again in a moment.');
  assert.equal(retryAfterText('soon', now), null);
  assert.equal(retryAfterText('', now), null);
  assert.equal(retryAfterText(null, now), null);
});

test('Retry-After in Tamil: the same moments in Tamil sentences, numbers from Intl', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    const now = Date.parse('2026-11-25T10:00:00Z');
    assert.equal(retryAfterText('1', now), 'சிறிது நேரத்தில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('45', now), '45 விநாடிகளில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('60', now), '1 நிமிடத்தில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('61', now), '2 நிமிடங்களில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('3600', now), '1 மணிநேரத்தில் மீண்டும் முயலுங்கள்.');
    assert.equal(retryAfterText('7200', now), '2 மணிநேரங்களில் மீண்டும் முயலுங்கள்.');
    // The service's English message gives way to the kit's Tamil one.
    const failure = { kind: 'http', status: 429, statusText: 'Too Many Requests', error: { error: 'rate_limited', message: 'Too many requests.' }, retryAfter: '120' } as const;
    assert.match(tooManyText(failure), /^மிக அதிகமான முயற்சிகள்\. 2 நிமிடங்களில்/);
  } finally {
    await setLang('en', { remember: false });
  }
  assert.equal(retryAfterText('45'), 'Please try again in 45 seconds.');
});
