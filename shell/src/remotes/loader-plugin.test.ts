import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { backoffDelay, fetchWithRetry, RemoteLoadError } from './loader-plugin.js';

// Node's AbortSignal.timeout timers do not hold the event loop open (a browser has no such notion).
const keepAlive = setInterval(() => undefined, 1000);
after(() => clearInterval(keepAlive));

const settings = { timeoutMs: 50, retries: 2, backoffMs: 10 };

/** A fetch that never answers but honours the abort signal, like a server that accepts and hangs. */
function hangingFetch(calls: { count: number }) {
  return (_url: string, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      calls.count += 1;
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
}

test('a server that never answers fails after every attempt timed out', async () => {
  const calls = { count: 0 };
  const started = Date.now();
  await assert.rejects(fetchWithRetry('http://x/mf-manifest.json', {}, settings, hangingFetch(calls)), RemoteLoadError);
  assert.equal(calls.count, 3);
  // 3 × 50 ms time-outs + 10 + 20 ms backoff; generous upper bound, this is not a timing test.
  assert.ok(Date.now() - started >= 150);
});

test('a transient failure is retried and the body handed on', async () => {
  let calls = 0;
  const flaky = async () => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    if (calls === 2) return new Response('busy', { status: 503 });
    return new Response('{"id":"mf_content"}', { status: 200 });
  };
  const response = await fetchWithRetry('http://x/m.json', {}, settings, flaky);
  assert.equal(calls, 3);
  assert.deepEqual(await response.json(), { id: 'mf_content' });
});

test('a 404 is not retried', async () => {
  let calls = 0;
  const missing = async () => {
    calls += 1;
    return new Response('no', { status: 404 });
  };
  await assert.rejects(fetchWithRetry('http://x/m.json', {}, settings, missing), /answered 404/);
  assert.equal(calls, 1);
});

test('a body that stalls after the headers is bounded by the same time-out', async () => {
  const stalled = async (_url: string, init?: RequestInit) => {
    const body = new ReadableStream({
      start(controller) {
        init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
      },
    });
    return new Response(body, { status: 200 });
  };
  await assert.rejects(fetchWithRetry('http://x/m.json', {}, { ...settings, retries: 0 }, stalled), RemoteLoadError);
});

test('backoff doubles from the first delay', () => {
  assert.deepEqual([1, 2, 3].map((attempt) => backoffDelay({ timeoutMs: 1, retries: 3, backoffMs: 300 }, attempt)), [300, 600, 1200]);
});
