import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STAFF_ROLES } from '@tca/contracts';
import { checkInvite, formatWhen, toggleRole } from './invite-rules.js';

test('an invitation needs a valid e-mail and at least one role (the server schema)', () => {
  const ok = checkInvite(' Editor@Example.org ', ['editor']);
  assert.equal(ok.ok, true);
  const bad = checkInvite('not-an-email', []);
  assert.equal(bad.ok, false);
  if (!bad.ok) {
    assert.ok(bad.errors.email);
    assert.equal(bad.errors.roles, 'Choose at least one role');
  }
  const noEmail = checkInvite('', ['owner']);
  assert.ok(!noEmail.ok && noEmail.errors.email && noEmail.errors.roles === undefined);
});

test('ticking and unticking keeps the roles once each, in their order', () => {
  assert.deepEqual(toggleRole(['support'], 'owner', true, STAFF_ROLES), ['owner', 'support']);
  assert.deepEqual(toggleRole(['owner', 'support'], 'owner', true, STAFF_ROLES), ['owner', 'support']);
  assert.deepEqual(toggleRole(['owner', 'support'], 'owner', false, STAFF_ROLES), ['support']);
});

test('dates show in Adelaide time; anything else as it came', () => {
  assert.match(formatWhen('2026-11-27T00:00:00.000Z'), /27 Nov 2026/);
  assert.match(formatWhen('2026-11-27T00:00:00.000Z'), /10:30/);
  assert.equal(formatWhen('soon'), 'soon');
});
