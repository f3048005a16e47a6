import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  AUSTRALIAN_STATES,
  CHILD_REQUIRED_MESSAGE,
  CHILD_ROWS,
  CURRENCY,
  DEMO_PRODUCT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  GENDERS,
  isValidPersonName,
  MARITAL_STATUSES,
  MEMBER_FIELD_LABELS,
  MEMBERSHIP_LEVEL_NAMES,
  MEMBERSHIP_LEVELS,
  membershipLevel,
  missingFieldsMessage,
  SPOUSE_AGE_MESSAGE,
  SPOUSE_NAME_MESSAGE,
  SUBMISSION_NOT_ALLOWED,
  type MemberRequiredField,
} from './membership-rules.js';
import { PROPERTY_RUNS } from './testing/schema-checks.js';

/** Spec §9 (levels, option lists, the demo product), §5 (member and family messages), §8 (Submission Not Allowed). */

test('§9: the five levels, in order, with their AUD prices and terms', () => {
  assert.deepEqual(
    MEMBERSHIP_LEVELS.map(({ name, price, amt, term }) => ({ name, price, amt, term })),
    [
      { name: 'Silver-Single', price: '$10', amt: 10, term: 'annual' },
      { name: 'Silver-Family', price: '$20', amt: 20, term: 'annual' },
      { name: 'Gold-Student', price: '$50', amt: 50, term: 'life-time' },
      { name: 'Gold-Single', price: '$100', amt: 100, term: 'life-time' },
      { name: 'Gold-Family', price: '$200', amt: 200, term: 'life-time' },
    ],
  );
  assert.deepEqual(MEMBERSHIP_LEVEL_NAMES, ['Silver-Single', 'Silver-Family', 'Gold-Student', 'Gold-Single', 'Gold-Family']);
  assert.equal(CURRENCY, 'aud');
});

