import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FetchLike } from '../lib/api.js';
import { takeFlash } from './flash.js';
import { endSession } from './logout.js';

function memory(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

function harness(token: string | null, fetchImpl: FetchLike) {
  const events: string[] = [];
  const flashStorage = memory();
  const deps = {
    session: {
      readToken: () => token,
      clearSession: () => void events.push('cleared'),
    },
    load: (path: string) => void events.push(`load ${path}`),
    flashStorage,
    fetchImpl: async (input: string, init: RequestInit) => {
      events.push(`${init.method} ${input} ${new Headers(init.headers).get('Authorization')}`);
      return fetchImpl(input, init);
    },
  };
  return { events, flashStorage, deps };
}

test('logout ends the session on the server, then clears the browser, leaves a message and loads /login', async () => {
  const { events, flashStorage, deps } = harness('tok', async () => new Response(null, { status: 204 }));
  await endSession('logout', deps);
  assert.deepEqual(events, ['POST /auth/logout Bearer tok', 'cleared', 'load /login']);
  assert.deepEqual(takeFlash(flashStorage), { tone: 'success', text: 'Logged out successfully' });
});

test('logout still logs the browser out when the server cannot be reached', async () => {
  const { events, flashStorage, deps } = harness('tok', () => Promise.reject(new TypeError('Failed to fetch')));
  await endSession('logout', deps);
  assert.deepEqual(events.slice(1), ['cleared', 'load /login']);
  assert.equal(takeFlash(flashStorage)?.text, 'Logged out successfully');
});

test('a rejected token logs out the same way without calling the server, with its own message', async () => {
  const { events, flashStorage, deps } = harness('tok', async () => assert.fail('no call expected'));
  await endSession('rejected', deps);
  assert.deepEqual(events, ['cleared', 'load /login']);
  assert.deepEqual(takeFlash(flashStorage), { tone: 'info', text: 'Your session has ended. Please log in again.' });
});

test('after signing out everywhere the browser is logged out with that message', async () => {
  const { events, flashStorage, deps } = harness('tok', async () => assert.fail('no call expected'));
  await endSession('everywhere', deps);
  assert.deepEqual(events, ['cleared', 'load /login']);
  assert.equal(takeFlash(flashStorage)?.text, 'Signed out of all devices');
});

test('without a token there is nothing to end on the server', async () => {
  const { events, deps } = harness(null, async () => assert.fail('no call expected'));
  await endSession('logout', deps);
  assert.deepEqual(events, ['cleared', 'load /login']);
});
