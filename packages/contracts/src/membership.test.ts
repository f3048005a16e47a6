import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  CHILD_REQUIRED_MESSAGE,
  checkoutAnswerSchema,
  createMembershipRequestSchema,
  demoCheckoutRequestSchema,
  DEMO_PRODUCT,
  dependantsRequestSchema,
  documentRefSchema,
  documentUploadAnswerSchema,
  eligibilityAnswerSchema,
  MEMBER_FIELD_LABELS,
  memberDetailsSchema,
  MEMBERSHIP_LEVELS,
  membershipCheckoutRequestSchema,
  missingFieldsMessage,
  SERVICE_TOKEN_HEADER,
  sessionLookupAnswerSchema,
  SPOUSE_AGE_MESSAGE,
  SPOUSE_NAME_MESSAGE,
  type MemberRequiredField,
} from './membership.js';
import { accepts, problemAt, problems, PROPERTY_RUNS } from './testing/schema-checks.js';
import { assertRefusesUnstorableText } from './testing/unstorable-text.js';

/** Spec §5 member and family details, §3 submission and dependants, §7 checkout calls, as membership.ts implements them. */

const details = {
  firstName: 'Meera',
  lastName: 'Raman',
  email: 'meera@example.org',
  phoneNumber: '61412345678',
  addressLine1: '1 King William St',
  suburb: 'Adelaide',
  stateProvince: 'SA',
  postalCode: '5000',
  profession: 'Teacher',
  dateOfBirth: '1990-05-04',
  gender: 'female',
  maritalStatus: 'married',
};
const REQUIRED = Object.keys(MEMBER_FIELD_LABELS) as MemberRequiredField[];

describe('member details (§5)', () => {
  test('a complete form passes; referredBy is optional; no documents means passport null and an empty list', () => {
    assert.deepEqual(memberDetailsSchema.parse(details), { ...details, passport: null, supportingDocuments: [] });
    assert.equal(memberDetailsSchema.parse({ ...details, referredBy: 'Anu' }).referredBy, 'Anu');
  });

  test('each required field left empty gives "<label> is required"; together they make the §5 list message', () => {
    for (const field of REQUIRED) {
      assert.deepEqual(problems(memberDetailsSchema, { ...details, [field]: '' }), { [field]: `${MEMBER_FIELD_LABELS[field]} is required` }, field);
      assert.deepEqual(problems(memberDetailsSchema, { ...details, [field]: '   ' }), { [field]: `${MEMBER_FIELD_LABELS[field]} is required` }, `${field} blank`);
    }
    const empty = Object.fromEntries(REQUIRED.map((field) => [field, '']));
    const found = problems(memberDetailsSchema, empty);
    assert.deepEqual(Object.keys(found), REQUIRED);
    assert.deepEqual(Object.values(found), REQUIRED.map((field) => `${MEMBER_FIELD_LABELS[field]} is required`));
    assert.equal(
      missingFieldsMessage(Object.keys(found) as MemberRequiredField[]),
      'Please fill in all required fields: First Name, Last Name, Email, Phone Number, Address Line 1, Suburb, State, Postal Code, Profession, Date of Birth, Gender, Marital Status',
    );
  });

  test('property: any set of emptied required fields is reported exactly, in form order', () => {
    fc.assert(
      fc.property(fc.subarray(REQUIRED), (emptied) => {
        const found = problems(memberDetailsSchema, { ...details, ...Object.fromEntries(emptied.map((field) => [field, ''])) });
        return JSON.stringify(Object.keys(found)) === JSON.stringify(emptied);
      }),
      PROPERTY_RUNS,
    );
  });

  test('the option lists: a state, gender or marital status not on §9\'s lists is refused with the field\'s message', () => {
    assert.equal(problemAt(memberDetailsSchema, { ...details, stateProvince: 'Victoria' }, 'stateProvince'), 'State is required');
    assert.equal(problemAt(memberDetailsSchema, { ...details, gender: 'Female' }, 'gender'), 'Gender is required');
    assert.equal(problemAt(memberDetailsSchema, { ...details, maritalStatus: 'engaged' }, 'maritalStatus'), 'Marital Status is required');
  });

  test('formats beyond §5: an e-mail address, a 4-digit postcode, a YYYY-MM-DD date, upper bounds', () => {
    assert.equal(problemAt(memberDetailsSchema, { ...details, email: 'meera' }, 'email'), 'Invalid email format');
    for (const postalCode of ['500', '50000', 'SA50']) assert.equal(problemAt(memberDetailsSchema, { ...details, postalCode }, 'postalCode'), 'Postal Code must be 4 digits', postalCode);
    for (const dateOfBirth of ['04/05/1990', '1990-5-4', 'yesterday']) assert.equal(problemAt(memberDetailsSchema, { ...details, dateOfBirth }, 'dateOfBirth'), 'Date of Birth must be a date', dateOfBirth);
    assert.equal(problemAt(memberDetailsSchema, { ...details, firstName: 'M'.repeat(101) }, 'firstName'), 'First Name is too long');
    assert.equal(problemAt(memberDetailsSchema, { ...details, addressLine1: 'a'.repeat(201) }, 'addressLine1'), 'Address Line 1 is too long');
    assert.equal(problemAt(memberDetailsSchema, { ...details, referredBy: 'a'.repeat(201) }, 'referredBy'), 'Referred by is too long');
  });

  test('documents: references of stored uploads, a passport or null, at most 5 supporting documents', () => {
    const doc = { id: 'doc_1', fileName: 'passport.pdf' };
    assert.deepEqual(memberDetailsSchema.parse({ ...details, passport: doc, supportingDocuments: [doc] }).passport, doc);
    const six = Array.from({ length: 6 }, (_, i) => ({ id: `doc_${i}`, fileName: `${i}.pdf` }));
    assert.equal(problemAt(memberDetailsSchema, { ...details, supportingDocuments: six }, 'supportingDocuments'), 'At most 5 supporting documents');
    assert.equal(accepts(documentRefSchema, { id: '', fileName: 'a.pdf' }), false);
    assert.equal(accepts(documentRefSchema, { id: 'doc', fileName: 'a.pdf', path: '/etc/passwd' }), false);
    assert.equal(accepts(documentUploadAnswerSchema, { ...doc, type: 'application/pdf', size: 1024 }), true);
    assert.equal(accepts(documentUploadAnswerSchema, { ...doc, type: 'application/pdf', size: 1.5 }), false);
  });

  test('the browser cannot choose what the server derives: unknown keys (userId, membershipName, from) are refused', () => {
    for (const key of ['userId', 'membershipName', 'from', 'username', 'status']) assert.equal(accepts(memberDetailsSchema, { ...details, [key]: 'x' }), false, key);
  });
});

