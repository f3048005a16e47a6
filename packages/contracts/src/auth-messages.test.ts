import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MEMBERSHIP_STATUSES, PASSWORD_MIN_LENGTH, PASSWORD_RESET_MESSAGE, PASSWORD_UPDATED_MESSAGE } from './auth-messages.js';

test('§9 password minimum; §8 and §7 texts word for word', () => {
  assert.equal(PASSWORD_MIN_LENGTH, 8);
  assert.equal(PASSWORD_RESET_MESSAGE, 'Password reset successfully!');
  // §7: the browser treats a change as done when `message` equals this text.
  assert.equal(PASSWORD_UPDATED_MESSAGE, 'Password updated successfully!');
});

test('§3/§4 statuses: Active, Current and Pending, and the ones beyond the spec', () => {
  for (const status of ['Active', 'Current', 'Pending']) assert.ok((MEMBERSHIP_STATUSES as readonly string[]).includes(status), status);
  assert.deepEqual([...MEMBERSHIP_STATUSES], ['Active', 'Pending', 'Current', 'Rejected', 'Expired', 'Cancelled']);
});
