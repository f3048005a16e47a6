import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  accountExportSchema,
  accountUserSchema,
  changePasswordAnswerSchema,
  changePasswordRequestSchema,
  loginAnswerSchema,
  loginRequestSchema,
  membershipListSchema,
  membershipLookupRequestSchema,
  membershipRecordSchema,
  messageAnswerSchema,
  newPasswordSchema,
  registerAnswerSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetRequestSchema,
  sendResetAnswerSchema,
  sessionAnswerSchema,
  storedPhoneSchema,
} from './auth.js';
import { accepts, problemAt, problems, PROPERTY_RUNS } from './testing/schema-checks.js';
import { assertRefusesUnstorableText } from './testing/unstorable-text.js';

/** Spec §5 (login, reset request, register, reset and change password) and §7's answers, as auth.ts implements them. */

const GOOD_PASSWORD = 'Kolam#2026';
const register = {
  firstName: 'Meera',
  lastName: 'Raman',
  email: 'meera@example.org',
  phoneNumber: '61412345678',
  password: GOOD_PASSWORD,
  termsAccepted: true,
};

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const digit = fc.constantFrom(...'0123456789');
const special = fc.constantFrom(...'!@#$%^&*()-_=+[]{};:\'",.<>/?\\|`~ ');

describe('e-mail (login, reset request, register)', () => {
  test("empty or blank: 'Email is required'; not an address: 'Invalid email format'", () => {
    for (const schema of [resetRequestSchema, loginRequestSchema.pick({ email: true })]) {
      assert.equal(problemAt(schema, { email: '' }, 'email'), 'Email is required');
      assert.equal(problemAt(schema, { email: '   ' }, 'email'), 'Email is required');
      for (const email of ['meera', 'meera@', '@example.org', 'meera@example', 'meera example@x.org', 'meera@@example.org']) {
        assert.equal(problemAt(schema, { email }, 'email'), 'Invalid email format', email);
      }
      assert.deepEqual(problems(schema, { email: 'meera@example.org' }), {});
    }
    assert.equal(problemAt(registerRequestSchema, { ...register, email: '' }, 'email'), 'Email is required');
    assert.equal(problemAt(registerRequestSchema, { ...register, email: 'nope' }, 'email'), 'Invalid email format');
  });

  test('the address is trimmed, and at most 320 characters', () => {
    assert.deepEqual(resetRequestSchema.parse({ email: '  meera@example.org ' }), { email: 'meera@example.org' });
    const long = `${'a'.repeat(309)}@example.org`;
    assert.equal(long.length, 321);
    assert.equal(problemAt(resetRequestSchema, { email: long }, 'email'), 'Email must be at most 320 characters');
  });

  test('property: no "@", no address', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !s.includes('@') && s.trim().length > 0),
        (email) => problemAt(resetRequestSchema, { email }, 'email') === 'Invalid email format',
      ),
      PROPERTY_RUNS,
    );
  });

  test('property: local@domain.tld of plain letters and digits is an address', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 20 });
    const tld = fc.string({ unit: lower, minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(word, word, tld, (local, domain, top) => accepts(resetRequestSchema, { email: `${local}@${domain}.${top}` })),
      PROPERTY_RUNS,
    );
  });
});

describe('login', () => {
  test("§5: 'Email is required', 'Password is required'; any non-empty password is checked by the server, not here", () => {
    assert.deepEqual(problems(loginRequestSchema, { email: '', password: '' }), { email: 'Email is required', password: 'Password is required' });
    assert.deepEqual(problems(loginRequestSchema, { email: 'meera@example.org', password: 'x' }), {});
    assert.equal(problemAt(loginRequestSchema, { email: 'meera@example.org', password: 'x'.repeat(1025) }, 'password'), 'Password is too long');
  });

  test('unknown keys are refused (strict)', () => {
    assert.equal(accepts(loginRequestSchema, { email: 'meera@example.org', password: 'x', admin: true }), false);
  });
});

