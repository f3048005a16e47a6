import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAccept, PASSWORDS_DIFFER, storedPhone } from './accept-rules.js';

const form = { firstName: 'Arun', lastName: 'Kumar', phoneNumber: '+61 412 345 678', password: 'Kolam#2026start', confirmPassword: 'Kolam#2026start' };

test('the phone number is stored as digits: country code and number', () => {
  assert.equal(storedPhone('+61 (0)412-345.678'), '610412345678');
  assert.equal(storedPhone('+61 412 345 678'), '61412345678');
  assert.equal(storedPhone('call me'), 'call me');
});

test('a complete form makes the request the server expects', () => {
  const checked = checkAccept(form, 'tok-123');
  assert.deepEqual(checked, { ok: true, request: { token: 'tok-123', firstName: 'Arun', lastName: 'Kumar', phoneNumber: '61412345678', password: 'Kolam#2026start' } });
});

test('each field says what is wrong, the passwords must match', () => {
  const checked = checkAccept({ firstName: 'A', lastName: '', phoneNumber: '12', password: 'short', confirmPassword: 'other' }, 'tok');
  assert.equal(checked.ok, false);
  if (checked.ok) return;
  assert.deepEqual(Object.keys(checked.errors).sort(), ['confirmPassword', 'firstName', 'lastName', 'password', 'phoneNumber']);
  assert.equal(checked.errors.confirmPassword, PASSWORDS_DIFFER);
  assert.match(checked.errors.phoneNumber ?? '', /too short/);
  const mismatch = checkAccept({ ...form, confirmPassword: 'Kolam#2026starT' }, 'tok');
  assert.deepEqual(mismatch, { ok: false, errors: { confirmPassword: PASSWORDS_DIFFER } });
});
