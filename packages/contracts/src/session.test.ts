import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLoginUser } from './session.js';

const user = { id: '7', email: 'anu@example.org', firstName: 'Anu', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

test('a stored user is read as it was stored', () => {
  assert.deepEqual(parseLoginUser(user), user);
  assert.deepEqual(parseLoginUser({ ...user, gender: 'Female', suburb: 'Norwood' }), { ...user, gender: 'Female', suburb: 'Norwood' });
});

test('a numeric id becomes a string; a missing phone and calling code get their defaults; other keys are dropped', () => {
  assert.deepEqual(parseLoginUser({ id: 12, email: 'a@b.co', firstName: 'A', lastName: 'B', role: 'admin' }), {
    id: '12',
    email: 'a@b.co',
    firstName: 'A',
    lastName: 'B',
    phone: '',
    phoneCountry: '+91',
  });
});

test('anything else is not a user', () => {
  const cases: Array<[string, unknown]> = [
    ['null', null],
    ['a string', 'user'],
    ['an array', [user]],
    ['no id', { ...user, id: undefined }],
    ['an id that is not a finite number', { ...user, id: Number.NaN }],
    ['an object id', { ...user, id: { $gt: '' } }],
    ['no e-mail', { ...user, email: undefined }],
    ['a numeric first name', { ...user, firstName: 1 }],
    ['a null last name', { ...user, lastName: null }],
    ['a numeric phone', { ...user, phone: 61412345678 }],
    ['an optional field of the wrong type', { ...user, dateOfBirth: 19900101 }],
  ];
  for (const [label, value] of cases) assert.equal(parseLoginUser(value), null, label);
});

test('the account language (issue 17) is kept when it is en or ta, and dropped (not the user) otherwise', () => {
  const base = { id: '7', email: 'a@example.org', firstName: 'Anbu', lastName: 'Selvan', phone: '', phoneCountry: '+61' };
  assert.equal(parseLoginUser({ ...base, language: 'ta' })?.language, 'ta');
  assert.equal(parseLoginUser({ ...base, language: 'en' })?.language, 'en');
  assert.deepEqual(parseLoginUser({ ...base, language: 'fr' }), base);
  assert.deepEqual(parseLoginUser({ ...base, language: 1 }), base);
});
