import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStorage } from '@tca/ui/testing/memory-storage';
import { DEPENDANTS_TARGET_KEY, dependantsTarget, forgetDependantsTarget, rememberDependantsTarget } from './dependants-target.js';

test('the family form target comes from the navigation state, else from the tab; it needs a user id and a level', () => {
  const storage = new MemoryStorage();
  assert.deepEqual(dependantsTarget({ membershipType: 'Gold-Family', userId: 'R-1' }, storage), { membershipType: 'Gold-Family', userId: 'R-1' });
  assert.equal(dependantsTarget({ membershipType: 'Gold-Family' }, storage), null);
  assert.equal(dependantsTarget({ membershipType: 'Platinum', userId: 'R-1' }, storage), null);
  assert.equal(dependantsTarget(null, storage), null);
  rememberDependantsTarget(storage, { membershipType: 'Silver-Family', userId: 'R-2' });
  assert.deepEqual(dependantsTarget(undefined, storage), { membershipType: 'Silver-Family', userId: 'R-2' });
  forgetDependantsTarget(storage);
  assert.equal(storage.getItem(DEPENDANTS_TARGET_KEY), null);
  storage.setItem(DEPENDANTS_TARGET_KEY, '{broken');
  assert.equal(dependantsTarget(undefined, storage), null);
});
