import assert from 'node:assert/strict';
import { test } from 'node:test';
import { http, network, ok } from '../../shared/testing/api-results.js';
import { changePasswordOutcome, loadFailureDetail } from './profile-outcomes.js';

test('change password (§7/§8): success by the message, else the server message or the fallback', () => {
  assert.deepEqual(changePasswordOutcome(ok({ success: true, message: 'Password updated successfully!' })), { ok: true, text: 'Password changed successfully' });
  assert.deepEqual(changePasswordOutcome(ok({ message: 'Password updated successfully!' })), { ok: true, text: 'Password changed successfully' });
  assert.deepEqual(changePasswordOutcome(ok({ success: false, message: 'Current password is incorrect' })), { ok: false, text: 'Current password is incorrect' });
  assert.deepEqual(changePasswordOutcome(http(400, { error: 'wrong_password', message: 'Current password is incorrect' })), {
    ok: false,
    text: 'Current password is incorrect',
  });
  assert.deepEqual(
    changePasswordOutcome(http(400, { error: 'wrong_current_password', message: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } })),
    { ok: false, text: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } },
  );
  assert.deepEqual(changePasswordOutcome(http(500)), { ok: false, text: 'Failed to change password' });
  assert.deepEqual(changePasswordOutcome(network), { ok: false, text: 'Failed to change password' });
});

test('the profile failure screen names what went wrong', () => {
  assert.equal(loadFailureDetail(http(503, { error: 'unavailable', message: 'Database unavailable' }, null, 'Service Unavailable')), 'Database unavailable (503 Service Unavailable)');
  assert.equal(loadFailureDetail(http(502, null, null, 'Bad Gateway')), 'The server answered 502 Bad Gateway.');
  assert.equal(loadFailureDetail(network), 'No response from the server (Failed to fetch).');
});