describe('checkout requests (§7 /create-checkout-session)', () => {
  const request = (level: (typeof MEMBERSHIP_LEVELS)[number]) => ({ productName: level.name, price: level.amt, customerEmail: details.email, membership: details });

  test('each level at its §9 price is a valid request', () => {
    for (const level of MEMBERSHIP_LEVELS) assert.deepEqual(problems(membershipCheckoutRequestSchema, request(level)), {}, level.name);
  });

  test("a name that is not a level: 'Unknown membership level' (the demo book included)", () => {
    const [first] = MEMBERSHIP_LEVELS;
    assert.ok(first);
    for (const productName of ['Platinum-Single', 'gold-single', DEMO_PRODUCT.name, '']) {
      assert.equal(problemAt(membershipCheckoutRequestSchema, { ...request(first), productName }, 'productName'), 'Unknown membership level', productName);
    }
  });

  test('the price is a positive number; whether it agrees with the level is checked by the payments service (price_mismatch), not here', () => {
    const [first] = MEMBERSHIP_LEVELS;
    assert.ok(first);
    for (const price of [0, -10, '10', null]) assert.equal(accepts(membershipCheckoutRequestSchema, { ...request(first), price }), false, String(price));
    assert.equal(accepts(membershipCheckoutRequestSchema, { ...request(first), price: first.amt + 1 }), true);
  });

  test('the buyer\'s e-mail is an address, and the member details are checked with the §5 rules', () => {
    const [first] = MEMBERSHIP_LEVELS;
    assert.ok(first);
    assert.equal(problemAt(membershipCheckoutRequestSchema, { ...request(first), customerEmail: 'meera' }, 'customerEmail'), 'Invalid email format');
    assert.equal(problemAt(membershipCheckoutRequestSchema, { ...request(first), membership: { ...details, suburb: '' } }, 'membership.suburb'), 'Suburb is required');
    assert.equal(accepts(membershipCheckoutRequestSchema, { productName: first.name, price: first.amt, customerEmail: details.email }), false);
  });

  test('the demo: Stubborn Attachments, quantity 1 (fixed), the e-mail optional', () => {
    const demo = { productName: DEMO_PRODUCT.name, price: DEMO_PRODUCT.amt, quantity: DEMO_PRODUCT.quantity };
    assert.deepEqual(problems(demoCheckoutRequestSchema, demo), {});
    assert.deepEqual(problems(demoCheckoutRequestSchema, { ...demo, customerEmail: 'reader@example.org' }), {});
    assert.equal(accepts(demoCheckoutRequestSchema, { ...demo, quantity: 2 }), false);
    assert.equal(accepts(demoCheckoutRequestSchema, { ...demo, quantity: undefined }), false);
    assert.equal(accepts(demoCheckoutRequestSchema, { ...demo, productName: 'Gold-Single' }), false);
    assert.equal(accepts(demoCheckoutRequestSchema, { ...demo, price: 0 }), false);
    assert.equal(accepts(demoCheckoutRequestSchema, { ...demo, customerEmail: 'reader' }), false);
    assert.equal(accepts(demoCheckoutRequestSchema, { ...demo, membership: details }), false);
  });

  test('answers: the checkout gives url; the lookup gives payment_status (and, for a paid membership, its type and id)', () => {
    assert.equal(accepts(checkoutAnswerSchema, { url: 'https://checkout.example/c/1' }), true);
    assert.equal(accepts(checkoutAnswerSchema, {}), false);
    for (const payment_status of ['paid', 'unpaid', 'no_payment_required']) assert.equal(accepts(sessionLookupAnswerSchema, { payment_status }), true, payment_status);
    assert.equal(accepts(sessionLookupAnswerSchema, { payment_status: 'failed' }), false);
    assert.deepEqual(sessionLookupAnswerSchema.parse({ payment_status: 'paid', membershipType: 'Gold-Family', userId: 'M-2026-000001' }), {
      payment_status: 'paid',
      membershipType: 'Gold-Family',
      userId: 'M-2026-000001',
    });
  });
});

