import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SESSION_STORAGE_KEYS } from '@tca/contracts';
import { ACCOUNT_FLASH_KEY, endRejectedSession, readLoginSession, readSessionToken, readStoredUser, SESSION_ENDED_TEXT } from './session.js';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const user = { id: 7, email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

function stored(expiry: number, token: string | null = 'tok-1', value: unknown = user) {
  const storage = new MemoryStorage();
  storage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ value, expiry }));
  if (token !== null) storage.setItem(SESSION_STORAGE_KEYS.token, token);
  return storage;
}

test('an unexpired stored user is read (the id as text); an expired, broken or missing one is null', () => {
  assert.equal(readStoredUser(stored(2000), 1000)?.id, '7');
  assert.equal(readStoredUser(stored(1000), 1000), null);
  assert.equal(readStoredUser(stored(2000, 'x', { email: 'no-names' }), 1000), null);
  const broken = new MemoryStorage();
  broken.setItem(SESSION_STORAGE_KEYS.user, '{not json');
  assert.equal(readStoredUser(broken), null);
  assert.equal(readStoredUser(null), null);
  const blocked = { getItem: () => { throw new Error('SecurityError'); } };
  assert.equal(readStoredUser(blocked), null);
});

test('the token is read only with a stored user and only when it is a valid bearer token', () => {
  assert.equal(readSessionToken(stored(2000), 1000), 'tok-1');
  assert.equal(readSessionToken(stored(2000, '"quoted"'), 1000), 'quoted');
  assert.equal(readSessionToken(stored(2000, 'bad token\n'), 1000), null);
  assert.equal(readSessionToken(stored(500), 1000), null);
  assert.deepEqual(readLoginSession(stored(2000), 1000)?.token, 'tok-1');
  assert.equal(readLoginSession(stored(2000, null), 1000), null);
});

test('a rejected session is forgotten, the login page gets its message, and /login loads', () => {
  const storage = stored(Date.now() + 60_000);
  const flash = new MemoryStorage();
  const loaded: string[] = [];
  let announced = 0;
  endRejectedSession({ storage, flashStorage: flash, load: (path) => loaded.push(path), announce: () => announced++ });
  assert.equal(storage.getItem(SESSION_STORAGE_KEYS.user), null);
  assert.equal(storage.getItem(SESSION_STORAGE_KEYS.token), null);
  assert.deepEqual(JSON.parse(flash.getItem(ACCOUNT_FLASH_KEY) ?? 'null'), { tone: 'info', text: SESSION_ENDED_TEXT });
  assert.deepEqual(loaded, ['/login']);
  assert.equal(announced, 1);
});

test('a rejected session can also be forgotten without leaving the page', async () => {
  const { forgetRejectedSession } = await import('./session.js');
  const storage = stored(Date.now() + 60_000);
  let announced = 0;
  forgetRejectedSession(storage, () => announced++);
  assert.equal(readStoredUser(storage), null);
  assert.equal(storage.getItem(SESSION_STORAGE_KEYS.token), null);
  assert.equal(announced, 1);
});
