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

  it('acknowledge with a fixed text: nothing the visitor typed reaches the address they typed', () => {
    const lure = 'Your account is locked: sign in at https://evil.example.net/login now';
    const phishing = {
      ...message,
      name: `Dear customer, ${lure}`,
      subject: `Urgent - ${lure}`,
      message: `${lure}\nwww.evil.example.net/pay`,
      senderEmail: 'victim.evil.example.net@example.org',
    };
    const mail = emailJobSchema.parse(contactAcknowledgementEmail(phishing, 'office@tamil.example.org', brand));
    assert.equal(mail.to, 'victim.evil.example.net@example.org');
    assert.equal(mail.subject, 'We received your message - Adelaide Tamil Association');
    const rendered = [mail.subject, mail.text, mail.html ?? ''].join('\n');
    for (const typed of ['evil.example.net', 'locked', 'sign in', 'Dear customer', 'Urgent']) {
      assert.ok(!rendered.toLowerCase().includes(typed.toLowerCase()), `the acknowledgement carries "${typed}"`);
    }
    // Every line of the text is the fixed wording: the same whoever sent what.
    const plain = emailJobSchema.parse(contactAcknowledgementEmail({ ...message, uid: phishing.uid }, 'office@tamil.example.org', brand));
    assert.equal(mail.text, plain.text);
    assert.equal(mail.html, plain.html);
    assert.match(mail.text, /Thank you for contacting the Adelaide Tamil Association\. We received your message/);
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