describe('register', () => {
  test('a complete form passes', () => {
    assert.deepEqual(registerRequestSchema.parse(register), register);
  });

  test("first and last name: 'X is required', then 'X must be at least 2 characters' (§5)", () => {
    assert.equal(problemAt(registerRequestSchema, { ...register, firstName: '' }, 'firstName'), 'First name is required');
    assert.equal(problemAt(registerRequestSchema, { ...register, firstName: ' ' }, 'firstName'), 'First name is required');
    assert.equal(problemAt(registerRequestSchema, { ...register, firstName: 'M' }, 'firstName'), 'First name must be at least 2 characters');
    assert.equal(problemAt(registerRequestSchema, { ...register, firstName: ' M ' }, 'firstName'), 'First name must be at least 2 characters');
    assert.equal(problemAt(registerRequestSchema, { ...register, lastName: '' }, 'lastName'), 'Last name is required');
    assert.equal(problemAt(registerRequestSchema, { ...register, lastName: 'R' }, 'lastName'), 'Last name must be at least 2 characters');
    assert.equal(problemAt(registerRequestSchema, { ...register, lastName: 'R'.repeat(101) }, 'lastName'), 'Last name must be at most 100 characters');
    assert.deepEqual(registerRequestSchema.parse({ ...register, firstName: '  Li ' }).firstName, 'Li');
  });

  test('property: a name of 2 to 100 characters after trimming passes, whatever the characters; shorter ones do not', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 60 }), (name) => {
        // zod counts code points, so one emoji or astral letter is one character.
        const length = [...name.trim()].length;
        const message = problemAt(registerRequestSchema, { ...register, firstName: name }, 'firstName');
        if (length === 0) return message === 'First name is required';
        if (length === 1) return message === 'First name must be at least 2 characters';
        return length > 100 ? message === 'First name must be at most 100 characters' : message === undefined;
      }),
      PROPERTY_RUNS,
    );
  });

  test("phone: 'Phone number is required', 'Phone number is too short' under 6 (§5); digits only, at most 20 (beyond §5)", () => {
    assert.equal(problemAt(registerRequestSchema, { ...register, phoneNumber: '' }, 'phoneNumber'), 'Phone number is required');
    assert.equal(problemAt(registerRequestSchema, { ...register, phoneNumber: '12345' }, 'phoneNumber'), 'Phone number is too short');
    assert.equal(problemAt(registerRequestSchema, { ...register, phoneNumber: '123456' }, 'phoneNumber'), undefined);
    assert.equal(problemAt(registerRequestSchema, { ...register, phoneNumber: '1'.repeat(21) }, 'phoneNumber'), 'Phone number is too long');
    assert.equal(
      problemAt(registerRequestSchema, { ...register, phoneNumber: '+61 412 345 678' }, 'phoneNumber'),
      'Phone number must be digits only: the country code followed by the number',
    );
  });

  test('property: the stored phone is 6 to 20 digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: digit, minLength: 1, maxLength: 30 }), (phone) => {
        const message = problemAt(storedPhoneSchema, phone, '');
        if (phone.length < 6) return message === 'Phone number is too short';
        if (phone.length > 20) return message === 'Phone number is too long';
        return message === undefined;
      }),
      PROPERTY_RUNS,
    );
    const digits = fc.string({ unit: digit, minLength: 3, maxLength: 8 });
    fc.assert(
      fc.property(digits, fc.constantFrom(...'+- ()x.A٣'), digits, (before, other, after) => !accepts(storedPhoneSchema, `${before}${other}${after}`)),
      PROPERTY_RUNS,
    );
  });

  test("password: required, at least 8 ('Password must be at least 8 characters'), and the four kinds of character (§5)", () => {
    assert.equal(problemAt(registerRequestSchema, { ...register, password: '' }, 'password'), 'Password is required');
    assert.equal(problemAt(registerRequestSchema, { ...register, password: 'Ab1#' }, 'password'), 'Password must be at least 8 characters');
    assert.equal(problemAt(registerRequestSchema, { ...register, password: 'Ab1#567' }, 'password'), 'Password must be at least 8 characters');
    assert.equal(problemAt(registerRequestSchema, { ...register, password: 'Ab1#5678' }, 'password'), undefined);
    const rule = 'Password must include uppercase, lowercase, numbers, and special characters';
    for (const password of ['abcdefgh', 'ABCDEFGH', '12345678', '!@#$%^&*', 'abcd1234', 'ABCD!@#$', 'Abcdefg1', 'Abcdefg!', 'ABCDEF1!', 'abcdef1!']) {
      assert.equal(problemAt(registerRequestSchema, { ...register, password }, 'password'), rule, password);
    }
    assert.equal(problemAt(newPasswordSchema, `Aa1#${'x'.repeat(125)}`, ''), 'Password must be at most 128 characters');
  });

  test('property: 8 to 128 characters with upper, lower, digit and special pass; leaving any kind out fails with the §5 message', () => {
    const kinds = [upper, lower, digit, special];
    // One of each kind asked for, filler from those kinds up to at least 8, in any order.
    const password = (include: boolean[]) => {
      const asked = kinds.filter((_, i) => include[i]);
      return fc
        .tuple(fc.tuple(...asked), fc.array(fc.oneof(...asked), { minLength: 8, maxLength: 60 }))
        .chain(([one, filler]) => fc.shuffledSubarray([...one, ...filler], { minLength: one.length + filler.length }))
        .map((chars) => chars.join(''));
    };
    fc.assert(fc.property(password([true, true, true, true]), (value) => accepts(newPasswordSchema, value)), PROPERTY_RUNS);
    for (let missing = 0; missing < kinds.length; missing += 1) {
      const include = kinds.map((_, i) => i !== missing);
      fc.assert(
        fc.property(password(include), (value) => problemAt(newPasswordSchema, value, '') === 'Password must include uppercase, lowercase, numbers, and special characters'),
        PROPERTY_RUNS,
      );
    }
  });

  test("terms: 'You must accept the terms and conditions' unless exactly true", () => {
    for (const termsAccepted of [false, undefined, 'true', 1]) {
      assert.equal(problemAt(registerRequestSchema, { ...register, termsAccepted }, 'termsAccepted'), 'You must accept the terms and conditions', String(termsAccepted));
    }
  });

  test('every §5 register message at once, one per field', () => {
    assert.deepEqual(problems(registerRequestSchema, { firstName: '', lastName: 'R', email: 'x', phoneNumber: '', password: 'short', termsAccepted: false }), {
      firstName: 'First name is required',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email format',
      phoneNumber: 'Phone number is required',
      password: 'Password must be at least 8 characters',
      termsAccepted: 'You must accept the terms and conditions',
    });
  });

  test('§3 registration payload only: confirm password stays in the browser, and unknown keys are refused', () => {
    assert.equal(accepts(registerRequestSchema, { ...register, confirmPassword: GOOD_PASSWORD }), false);
  });
});

