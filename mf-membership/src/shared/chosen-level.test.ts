import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStorage } from '@tca/ui/testing/memory-storage';
import { CHOSEN_LEVEL_KEY, chosenLevel, forgetLevel, formsLocation, rememberLevel } from './chosen-level.js';

test('the chosen level comes from the navigation state, then ?level=, then the tab; only known names count', () => {
  const storage = new MemoryStorage();
  const { pathname, search, state } = formsLocation('Gold-Family');
  assert.equal(pathname, '/forms');
  assert.equal(search, '?level=Gold-Family');
  assert.equal(chosenLevel(state, '', storage)?.name, 'Gold-Family');
  // The old site passed the whole level object; only its name is trusted (not its price).
  assert.equal(chosenLevel({ membership: { name: 'Silver-Single', amt: 1 } }, '', storage)?.amt, 10);
  assert.equal(chosenLevel(null, '?level=Silver-Family', storage)?.name, 'Silver-Family');
  assert.equal(chosenLevel(null, '?level=Platinum', storage), null);
  rememberLevel(storage, 'Gold-Student');
  assert.equal(storage.getItem(CHOSEN_LEVEL_KEY), 'Gold-Student');
  assert.equal(chosenLevel(undefined, '', storage)?.name, 'Gold-Student');
  assert.equal(chosenLevel({ membership: { name: 'Nope' } }, '?level=Nope', storage)?.name, 'Gold-Student');
  forgetLevel(storage);
  assert.equal(chosenLevel(undefined, '', storage), null);
  assert.equal(chosenLevel(undefined, '', null), null);
});
