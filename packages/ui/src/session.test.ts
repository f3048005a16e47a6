import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { SESSION_STORAGE_KEYS, SESSION_TTL_MS } from '@tca/contracts';
import { MemoryStorage } from './testing/memory-storage.js';

// The store announces changes on window; node has EventTarget but no window.
Object.assign(globalThis, { window: new EventTarget() });


const { createSessionStore, readLoginSession, readSessionToken, readStoredUser } = await import('./session.js');
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

function stored(expiry: number, token: string | null = 'tok-1', value: unknown = { ...user, id: 7 }) {
  const kept = new MemoryStorage();
  kept.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ value, expiry }));
  if (token !== null) kept.setItem(SESSION_STORAGE_KEYS.token, token);
  return kept;
}

test('an unexpired stored user is read (the id as text); an expired, broken, missing or unreadable one is null', () => {
  assert.equal(readStoredUser(stored(2000), 1000)?.id, '7');
  assert.equal(readStoredUser(stored(1000), 1000), null);
  assert.equal(readStoredUser(stored(2000, 'x', { email: 'no-names' }), 1000), null);
  const broken = new MemoryStorage();
  broken.setItem(SESSION_STORAGE_KEYS.user, '{not json');
  assert.equal(readStoredUser(broken), null);
  assert.equal(readStoredUser(null), null);
  const blocked = { getItem: (): string | null => { throw new Error('SecurityError'); } };
  assert.equal(readStoredUser(blocked), null);
});

test('the token is read only with a stored user and only when it is a valid bearer token', () => {
  assert.equal(readSessionToken(stored(2000), 1000), 'tok-1');
  assert.equal(readSessionToken(stored(2000, '"quoted"'), 1000), 'quoted');
  assert.equal(readSessionToken(stored(2000, 'bad token\n'), 1000), null);
  assert.equal(readSessionToken(stored(500), 1000), null);
  assert.equal(readSessionToken(stored(2000, null, { ...user, token: 'from-user' }), 1000), 'from-user');
  assert.deepEqual(readLoginSession(stored(2000), 1000)?.token, 'tok-1');
  assert.equal(readLoginSession(stored(2000, null), 1000), null);
});