describe('reset and change password', () => {
  test('reset: the token is required and short; the new password follows the register rule (README: beyond §5)', () => {
    assert.deepEqual(problems(resetPasswordRequestSchema, { token: 'abc', password: GOOD_PASSWORD }), {});
    assert.equal(problemAt(resetPasswordRequestSchema, { token: ' ', password: GOOD_PASSWORD }, 'token'), 'The reset link is incomplete');
    assert.equal(problemAt(resetPasswordRequestSchema, { token: 'a'.repeat(201), password: GOOD_PASSWORD }, 'token'), 'The reset link is not valid');
    assert.equal(problemAt(resetPasswordRequestSchema, { token: 'abc', password: 'password' }, 'password'), 'Password must include uppercase, lowercase, numbers, and special characters');
  });

  test('change: current password required; e-mail optional but an address when sent; new password by the register rule', () => {
    assert.deepEqual(problems(changePasswordRequestSchema, { currentPassword: 'old', newPassword: GOOD_PASSWORD }), {});
    assert.deepEqual(problems(changePasswordRequestSchema, { email: 'meera@example.org', currentPassword: 'old', newPassword: GOOD_PASSWORD }), {});
    assert.deepEqual(problems(changePasswordRequestSchema, { email: 'meera', currentPassword: '', newPassword: '' }), {
      email: 'Invalid email format',
      currentPassword: 'Current password is required',
      newPassword: 'Password is required',
    });
  });

  test('membership lookup: the e-mail may be left out (the session says who), but is an address when sent', () => {
    assert.equal(accepts(membershipLookupRequestSchema, {}), true);
    assert.equal(accepts(membershipLookupRequestSchema, { email: 'meera@example.org' }), true);
    assert.equal(problemAt(membershipLookupRequestSchema, { email: 'meera' }, 'email'), 'Invalid email format');
    assert.equal(accepts(membershipLookupRequestSchema, { email: 'meera@example.org', userId: '7' }), false);
  });
});

