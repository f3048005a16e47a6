import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FLASH_KEY, setFlash, takeFlash } from './flash.js';

function memory(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

test('a flash is read once', () => {
  const storage = memory();
  setFlash(storage, { tone: 'success', text: 'Logged out successfully' });
  assert.deepEqual(takeFlash(storage), { tone: 'success', text: 'Logged out successfully' });
  assert.equal(takeFlash(storage), null);
  assert.equal(storage.items.size, 0);
});

test('an unreadable flash is dropped; unavailable storage is no flash', () => {
  const storage = memory();
  storage.setItem(FLASH_KEY, '{broken');
  assert.equal(takeFlash(storage), null);
  assert.equal(storage.items.size, 0);
  storage.setItem(FLASH_KEY, JSON.stringify({ tone: 'shout', text: 'x' }));
  assert.equal(takeFlash(storage), null);
  assert.equal(takeFlash(null), null);
  const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
  assert.doesNotThrow(() => setFlash(throwing, { tone: 'info', text: 'x' }));
  assert.equal(takeFlash(throwing), null);
});
