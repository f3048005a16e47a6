import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { fetchHeld, HELD_FRESH_MS, settledHeld } from './held-memberships.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answering(status: number, body: unknown, calls: string[]) {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)} ${String(init?.body ?? '')}`);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

test("one lookup serves the page's prepare and its first render", async () => {
  const calls: string[] = [];
  answering(200, [{ membershipName: 'Silver-Single', status: 'Active', other: 1 }], calls);
  const now = 1_000_000;
  const first = fetchHeld('tok-a', 'anu@example.org', now);
  assert.equal(settledHeld('tok-a', now), undefined, 'not settled yet');
  const again = fetchHeld('tok-a', 'anu@example.org', now + 10);
  assert.equal(again, first);
  assert.deepEqual(await first, [{ membershipName: 'Silver-Single', status: 'Active' }]);
  await Promise.resolve();
  assert.deepEqual(settledHeld('tok-a', now + 20), [{ membershipName: 'Silver-Single', status: 'Active' }]);
  assert.equal(settledHeld('tok-b', now + 20), undefined, 'another member');
  assert.equal(settledHeld('tok-a', now + HELD_FRESH_MS), undefined, 'too old');
  assert.deepEqual(calls, ['POST /membership/get {"email":"anu@example.org"}']);
});

test('a failed lookup offers every level', async () => {
  const calls: string[] = [];
  answering(503, { error: 'unavailable', message: 'Try later' }, calls);
  assert.deepEqual(await fetchHeld('tok-c', null, 2_000_000), []);
  assert.deepEqual(calls, ['POST /membership/get {}']);
});