describe('answers (§7)', () => {
  const user = { id: '7', email: 'meera@example.org', firstName: 'Meera', lastName: 'Raman', phoneNumber: '61412345678' };
  const record = {
    membershipName: 'Gold-Single',
    status: 'Pending',
    requestId: 'M-2026-000123',
    createdAt: '2026-03-01T10:00:00.000Z',
    doB: '1990-05-04',
    firstname: 'Meera',
    lastname: 'Raman',
    email: 'meera@example.org',
    phone: '61412345678',
    address: '1 King William St, Adelaide, SA, 5000',
    profession: 'Teacher',
    term: 'life-time',
  };

  test('login: token and user {id, email, firstName, lastName, phoneNumber}, plus expiresAt', () => {
    const answer = { token: 't', user, expiresAt: '2026-03-02T10:00:00.000Z' };
    assert.deepEqual(loginAnswerSchema.parse(answer), answer);
    for (const key of Object.keys(user)) {
      const { [key as keyof typeof user]: _dropped, ...rest } = user;
      assert.equal(accepts(loginAnswerSchema, { ...answer, user: rest }), false, `user without ${key}`);
    }
    assert.equal(accepts(loginAnswerSchema, { user, expiresAt: answer.expiresAt }), false);
    assert.equal(accepts(accountUserSchema, { ...user, id: 7 }), false);
  });

  test('register {message, data}; reset request {success, message}; change password {success, message}; reset {message}; session {user, expiresAt}', () => {
    assert.equal(accepts(registerAnswerSchema, { message: 'ok', data: user }), true);
    assert.equal(accepts(registerAnswerSchema, { message: 'ok' }), false);
    assert.equal(accepts(sendResetAnswerSchema, { success: true, message: 'sent' }), true);
    assert.equal(accepts(sendResetAnswerSchema, { success: 'true', message: 'sent' }), false);
    assert.equal(accepts(changePasswordAnswerSchema, { success: true, message: 'Password updated successfully!' }), true);
    assert.equal(accepts(changePasswordAnswerSchema, { message: 'Password updated successfully!' }), false);
    assert.equal(accepts(messageAnswerSchema, { message: 'Password reset successfully!' }), true);
    assert.equal(accepts(messageAnswerSchema, {}), false);
    assert.equal(accepts(sessionAnswerSchema, { user, expiresAt: 'x' }), true);
    assert.equal(accepts(sessionAnswerSchema, { user }), false);
  });

  test('§3 membership record: every field, doB may be null, the term annual or life-time', () => {
    assert.deepEqual(membershipRecordSchema.parse(record), record);
    assert.equal(accepts(membershipRecordSchema, { ...record, doB: null }), true);
    assert.equal(accepts(membershipRecordSchema, { ...record, term: 'monthly' }), false);
    for (const key of Object.keys(record)) {
      const { [key as keyof typeof record]: _dropped, ...rest } = record;
      assert.equal(accepts(membershipRecordSchema, rest), false, `without ${key}`);
    }
    assert.equal(accepts(membershipListSchema, [record, { ...record, status: 'Active' }]), true);
    assert.equal(accepts(membershipListSchema, record), false);
  });

  test('my data: the account, its sessions and memberships, never a password hash field required', () => {
    const exported = {
      user,
      createdAt: '2026-01-01T00:00:00.000Z',
      termsAcceptedAt: null,
      sessions: [{ createdAt: 'a', expiresAt: 'b', current: true }],
      memberships: [record],
    };
    assert.equal(accepts(accountExportSchema, exported), true);
    assert.equal(accepts(accountExportSchema, { ...exported, sessions: [{ createdAt: 'a', expiresAt: 'b' }] }), false);
    assert.equal(accepts(accountExportSchema, { ...exported, memberships: [{ ...record, term: undefined }] }), false);
  });
});

