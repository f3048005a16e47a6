import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readStoredUser } from '@tca/ui/session';
import { contactPrefill, prefillPhone } from './contact-prefill.js';

const NOW = 1_800_000_000_000;
const user = { id: 7, email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

function storageWith(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === 'user' ? value : null) };
}

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
