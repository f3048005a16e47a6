import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { SESSION_TTL_MS } from '@tca/contracts';

// The store announces changes on window; node has EventTarget but no window.
Object.assign(globalThis, { window: new EventTarget() });

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const { createSessionStore } = await import('./session.js');
const user = { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
});

test('a stored session is kept as { value, expiry } for 24 hours, with the token apart', () => {
  const store = createSessionStore(storage);
  store.storeSession(user, 'tok', 1_000);
  assert.deepEqual(JSON.parse(storage.getItem('user') ?? ''), { value: user, expiry: 1_000 + SESSION_TTL_MS });
  assert.equal(storage.getItem('token'), 'tok');
  assert.deepEqual(store.readUser(2_000), user);
  assert.equal(store.readUser(1_000 + SESSION_TTL_MS), null);
});

test('the 60-second check removes an expired session once and reports it', () => {
  const store = createSessionStore(storage);
  store.storeSession(user, 'tok', 0);
  assert.equal(store.expireIfDue(SESSION_TTL_MS - 1), false);
  assert.equal(store.expireIfDue(SESSION_TTL_MS + 1), true);
  assert.equal(storage.getItem('user'), null);
  assert.equal(storage.getItem('token'), null);
  assert.equal(store.expireIfDue(SESSION_TTL_MS + 2), false);
});

test('a corrupt stored user is treated as no session and cleared by the check', () => {
  storage.setItem('user', '{not json');
  const store = createSessionStore(storage);
  assert.equal(store.readUser(), null);
  assert.equal(store.expireIfDue(), true);
  assert.equal(storage.getItem('user'), null);
});

test('a user stored by the old site (numeric id, no phone) is read with the spec defaults', () => {
  storage.setItem('user', JSON.stringify({ value: { id: 12, email: 'a@b.c', firstName: 'A', lastName: 'B' }, expiry: Date.now() + 1000 }));
  const read = createSessionStore(storage).readUser();
  assert.equal(read?.id, '12');
  assert.equal(read?.phoneCountry, '+91');
});

test('subscribers hear about logins and logouts', () => {
  const store = createSessionStore(storage);
  let heard = 0;
  const unsubscribe = store.subscribe(() => {
    heard += 1;
  });
  store.storeSession(user, 'tok');
  store.clearSession();
  unsubscribe();
  store.storeSession(user, 'tok');
  assert.equal(heard, 2);
});
