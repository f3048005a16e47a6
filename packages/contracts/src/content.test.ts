import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  contactAnswerSchema,
  contactMessageSchema,
  DEFAULT_TICKET_COUNTRY_CODE,
  formatTicketReference,
  HONEYPOT_FIELD,
  isoDateSchema,
  ISSUE_TYPES,
  myContactMessagesSchema,
  mySupportTicketsSchema,
  supportTicketSchema,
  TICKET_COUNTRY_CODES,
  TICKET_REFERENCE_PATTERN,
  ticketAnswerSchema,
  timeOfDaySchema,
} from './content.js';
import { accepts, problemAt, problems, PROPERTY_RUNS } from './testing/schema-checks.js';
import { assertRefusesUnstorableText } from './testing/unstorable-text.js';

/** Spec §5 contact and support ticket forms, §3 their payloads and §9 their option lists, as content.ts implements them. */

const contact = { name: 'Meera Raman', phoneNumber: '0412345678', senderEmail: 'meera@example.org', message: 'Hello' };
const ticket = { name: 'Meera Raman', email: 'meera@example.org', countryCode: '+61', phone: '0412345678', issueType: 'billing', issueDescription: 'Charged twice' };

describe('contact (§5: name, phone, email and message required)', () => {
  test('a complete message passes; the subject defaults', () => {
    assert.deepEqual(contactMessageSchema.parse(contact), { ...contact, subject: 'Message from the website' });
    assert.equal(contactMessageSchema.parse({ ...contact, subject: 'Volunteering' }).subject, 'Volunteering');
  });

  test('each required field left empty or blank has its message', () => {
    assert.deepEqual(problems(contactMessageSchema, { name: '', phoneNumber: ' ', senderEmail: '', message: '\n' }), {
      name: 'Name is required',
      phoneNumber: 'Phone is required',
      senderEmail: 'Email is required',
      message: 'Message is required',
    });
    assert.equal(problemAt(contactMessageSchema, { ...contact, senderEmail: 'meera' }, 'senderEmail'), 'Invalid email format');
  });

  test('upper bounds (README: name 200, e-mail 320, phone 40, subject 200, message 5000)', () => {
    const cases: Array<[string, number, string]> = [
      ['name', 201, 'Name must be at most 200 characters'],
      ['phoneNumber', 41, 'Phone must be at most 40 characters'],
      ['subject', 201, 'Subject must be at most 200 characters'],
      ['message', 5001, 'Message must be at most 5000 characters'],
    ];
    for (const [field, length, message] of cases) {
      assert.equal(problemAt(contactMessageSchema, { ...contact, [field]: 'x'.repeat(length) }, field), message, field);
      assert.equal(problemAt(contactMessageSchema, { ...contact, [field]: 'x'.repeat(length - 1) }, field), undefined, field);
    }
    assert.equal(problemAt(contactMessageSchema, { ...contact, senderEmail: `${'a'.repeat(309)}@example.org` }, 'senderEmail'), 'Email must be at most 320 characters');
  });

  test('the honeypot: absent or empty passes, anything in it is refused; unknown keys are refused', () => {
    assert.equal(HONEYPOT_FIELD, 'website');
    assert.equal(accepts(contactMessageSchema, { ...contact, website: '' }), true);
    assert.equal(problemAt(contactMessageSchema, { ...contact, website: 'http://spam.example' }, 'website'), 'This field must be left empty');
    assert.equal(accepts(contactMessageSchema, { ...contact, email: 'meera@example.org' }), false);
  });

  test('property: anything a bot writes in the honeypot is refused', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 50 }), (website) => problemAt(contactMessageSchema, { ...contact, website }, 'website') === 'This field must be left empty'), PROPERTY_RUNS);
  });

  test('the answer carries the message and an id', () => {
    assert.equal(accepts(contactAnswerSchema, { message: 'Message Sent', id: '42' }), true);
    assert.equal(accepts(contactAnswerSchema, { message: 'Message Sent' }), false);
  });
});

