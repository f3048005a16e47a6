import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contactPrefill, prefillPhone, readStoredUser } from './stored-user.js';

const NOW = 1_800_000_000_000;
const user = { id: 7, email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

function storageWith(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === 'user' ? value : null) };
}

test('a stored user that has not expired is read, with the id as text', () => {
  const read = readStoredUser(storageWith(JSON.stringify({ value: user, expiry: NOW + 1 })), NOW);
  assert.equal(read?.id, '7');
  assert.equal(read?.email, 'meera@example.org');
  assert.equal(read?.phone, '61412345678');
});

test('an expired, corrupt, incomplete or missing stored user is ignored', () => {
  const cases: Array<[string, string | null]> = [
    ['expired', JSON.stringify({ value: user, expiry: NOW })],
    ['not JSON', '{"value":'],
    ['JSON null', 'null'],
    ['a bare string', '"meera"'],
    ['no expiry', JSON.stringify({ value: user })],
    ['expiry as text', JSON.stringify({ value: user, expiry: String(NOW + 1000) })],
    ['no e-mail', JSON.stringify({ value: { ...user, email: undefined }, expiry: NOW + 1000 })],
    ['no value', JSON.stringify({ expiry: NOW + 1000 })],
    ['nothing stored', null],
  ];
  for (const [label, raw] of cases) assert.equal(readStoredUser(storageWith(raw), NOW), null, label);
});

test('storage that cannot be reached means no stored user', () => {
  const throwing: Pick<Storage, 'getItem'> = {
    getItem: () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  };
  assert.equal(readStoredUser(throwing, NOW), null);
  assert.equal(readStoredUser(null, NOW), null);
});

test('the prefilled phone drops its first two characters (spec §5)', () => {
  assert.equal(prefillPhone('61412345678'), '412345678');
  assert.equal(prefillPhone('+61412345678'), '1412345678');
  assert.equal(prefillPhone('6'), '');
  assert.equal(prefillPhone(''), '');
});

test('the contact form is prefilled with first + last name, e-mail and the shortened phone', () => {
  const read = readStoredUser(storageWith(JSON.stringify({ value: user, expiry: NOW + 1 })), NOW);
  assert.deepEqual(contactPrefill(read), { name: 'Meera Raman', senderEmail: 'meera@example.org', phoneNumber: '412345678' });
});

test('without a stored user the contact form starts empty; a user stored without a phone gives an empty phone', () => {
  assert.deepEqual(contactPrefill(null), { name: '', senderEmail: '', phoneNumber: '' });
  const old = readStoredUser(storageWith(JSON.stringify({ value: { id: 1, email: 'a@b.co', firstName: 'Anu', lastName: '' }, expiry: NOW + 1 })), NOW);
  assert.deepEqual(contactPrefill(old), { name: 'Anu', senderEmail: 'a@b.co', phoneNumber: '' });
});