describe('text PostgreSQL cannot store: NUL or a lone surrogate (storable-text.ts)', () => {
  test('property: every text field of every account request refuses it, naming the field', () => {
    assert.deepEqual(assertRefusesUnstorableText(loginRequestSchema, { email: register.email, password: 'anything' }), ['email', 'password']);
    assert.deepEqual(assertRefusesUnstorableText(registerRequestSchema, register), ['firstName', 'lastName', 'email', 'phoneNumber', 'password']);
    assert.deepEqual(assertRefusesUnstorableText(resetRequestSchema, { email: register.email }), ['email']);
    assert.deepEqual(assertRefusesUnstorableText(resetPasswordRequestSchema, { token: 'a'.repeat(43), password: GOOD_PASSWORD }), ['token', 'password']);
    assert.deepEqual(
      assertRefusesUnstorableText(changePasswordRequestSchema, { email: register.email, currentPassword: 'old one', newPassword: GOOD_PASSWORD }),
      ['email', 'currentPassword', 'newPassword'],
    );
    assert.deepEqual(assertRefusesUnstorableText(membershipLookupRequestSchema, { email: register.email }), ['email']);
  });

  test('register names each field as its form labels it, and reports only that', () => {
    assert.deepEqual(problems(registerRequestSchema, { ...register, firstName: 'Me\u0000era', lastName: '\uD800', email: 'meera\u0000@example.org', phoneNumber: '614\u0000', password: 'Kolam#\uDC00' }), {
      firstName: 'First name contains a character that is not allowed',
      lastName: 'Last name contains a character that is not allowed',
      email: 'Email contains a character that is not allowed',
      phoneNumber: 'Phone number contains a character that is not allowed',
      password: 'Password contains a character that is not allowed',
    });
  });
});

describe('two-factor sign-in (issue 14)', () => {
  test('a login answers a session or a challenge; needsSecondFactor tells which', async () => {
    const { loginResultSchema, needsSecondFactor } = await import('./auth.js');
    const session = loginResultSchema.parse({ token: 't', user: { id: '1', email: 'a@example.org', firstName: 'A', lastName: 'B', phoneNumber: '61' }, expiresAt: 'x' });
    const step = loginResultSchema.parse({ secondFactor: 'enrol', challenge: 'c', challengeExpiresAt: 'x' });
    assert.equal(needsSecondFactor(session), false);
    assert.equal(needsSecondFactor(step), true);
  });

  test('codes: 6 digits (spaces allowed) or a 10-character recovery code (hyphen allowed); nothing else', async () => {
    const { secondFactorCodeSchema, enrolConfirmRequestSchema } = await import('./auth.js');
    assert.equal(secondFactorCodeSchema.parse('123 456'), '123456');
    assert.equal(secondFactorCodeSchema.parse('ABCDE-12345'), 'abcde12345');
    for (const bad of ['', '12345', '1234567', 'abcdef', 'abcde-1234!', 42]) assert.ok(!secondFactorCodeSchema.safeParse(bad).success, String(bad));
    assert.ok(!enrolConfirmRequestSchema.safeParse({ challenge: 'c', code: 'abcde12345' }).success, 'enrolment needs an app code');
  });

  test('the session lookup keeps its old fields and adds roles (empty when an older answer has none)', async () => {
    const { sessionAnswerSchema } = await import('./auth.js');
    const user = { id: '1', email: 'a@example.org', firstName: 'A', lastName: 'B', phoneNumber: '61' };
    assert.deepEqual(sessionAnswerSchema.parse({ user, expiresAt: 'x' }).roles, []);
    assert.deepEqual(sessionAnswerSchema.parse({ user, expiresAt: 'x', roles: ['editor'], secondFactor: true }).roles, ['editor']);
    assert.ok(!sessionAnswerSchema.safeParse({ user, expiresAt: 'x', roles: ['root'] }).success);
  });
});