describe('dependants (§5 family details, §3 dependants payload)', () => {
  const family = { userId: 'M-2026-000001', membershipType: 'Gold-Family', spouse: { name: 'Ravi Kumar', age: 40 }, children: [{ name: 'Anu', age: 7 }] };

  test('a valid family passes; the spouse may be null', () => {
    assert.deepEqual(problems(dependantsRequestSchema, family), {});
    assert.deepEqual(problems(dependantsRequestSchema, { ...family, spouse: null }), {});
    assert.deepEqual(problems(dependantsRequestSchema, { ...family, spouse: { name: '  மீனா  ', age: 0 } }), {});
  });

  test("spouse name: at least 2 letters or spaces, else §5's message", () => {
    for (const name of ['', 'R', 'R2', 'Ravi-Kumar', '123']) {
      assert.deepEqual(problems(dependantsRequestSchema, { ...family, spouse: { name, age: 40 } }), { 'spouse.name': SPOUSE_NAME_MESSAGE }, name);
    }
  });

  test("spouse age: a whole number 0-120, else §5's message", () => {
    for (const age of [-1, 121, 30.5, 1000]) {
      assert.deepEqual(problems(dependantsRequestSchema, { ...family, spouse: { name: 'Ravi', age } }), { 'spouse.age': SPOUSE_AGE_MESSAGE }, String(age));
    }
    assert.equal(accepts(dependantsRequestSchema, { ...family, spouse: { name: 'Ravi', age: '40' } }), false);
  });

  test('property: spouse ages 0-120 pass and every other whole number fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (age) => {
        const message = problemAt(dependantsRequestSchema, { ...family, spouse: { name: 'Ravi', age } }, 'spouse.age');
        return age >= 0 && age <= 120 ? message === undefined : message === SPOUSE_AGE_MESSAGE;
      }),
      PROPERTY_RUNS,
    );
  });

  test('property: a child counts with a valid name and a whole age 0-18; any other row is refused by its number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 150 }), fc.constantFrom('Anu', 'மீனா', 'A', 'Anu2', ''), fc.nat(2), (age, name, row) => {
        const children = [{ name: 'Kavi', age: 3 }, { name: 'Kavi', age: 3 }, { name: 'Kavi', age: 3 }];
        children[row] = { name, age };
        const valid = age >= 0 && age <= 18 && name.length >= 2 && !/\d/.test(name);
        const message = problemAt(dependantsRequestSchema, { ...family, children }, `children.${row}`);
        return valid ? message === undefined : message === `Child ${row + 1}: a name (at least 2 letters) and an age from 0 to 18`;
      }),
      PROPERTY_RUNS,
    );
  });

  test("Silver-Family and Gold-Family need at least one child: §5's message", () => {
    for (const membershipType of ['Silver-Family', 'Gold-Family']) {
      assert.deepEqual(problems(dependantsRequestSchema, { ...family, membershipType, children: [] }), { children: CHILD_REQUIRED_MESSAGE }, membershipType);
    }
    for (const membershipType of ['Silver-Single', 'Gold-Student', 'Gold-Single']) {
      assert.deepEqual(problems(dependantsRequestSchema, { ...family, membershipType, children: [] }), {}, membershipType);
    }
  });

  test('at most the three rows of §9; the level must be one of the five', () => {
    const four = Array.from({ length: 4 }, () => ({ name: 'Kavi', age: 3 }));
    assert.equal(problemAt(dependantsRequestSchema, { ...family, children: four }, 'children'), 'At most 3 children');
    assert.equal(accepts(dependantsRequestSchema, { ...family, membershipType: 'Family' }), false);
    assert.equal(accepts(dependantsRequestSchema, { ...family, userId: '' }), false);
    assert.equal(accepts(dependantsRequestSchema, { ...family, children: [{ name: 'Kavi', age: 3, school: 'x' }] }), false);
  });
});

