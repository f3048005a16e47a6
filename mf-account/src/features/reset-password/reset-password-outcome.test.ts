import assert from 'node:assert/strict';
import { test } from 'node:test';
import { http, network, ok } from '../../shared/testing/api-results.js';
import { resetPasswordOutcome } from './reset-password-outcome.js';

test('reset password (§8): success, server message or fallback, network; a used link offers a new request', () => {
  assert.deepEqual(resetPasswordOutcome(ok({ message: 'Password reset successfully!' })), { ok: true, text: 'Password reset successfully!', linkInvalid: false });
  assert.deepEqual(resetPasswordOutcome(http(400, { error: 'invalid_reset_token', message: 'This reset link has expired or was already used.' })), {
    ok: false,
    text: 'This reset link has expired or was already used.',
    linkInvalid: true,
  });
  assert.deepEqual(resetPasswordOutcome(http(400, { error: 'validation_failed', message: 'Password must be at least 8 characters', fields: { password: 'Password must be at least 8 characters' } })), {
    ok: false,
    text: 'Password must be at least 8 characters',
    linkInvalid: false,
  });
  for (const reason of ['used', 'expired', 'invalid']) {
    assert.equal(resetPasswordOutcome(http(400, { error: `reset_link_${reason}`, message: 'x' })).linkInvalid, true, reason);
  }
  assert.equal(resetPasswordOutcome(http(400, { error: 'validation_failed', message: 'x', fields: { token: 'The reset link is not valid' } })).linkInvalid, true);
  assert.deepEqual(resetPasswordOutcome(http(500)), { ok: false, text: 'Something went wrong.', linkInvalid: false });
  assert.deepEqual(resetPasswordOutcome(network), { ok: false, text: 'An error occurred. Please try again later.', linkInvalid: false });
});
