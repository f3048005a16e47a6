import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { SESSION_STORAGE_KEYS } from '@tca/contracts';
import { SESSION_CHANGE_EVENT } from '@tca/ui/session';
import { MemoryStorage } from '@tca/ui/testing/memory-storage';
import { fetchHeld, HELD_FRESH_MS, settledHeld } from './held-memberships.js';

// The browser session store (@tca/ui/session) finds its storage on window when first used.
const localStorage = new MemoryStorage();
Object.assign(globalThis, { window: Object.assign(new EventTarget(), { localStorage }) });

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

test('a token the server no longer accepts is forgotten (the header hears of it) and every level is offered', async () => {
  const calls: string[] = [];
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ value: { id: '7', email: 'anu@example.org', firstName: 'Anu', lastName: 'Raj' }, expiry: Date.now() + 60_000 }));
  localStorage.setItem(SESSION_STORAGE_KEYS.token, 'tok-d');
  let announced = 0;
  window.addEventListener(SESSION_CHANGE_EVENT, () => (announced += 1));
  answering(401, { error: 'session_expired', message: 'Your session has ended.' }, calls);
  assert.deepEqual(await fetchHeld('tok-d', 'anu@example.org', 3_000_000), []);
  assert.equal(localStorage.getItem(SESSION_STORAGE_KEYS.user), null);
  assert.equal(localStorage.getItem(SESSION_STORAGE_KEYS.token), null);
  assert.equal(announced, 1);
});
