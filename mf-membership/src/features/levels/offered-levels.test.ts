import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MEMBERSHIP_LEVELS } from '@tca/contracts';
import { heldMemberships, hiddenReason, holdsActive, offeredLevels } from './offered-levels.js';

const names = (levels: readonly { name: string }[]) => levels.map((level) => level.name);

test('the five levels of spec §9 are offered to someone who holds none', () => {
  assert.deepEqual(names(offeredLevels([])), ['Silver-Single', 'Silver-Family', 'Gold-Student', 'Gold-Single', 'Gold-Family']);
  assert.deepEqual(
    MEMBERSHIP_LEVELS.map((level) => [level.price, level.amt, level.term]),
    [['$10', 10, 'annual'], ['$20', 20, 'annual'], ['$50', 50, 'life-time'], ['$100', 100, 'life-time'], ['$200', 200, 'life-time']],
  );
});

test('an Active level is hidden, Current and Pending requests are hidden, other statuses are not', () => {
  const records = [
    { membershipName: 'Silver-Single', status: 'Active' },
    { membershipName: 'Gold-Student', status: 'pending' },
    { membershipName: 'Gold-Single', status: 'Current' },
    { membershipName: 'Gold-Family', status: 'Rejected' },
    { membershipName: 'Silver-Family', status: 'Expired' },
  ];
  assert.deepEqual(names(offeredLevels(records)), ['Silver-Family', 'Gold-Family']);
  assert.equal(hiddenReason(records, 'Silver-Single'), 'active');
  assert.equal(hiddenReason(records, 'Gold-Student'), 'requested');
  assert.equal(hiddenReason(records, 'Gold-Family'), null);
  assert.equal(holdsActive(records, 'Silver-Single'), true);
  assert.equal(holdsActive(records, 'Gold-Single'), false);
});

test('a level marked not visible is not offered', () => {
  const levels = MEMBERSHIP_LEVELS.map((level) => (level.name === 'Gold-Student' ? { ...level, isVisible: false } : level));
  assert.equal(names(offeredLevels([], levels)).includes('Gold-Student'), false);
});

test('the membership answer may be a list, one record or nothing; odd entries are left out', () => {
  const record = { membershipName: 'Gold-Single', status: 'Active', requestId: 'R-1' };
  assert.deepEqual(heldMemberships([record, null, 3, { membershipName: 5 }]), [{ membershipName: 'Gold-Single', status: 'Active' }]);
  assert.deepEqual(heldMemberships(record), [{ membershipName: 'Gold-Single', status: 'Active' }]);
  assert.deepEqual(heldMemberships(null), []);
  assert.deepEqual(heldMemberships(undefined), []);
});
