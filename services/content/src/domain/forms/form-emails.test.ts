import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emailJobSchema, formatTicketReference, TICKET_REFERENCE_PATTERN } from '@tca/contracts';
import { loadContentConfig } from '../../config.js';
import { brandFor, contactAcknowledgementEmail, contactInboxEmail, issueTypeLabel } from './form-emails.js';
import { yearInAdelaide } from './form-submissions.js';

const brand = brandFor('https://tamil.example.org');
const message = {
  uid: '6f1c1f2e-8a39-4d0b-9b1e-3f6f0e8d9a11',
  name: 'Kavitha',
  senderEmail: 'kavitha@example.org',
  phoneNumber: '0412 345 678',
  subject: 'Pongal',
  message: 'When does it start?\nThanks',
  createdAt: new Date('2026-01-14T23:45:00Z'),
};

describe('ticket references', () => {
  it('use the year of submission in Adelaide', () => {
    assert.equal(yearInAdelaide(new Date('2025-12-31T13:29:00Z')), 2025);
    assert.equal(yearInAdelaide(new Date('2025-12-31T13:30:00Z')), 2026, 'midnight in Adelaide (UTC+10:30) is already the new year');
    assert.equal(formatTicketReference(yearInAdelaide(new Date('2026-06-30T12:00:00Z')), 123), 'TCA-2026-000123');
    assert.match(formatTicketReference(2026, 1_234_567), TICKET_REFERENCE_PATTERN);
  });
});

describe('contact e-mails', () => {
  it('send the message to the inbox with Reply-To the sender, dated in Adelaide', () => {
    const mail = emailJobSchema.parse(contactInboxEmail(message, 'office@tamil.example.org', brand));
    assert.equal(mail.key, `contact-${message.uid}-inbox`);
    assert.equal(mail.to, 'office@tamil.example.org');
    assert.equal(mail.replyTo, 'kavitha@example.org');
    assert.equal(mail.subject, 'Contact form: Pongal');
    assert.match(mail.text, /Received: Thursday 15 January 2026 at 10:15 am ACDT/);
    assert.match(mail.text, /> When does it start\?\n> Thanks/);
    assert.ok(mail.html?.includes('When does it start?<br>Thanks'));
  });

  it('acknowledge to the sender without repeating the message', () => {
    const mail = emailJobSchema.parse(contactAcknowledgementEmail(message, 'office@tamil.example.org', brand));
    assert.equal(mail.key, `contact-${message.uid}-ack`);
    assert.equal(mail.to, 'kavitha@example.org');
    assert.equal(mail.replyTo, 'office@tamil.example.org');
    assert.equal(mail.subject, 'We received your message - Adelaide Tamil Association');
    assert.ok(!mail.text.includes('When does it start'));
    assert.match(mail.text, /Adelaide Tamil Association\nhttps:\/\/tamil.example.org\n$/);
  });

  it('default inboxes are addresses the mailer accepts', () => {
    const config = loadContentConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' });
    for (const to of [config.CONTACT_INBOX, config.SUPPORT_INBOX]) emailJobSchema.shape.to.parse(to);
    assert.deepEqual([config.CONTACT_RATE_LIMIT, config.TICKET_RATE_LIMIT, config.RATE_LIMIT_WINDOW_MS], [5, 5, 900_000]);
  });

  it('label issue types as the form does', () => {
    assert.equal(issueTypeLabel('billing'), 'Billing Issue');
    assert.equal(issueTypeLabel('other'), 'other');
  });
});