describe('service to service', () => {
  const create = { checkoutSessionId: 'cs_test_1', userId: '7', membershipName: 'Gold-Single', details, amountTotal: 10000, currency: 'aud' };

  test('identity creates a membership from a paid session: cents, a 3-letter currency, the §5 details', () => {
    assert.deepEqual(problems(createMembershipRequestSchema, create), {});
    assert.equal(accepts(createMembershipRequestSchema, { ...create, amountTotal: 100.5 }), false);
    assert.equal(accepts(createMembershipRequestSchema, { ...create, amountTotal: -1 }), false);
    assert.equal(accepts(createMembershipRequestSchema, { ...create, currency: 'au' }), false);
    assert.equal(accepts(createMembershipRequestSchema, { ...create, membershipName: 'Stubborn Attachments' }), false);
    assert.equal(problemAt(createMembershipRequestSchema, { ...create, details: { ...details, gender: '' } }, 'details.gender'), 'Gender is required');
  });

  test('eligibility: allowed, with a reason from the two known ones', () => {
    assert.equal(accepts(eligibilityAnswerSchema, { allowed: true }), true);
    assert.equal(accepts(eligibilityAnswerSchema, { allowed: false, reason: 'already_active', message: 'You already have an active membership' }), true);
    assert.equal(accepts(eligibilityAnswerSchema, { allowed: false, reason: 'expired' }), false);
    assert.equal(SERVICE_TOKEN_HEADER, SERVICE_TOKEN_HEADER.toLowerCase());
  });
});

describe('text PostgreSQL cannot store: NUL or a lone surrogate (storable-text.ts)', () => {
  const withDocuments = { ...details, referredBy: 'Anu', passport: { id: 'doc-1', fileName: 'passport.pdf' }, supportingDocuments: [{ id: 'doc-2', fileName: 'letter.png' }] };
  const choices = ['stateProvince', 'gender', 'maritalStatus', 'productName', 'membershipType', 'membershipName'];

  test('property: every text field of the member details, checkouts, dependants and the internal call refuses it, naming the field', () => {
    const detailFields = ['firstName', 'lastName', 'email', 'phoneNumber', 'addressLine1', 'suburb', 'stateProvince', 'postalCode', 'profession', 'dateOfBirth', 'gender', 'maritalStatus', 'referredBy', 'passport.id', 'passport.fileName', 'supportingDocuments.0.id', 'supportingDocuments.0.fileName'];
    assert.deepEqual(assertRefusesUnstorableText(memberDetailsSchema, withDocuments, choices), detailFields);
    const level = MEMBERSHIP_LEVELS[0];
    assert.ok(level);
    assert.deepEqual(
      assertRefusesUnstorableText(membershipCheckoutRequestSchema, { productName: level.name, price: level.amt, customerEmail: details.email, membership: withDocuments }, choices),
      ['productName', 'customerEmail', ...detailFields.map((field) => `membership.${field}`)],
    );
    assert.deepEqual(
      assertRefusesUnstorableText(demoCheckoutRequestSchema, { productName: DEMO_PRODUCT.name, price: DEMO_PRODUCT.amt, quantity: 1, customerEmail: details.email }, choices),
      ['productName', 'customerEmail'],
    );
    const dependants = { userId: '12', membershipType: 'Silver-Family', spouse: { name: 'Kumar', age: 40 }, children: [{ name: 'Kavi', age: 3 }] };
    assert.deepEqual(assertRefusesUnstorableText(dependantsRequestSchema, dependants, choices), ['userId', 'membershipType', 'spouse.name', 'children.0.name']);
    const create = { checkoutSessionId: 'cs_test_1', userId: '7', membershipName: 'Gold-Single', details: withDocuments, amountTotal: 10000, currency: 'aud' };
    assert.deepEqual(
      assertRefusesUnstorableText(createMembershipRequestSchema, create, choices),
      ['checkoutSessionId', 'userId', 'membershipName', ...detailFields.map((field) => `details.${field}`), 'currency'],
    );
  });

  test('member details name each field with its §5 label', () => {
    assert.deepEqual(problems(memberDetailsSchema, { ...details, addressLine1: '1 King\u0000 St', suburb: '\uD800', referredBy: 'A\u0000' }), {
      addressLine1: 'Address Line 1 contains a character that is not allowed',
      suburb: 'Suburb contains a character that is not allowed',
      referredBy: 'Referred by contains a character that is not allowed',
    });
  });
});
