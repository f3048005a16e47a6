import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countryOptions, DEFAULT_PHONE_COUNTRY, formatProfilePhone, phoneCountryCode, phoneProblem, toStoredPhone } from './phone.js';

test('the country picker lists every country by name with its code, Australia the default', () => {
  const options = countryOptions();
  assert.ok(options.length > 200);
  assert.equal(DEFAULT_PHONE_COUNTRY, 'AU');
  assert.deepEqual(
    options.find((option) => option.country === 'AU'),
    { country: 'AU', callingCode: '+61', label: 'Australia (+61)' },
  );
  const labels = options.map((option) => option.label);
  assert.deepEqual(labels, [...labels].sort((a, b) => a.localeCompare(b, 'en')));
  assert.equal(new Set(options.map((option) => option.country)).size, options.length);
});

test('a number is checked against its country', () => {
  assert.equal(phoneProblem('0412 345 678', 'AU'), null);
  assert.equal(phoneProblem('412345678', 'AU'), null);
  assert.equal(phoneProblem('9876543210', 'IN'), null);
  assert.equal(phoneProblem('0812345678', 'AU'), 'Please enter a valid phone number for Australia');
  assert.equal(phoneProblem('9876543210', 'AU'), 'Please enter a valid phone number for Australia');
  assert.equal(phoneProblem('5550123456', 'US'), 'Please enter a valid phone number for United States');
  assert.equal(phoneProblem('0412345678', 'ZZ'), 'Please choose a country');
});

test('the stored form is the country code digits then the national number, no plus and no trunk 0', () => {
  assert.equal(toStoredPhone('0412 345 678', 'AU'), '61412345678');
  assert.equal(toStoredPhone('(04) 1234-5678', 'AU'), '61412345678');
  assert.equal(toStoredPhone('98765 43210', 'IN'), '919876543210');
  assert.equal(toStoredPhone('202-555-0123', 'US'), '12025550123');
  // Typed with its own code: that code wins.
  assert.equal(toStoredPhone('+91 98765 43210', 'AU'), '919876543210');
  assert.equal(toStoredPhone('12345', 'AU'), null);
  assert.equal(toStoredPhone('0412345678', 'XX'), null);
});

test('the profile shows a plus, the first two digits, a space and the rest (spec §2.3)', () => {
  assert.equal(formatProfilePhone('61412345678'), '+61 412345678');
  assert.equal(formatProfilePhone('919876543210'), '+91 9876543210');
  // The rule as written, even where the code has one digit.
  assert.equal(formatProfilePhone('12025550123'), '+12 025550123');
  assert.equal(formatProfilePhone('+61412345678'), '+61 412345678');
  assert.equal(formatProfilePhone('61'), '+61');
  assert.equal(formatProfilePhone(''), '');
  assert.equal(formatProfilePhone('0412 345 678'), '0412 345 678');
});

test('the calling code is derived from the stored digits, else the spec default +91', () => {
  assert.equal(phoneCountryCode('61412345678'), '+61');
  assert.equal(phoneCountryCode('12025550123'), '+1');
  assert.equal(phoneCountryCode('447700900123'), '+44');
  assert.equal(phoneCountryCode('919876543210'), '+91');
  assert.equal(phoneCountryCode(''), '+91');
  assert.equal(phoneCountryCode('not a number'), '+91');
});
