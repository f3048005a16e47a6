import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AUSTRALIAN_STATES, GENDERS, MARITAL_STATUSES } from '@tca/contracts';
import { detailsCatalog } from './messages.js';
import { memberDetails, memberFormDefaults, missingRequiredFields, prefillPhone, requiredFieldsMessage, type MemberFormValues } from './member-form-values.js';

const user = { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phone: '61412345678', phoneCountry: '+61' };

const complete: MemberFormValues = {
  firstName: 'Meera',
  lastName: 'Raman',
  email: 'meera@example.org',
  phoneNumber: '+61 412345678',
  addressLine1: '1 King William St',
  suburb: 'Adelaide',
  stateProvince: 'SA',
  postalCode: '5000',
  profession: 'Engineer',
  dateOfBirth: '1990-04-14',
  gender: 'female',
  maritalStatus: 'married',
  referredBy: '',
};

test('the form starts from the stored user, with the optional fields only when they are valid options', () => {
  const values = memberFormDefaults({ ...user, stateProvince: 'sa', gender: 'Female', maritalStatus: 'engaged', dateOfBirth: '1990-04-14T00:00:00.000Z', suburb: 'Glenelg' });
  assert.equal(values.firstName, 'Meera');
  assert.equal(values.email, 'meera@example.org');
  assert.equal(values.phoneNumber, '+61 412345678');
  assert.equal(values.stateProvince, 'SA');
  assert.equal(values.gender, 'female');
  assert.equal(values.maritalStatus, '');
  assert.equal(values.dateOfBirth, '1990-04-14');
  assert.equal(values.suburb, 'Glenelg');
  assert.equal(values.referredBy, '');
  assert.deepEqual(Object.values(memberFormDefaults(null)).filter(Boolean), []);
});

test('a stored phone of digits reads like the profile shows it; other text is kept', () => {
  assert.equal(prefillPhone('61412345678'), '+61 412345678');
  assert.equal(prefillPhone('+61 412 345 678'), '+61 412 345 678');
  assert.equal(prefillPhone(''), '');
});

test('§5: the required-field message lists what is missing, in the form order; referredBy is optional', () => {
  assert.equal(requiredFieldsMessage(complete), null);
  assert.deepEqual(missingRequiredFields({ ...complete, suburb: '  ', gender: '', firstName: '' }), ['firstName', 'suburb', 'gender']);
  assert.equal(
    requiredFieldsMessage({ ...complete, suburb: '', postalCode: '', maritalStatus: '' }),
    'Please fill in all required fields: Suburb, Postal Code, Marital Status',
  );
  assert.equal(
    requiredFieldsMessage({}),
    'Please fill in all required fields: First Name, Last Name, Email, Phone Number, Address Line 1, Suburb, State, Postal Code, Profession, Date of Birth, Gender, Marital Status',
  );
});

test('the submission uses the session e-mail, drops an empty referredBy and carries the documents', () => {
  const passport = { id: 'doc-1', fileName: 'passport.pdf' };
  const result = memberDetails({ ...complete, email: 'someone-else@example.org', referredBy: '  ' }, { passport, supportingDocuments: [] }, 'meera@example.org');
  assert.equal(result.ok, true);
  if (!result.ok) return;
  assert.equal(result.details.email, 'meera@example.org');
  assert.equal(result.details.referredBy, undefined);
  assert.deepEqual(result.details.passport, passport);
  const referred = memberDetails({ ...complete, referredBy: ' Kumar ' }, { passport: null, supportingDocuments: [] }, 'meera@example.org');
  assert.equal(referred.ok && referred.details.referredBy, 'Kumar');
});

test('values the server would refuse come back as field messages', () => {
  const result = memberDetails({ ...complete, postalCode: '50', stateProvince: 'XX' }, { passport: null, supportingDocuments: [] }, 'meera@example.org');
  assert.equal(result.ok, false);
  assert.deepEqual(!result.ok && result.fields, { postalCode: 'Postal Code must be 4 digits', stateProvince: 'State is required' });
});

test('option values read as words; a state as its name and code', () => {
  const english = detailsCatalog.english;
  for (const value of [...GENDERS, ...MARITAL_STATUSES, ...AUSTRALIAN_STATES]) assert.equal(typeof english[value], 'string', value);
  assert.equal(english.domestic_partnership, 'Domestic partnership');
  assert.equal(english.male, 'Male');
  assert.equal(english.SA, 'South Australia (SA)');
});

test('the form errors follow the server rules; a form with gaps gets the §5 banner, one with bad values a pointer', async () => {
  const { memberFormErrors, invalidFormMessage, CORRECT_FIELDS_TEXT } = await import('./member-form-values.js');
  assert.deepEqual(memberFormErrors(complete, 'meera@example.org'), {});
  assert.deepEqual(memberFormErrors({ ...complete, firstName: ' ', dateOfBirth: '14/04/1990' }, 'meera@example.org'), {
    firstName: 'First Name is required',
    dateOfBirth: 'Date of Birth must be a date',
  });
  assert.equal(invalidFormMessage({ ...complete, firstName: '' }), 'Please fill in all required fields: First Name');
  assert.equal(invalidFormMessage({ ...complete, postalCode: '12' }), CORRECT_FIELDS_TEXT);
});

test('other values the page keeps with the form (the terms box) do not reach the submission', () => {
  const result = memberDetails({ ...complete, terms: true } as MemberFormValues, { passport: null, supportingDocuments: [] }, 'meera@example.org');
  assert.equal(result.ok, true);
  assert.equal(result.ok && 'terms' in result.details, false);
});