describe('support ticket (§5, §9)', () => {
  test('a complete ticket passes; the country code defaults to +91', () => {
    assert.deepEqual(problems(supportTicketSchema, ticket), {});
    const { countryCode: _omitted, ...withoutCode } = ticket;
    assert.equal(supportTicketSchema.parse(withoutCode).countryCode, '+91');
    assert.equal(DEFAULT_TICKET_COUNTRY_CODE, '+91');
  });

  test('each required field left empty has its message', () => {
    assert.deepEqual(problems(supportTicketSchema, { name: '', email: '', phone: '', issueType: '', issueDescription: '' }), {
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      issueType: 'Issue type is required',
      issueDescription: 'Issue description is required',
    });
    assert.equal(problemAt(supportTicketSchema, { ...ticket, email: 'meera@' }, 'email'), 'Invalid email format');
  });

  test('country codes: §9\'s +91, +1 and +44, and +61 (README); any other is refused', () => {
    assert.deepEqual([...TICKET_COUNTRY_CODES].sort(), ['+1', '+44', '+61', '+91']);
    for (const countryCode of TICKET_COUNTRY_CODES) assert.equal(accepts(supportTicketSchema, { ...ticket, countryCode }), true, countryCode);
    for (const countryCode of ['+33', '91', '', '+9']) {
      assert.equal(problemAt(supportTicketSchema, { ...ticket, countryCode }, 'countryCode'), 'Choose a country code from the list', countryCode);
    }
  });

  test('issue types: §9\'s four values and labels; the empty "Select issue type" is not one', () => {
    assert.deepEqual(ISSUE_TYPES, [
      { value: 'technical', label: 'Technical Issue' },
      { value: 'billing', label: 'Billing Issue' },
      { value: 'general', label: 'General Inquiry' },
      { value: 'feedback', label: 'Feedback' },
    ]);
    for (const { value } of ISSUE_TYPES) assert.equal(accepts(supportTicketSchema, { ...ticket, issueType: value }), true, value);
    for (const issueType of ['', 'Technical Issue', 'other', 'TECHNICAL']) {
      assert.equal(problemAt(supportTicketSchema, { ...ticket, issueType }, 'issueType'), 'Issue type is required', issueType);
    }
  });

  test('upper bounds, the honeypot and unknown keys', () => {
    assert.equal(problemAt(supportTicketSchema, { ...ticket, issueDescription: 'x'.repeat(5001) }, 'issueDescription'), 'Issue description must be at most 5000 characters');
    assert.equal(problemAt(supportTicketSchema, { ...ticket, name: 'x'.repeat(201) }, 'name'), 'Name must be at most 200 characters');
    assert.equal(problemAt(supportTicketSchema, { ...ticket, phone: '1'.repeat(41) }, 'phone'), 'Phone must be at most 40 characters');
    assert.equal(problemAt(supportTicketSchema, { ...ticket, website: 'x' }, 'website'), 'This field must be left empty');
    assert.equal(accepts(supportTicketSchema, { ...ticket, priority: 'high' }), false);
  });

  test('references: TCA-<year>-<sequence of 6 or more digits>', () => {
    assert.equal(formatTicketReference(2026, 123), 'TCA-2026-000123');
    assert.equal(formatTicketReference(2026, 1_234_567), 'TCA-2026-1234567');
    for (const reference of ['TCA-2026-12345', 'tca-2026-000123', 'TCA-26-000123', 'TCA-2026-000123x']) assert.equal(TICKET_REFERENCE_PATTERN.test(reference), false, reference);
    assert.equal(accepts(ticketAnswerSchema, { message: 'Ticket submitted successfully!', reference: 'TCA-2026-000123' }), true);
    assert.equal(accepts(ticketAnswerSchema, { message: 'Ticket submitted successfully!', reference: '123' }), false);
  });

  test('property: every formatted reference matches the pattern', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 99_999_999 }), (year, sequence) => TICKET_REFERENCE_PATTERN.test(formatTicketReference(year, sequence))),
      PROPERTY_RUNS,
    );
  });
});

describe('what a member sent (beyond the spec)', () => {
  test('messages and tickets as lists of their stored fields', () => {
    const message = { id: '1', subject: 's', message: 'm', name: 'n', email: 'e', phone: 'p', createdAt: '2026-01-01T00:00:00Z' };
    assert.equal(accepts(myContactMessagesSchema, [message]), true);
    assert.equal(accepts(myContactMessagesSchema, [{ ...message, createdAt: undefined }]), false);
    const stored = { reference: 'TCA-2026-000001', issueType: 'general', issueDescription: 'd', name: 'n', email: 'e', countryCode: '+91', phone: 'p', createdAt: 'c' };
    assert.equal(accepts(mySupportTicketsSchema, [stored]), true);
    assert.equal(accepts(mySupportTicketsSchema, stored), false);
  });
});

describe('dates and times of the importer', () => {
  test('YYYY-MM-DD and 24-hour HH:MM', () => {
    assert.equal(accepts(isoDateSchema, '2026-03-01'), true);
    for (const value of ['2026-3-1', '01/03/2026', '2026-03-01T00:00']) assert.equal(accepts(isoDateSchema, value), false, value);
    assert.equal(problemAt(timeOfDaySchema, '7pm', ''), 'a time written HH:MM (24-hour)');
  });

  test('property: every HH:MM from 00:00 to 23:59 passes; hours 24-99 or minutes 60-99 do not', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => accepts(timeOfDaySchema, `${two(h)}:${two(m)}`)), PROPERTY_RUNS);
    fc.assert(fc.property(fc.integer({ min: 24, max: 99 }), fc.integer({ min: 0, max: 59 }), (h, m) => !accepts(timeOfDaySchema, `${two(h)}:${two(m)}`)), PROPERTY_RUNS);
    fc.assert(fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 60, max: 99 }), (h, m) => !accepts(timeOfDaySchema, `${two(h)}:${two(m)}`)), PROPERTY_RUNS);
  });
});

describe('text PostgreSQL cannot store: NUL or a lone surrogate (storable-text.ts)', () => {
  test('property: every text field of the contact and ticket forms refuses it, naming the field', () => {
    assert.deepEqual(assertRefusesUnstorableText(contactMessageSchema, { ...contact, subject: 'Volunteering' }), ['name', 'phoneNumber', 'senderEmail', 'message', 'subject']);
    assert.deepEqual(assertRefusesUnstorableText(supportTicketSchema, ticket, ['countryCode', 'issueType']), ['name', 'email', 'countryCode', 'phone', 'issueType', 'issueDescription']);
  });

  test('each form names the field as it labels it', () => {
    assert.deepEqual(problems(contactMessageSchema, { ...contact, name: 'Me\u0000era', subject: '\uD800', message: 'Hi\u0000' }), {
      name: 'Name contains a character that is not allowed',
      subject: 'Subject contains a character that is not allowed',
      message: 'Message contains a character that is not allowed',
    });
    assert.deepEqual(problems(supportTicketSchema, { ...ticket, phone: '04\u0000', issueDescription: '\uDFFF' }), {
      phone: 'Phone contains a character that is not allowed',
      issueDescription: 'Issue description contains a character that is not allowed',
    });
  });
});
