import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toLoginUser } from './to-login-user.js';

test('the login user keeps phoneNumber as phone and its calling code as phoneCountry, never the token', () => {
  const user = toLoginUser({ id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phoneNumber: '61412345678' });
  assert.deepEqual(user, { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' });
  assert.equal(toLoginUser({ id: '8', email: 'a@b.c', firstName: 'A', lastName: 'B', phoneNumber: '' }).phoneCountry, '+91');
});

test('the account language (issue 17) is kept for the shell to apply; absent in older answers', () => {
  const base = { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phoneNumber: '61412345678' };
  assert.equal(toLoginUser({ ...base, language: 'ta' }).language, 'ta');
  assert.equal('language' in toLoginUser(base), false);
});