test('§3 level fields: the type is the name\'s first word, the price text is the amount, family only for the two family levels, all visible', () => {
  for (const level of MEMBERSHIP_LEVELS) {
    assert.equal(level.type, level.name.split('-')[0], level.name);
    assert.equal(level.price, `$${level.amt}`, level.name);
    assert.equal(level.family, level.name.endsWith('-Family'), level.name);
    assert.equal(level.isVisible, true, level.name);
    assert.ok(level.benefits.length > 0, `${level.name} lists its benefits`);
    assert.match(level.gradient, /gradient\(/, level.name);
  }
  // §9's example benefit.
  assert.ok(membershipLevel('Silver-Single')?.benefits.includes('25% discount on event tickets'));
});

test('membershipLevel finds a level by its exact name only', () => {
  assert.equal(membershipLevel('Gold-Family')?.amt, 200);
  for (const name of ['gold-family', 'Gold Family', 'Gold', '', 'Platinum-Single']) assert.equal(membershipLevel(name), undefined, name);
});

test('§2.3/§9 demo product: Stubborn Attachments, 20 dollars, quantity 1; never a membership level', () => {
  assert.deepEqual(DEMO_PRODUCT, { name: 'Stubborn Attachments', amt: 20, quantity: 1 });
  assert.equal(membershipLevel(DEMO_PRODUCT.name), undefined);
});

test('§9 option lists', () => {
  assert.deepEqual(AUSTRALIAN_STATES, ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);
  assert.deepEqual(GENDERS, ['male', 'female', 'other']);
  assert.deepEqual(MARITAL_STATUSES, ['single', 'married', 'divorced', 'widowed', 'separated', 'domestic_partnership', 'civil_union']);
});

test('§5 member details: the twelve required fields, and the list message in their order', () => {
  assert.deepEqual(Object.keys(MEMBER_FIELD_LABELS), [
    'firstName',
    'lastName',
    'email',
    'phoneNumber',
    'addressLine1',
    'suburb',
    'stateProvince',
    'postalCode',
    'profession',
    'dateOfBirth',
    'gender',
    'maritalStatus',
  ]);
  assert.equal(missingFieldsMessage(['firstName']), 'Please fill in all required fields: First Name');
  assert.equal(missingFieldsMessage(['suburb', 'gender', 'dateOfBirth']), 'Please fill in all required fields: Suburb, Gender, Date of Birth');
  assert.equal(
    missingFieldsMessage(Object.keys(MEMBER_FIELD_LABELS) as MemberRequiredField[]),
    'Please fill in all required fields: First Name, Last Name, Email, Phone Number, Address Line 1, Suburb, State, Postal Code, Profession, Date of Birth, Gender, Marital Status',
  );
});

test('property: the list message names each missing field once, in the order given', () => {
  const fields = Object.keys(MEMBER_FIELD_LABELS) as MemberRequiredField[];
  fc.assert(
    fc.property(fc.shuffledSubarray(fields, { minLength: 1 }), (missing) => {
      const prefix = 'Please fill in all required fields: ';
      const message = missingFieldsMessage(missing);
      return message.startsWith(prefix) && message.slice(prefix.length) === missing.map((field) => MEMBER_FIELD_LABELS[field]).join(', ');
    }),
    PROPERTY_RUNS,
  );
});

test('§5 family messages and §9 rows, word for word', () => {
  assert.equal(SPOUSE_NAME_MESSAGE, 'Please enter a valid spouse name (at least 2 characters, letters only).');
  assert.equal(SPOUSE_AGE_MESSAGE, 'Please enter a valid spouse age (0-120).');
  assert.equal(CHILD_REQUIRED_MESSAGE, 'Please include at least one child under 18 for Silver/Gold Family membership.');
  assert.equal(CHILD_ROWS, 3);
});

test('§8 Submission Not Allowed', () => {
  assert.equal(SUBMISSION_NOT_ALLOWED.title, 'Submission Not Allowed');
  assert.equal(SUBMISSION_NOT_ALLOWED.message, 'A membership request has already been submitted with this email address.');
});

test('documents: PDF, JPEG or PNG up to 5 MB', () => {
  assert.deepEqual([...DOCUMENT_TYPES], ['application/pdf', 'image/jpeg', 'image/png']);
  assert.equal(DOCUMENT_MAX_BYTES, 5 * 1024 * 1024);
});

// ---------------------------------------------------------------------------------------------
// §5 "at least 2 characters, letters and spaces only" (spouse and children)
// ---------------------------------------------------------------------------------------------

/** Letters of the Basic Multilingual Plane: Latin, accented Latin, Tamil (with its vowel signs, Unicode marks), Greek. */
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüñçøÅ', 'அ', 'ம', 'மீ', 'னா', 'கு', 'Ω', 'λ');
const word = (minLength: number) => fc.array(letter, { minLength, maxLength: 12 }).map((letters) => letters.join(''));

test('names: examples', () => {
  for (const name of ['Li', 'Anu Raman', 'மீனா', 'José', '  Ravi  ', 'Mary Anne Smith']) assert.equal(isValidPersonName(name), true, name);
  for (const name of ['', ' ', 'A', ' A ', 'R2', 'Anu-Raman', "O'Neil", 'Anu.', '12', 'Anu\tRaman', 'Anu_Raman']) assert.equal(isValidPersonName(name), false, JSON.stringify(name));
});

test('property: any string of letters, 2 or more, is a valid person name, also with spaces between words and around', () => {
  fc.assert(fc.property(word(2), (name) => isValidPersonName(name)), PROPERTY_RUNS);
  fc.assert(
    fc.property(fc.array(word(1), { minLength: 2, maxLength: 4 }), fc.nat(3), fc.nat(3), (words, before, after) =>
      isValidPersonName(`${' '.repeat(before)}${words.join(' ')}${' '.repeat(after)}`),
    ),
    PROPERTY_RUNS,
  );
});

test('property: a name with a digit (any script\'s) is never valid', () => {
  const digit = fc.constantFrom(...'0123456789', '௧', '٣', '७');
  fc.assert(fc.property(word(0), digit, word(0), (before, d, after) => !isValidPersonName(`${before}${d}${after}`)), PROPERTY_RUNS);
});

test('property: punctuation or symbols make a name invalid; one letter alone is too short', () => {
  const other = fc.constantFrom(...'-\'._,;:!?@#$%&*()/\\"+=<>[]{}|~`^', '\t', '\n', '😀');
  fc.assert(fc.property(word(1), other, word(1), (before, o, after) => !isValidPersonName(`${before}${o}${after}`)), PROPERTY_RUNS);
  fc.assert(fc.property(fc.constantFrom(...'abcxyzABCXYZ', 'அ', 'ம', 'Ω'), fc.nat(3), (one, pad) => !isValidPersonName(`${' '.repeat(pad)}${one}${' '.repeat(pad)}`)), PROPERTY_RUNS);
});
