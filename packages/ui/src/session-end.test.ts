import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endSession, FLASH_KEY, setFlash, takeFlash } from './session-end.js';
import { MemoryStorage } from './testing/memory-storage.js';

test('a flash is read once; an unreadable one is dropped; blocked storage is no flash', () => {
  const tab = new MemoryStorage();
  setFlash({ tone: 'success', text: 'Logged out successfully' }, tab);
  assert.deepEqual(takeFlash(tab), { tone: 'success', text: 'Logged out successfully' });
  assert.equal(takeFlash(tab), null);
  assert.equal(tab.length, 0);
  tab.setItem(FLASH_KEY, '{broken');
  assert.equal(takeFlash(tab), null);
  tab.setItem(FLASH_KEY, JSON.stringify({ tone: 'shout', text: 'x' }));
  assert.equal(takeFlash(tab), null);
  assert.equal(takeFlash(null), null);
  const throwing = { getItem: (): string | null => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
  assert.doesNotThrow(() => setFlash({ tone: 'info', text: 'x' }, throwing));
  assert.equal(takeFlash(throwing), null);
});

function ending(token: string | null, answer: () => Promise<Response>) {
  const events: string[] = [];
  const flashStorage = new MemoryStorage();
  const deps = {
    session: { readToken: () => token, clearSession: () => void events.push('cleared') },
    load: (path: string) => void events.push(`load ${path}`),
    flashStorage,
    fetchImpl: async (input: string, init: RequestInit) => {
      events.push(`${init.method} ${input} ${new Headers(init.headers).get('Authorization')}`);
      return answer();
    },
  };
  return { events, flashStorage, deps };
}

test('logout ends the session on the server, then clears the browser, leaves a message and loads /login', async () => {
  const { events, flashStorage, deps } = ending('tok', async () => new Response(null, { status: 204 }));
  await endSession('logout', deps);
  assert.deepEqual(events, ['POST /auth/logout Bearer tok', 'cleared', 'load /login']);
  assert.deepEqual(takeFlash(flashStorage), { tone: 'success', text: 'Logged out successfully' });
});

test('logout still logs the browser out when the server cannot be reached', async () => {
  const { events, flashStorage, deps } = ending('tok', () => Promise.reject(new TypeError('Failed to fetch')));
  await endSession('logout', deps);
  assert.deepEqual(events.slice(1), ['cleared', 'load /login']);
  assert.equal(takeFlash(flashStorage)?.text, 'Logged out successfully');
});

test('a rejected token, or signing out everywhere, logs out without calling the server, each with its message', async () => {
  const rejected = ending('tok', async () => assert.fail('no call expected'));
  await endSession('rejected', rejected.deps);
  assert.deepEqual(rejected.events, ['cleared', 'load /login']);
  assert.deepEqual(takeFlash(rejected.flashStorage), { tone: 'info', text: 'Your session has ended. Please log in again.' });
  const everywhere = ending('tok', async () => assert.fail('no call expected'));
  await endSession('everywhere', everywhere.deps);
  assert.equal(takeFlash(everywhere.flashStorage)?.text, 'Signed out of all devices');
  const none = ending(null, async () => assert.fail('no call expected'));
  await endSession('logout', none.deps);
  assert.deepEqual(none.events, ['cleared', 'load /login']);
});
